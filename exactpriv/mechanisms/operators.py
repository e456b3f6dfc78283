"""Exact operators on mechanisms: composition, post-processing, subsampling, group pairs, shuffling.

Each operator returns an exact :class:`~exactpriv.mechanisms.base.Mechanism` (or a
:class:`~exactpriv.mechanisms.base.ProductMechanism` for composition, kept factored), so every
measure of :mod:`exactpriv.measures` applies to the result and a claim such as "the k-fold
composition of an ε-DP mechanism is (ε', δ(ε'))-DP" becomes a check on an exact object.

Algorithm and why
-----------------
All operators are direct evaluations of their definitions with exact arithmetic (Fractions,
or sympy expressions when an entry or a rate is symbolic); none is approximated:

* composition keeps the factors (the joint output space has Π|Y_j| points, built only by
  ``expand()`` after a size check); measures that understand products (pure DP) never expand it;
* subsampling and shuffling sum over the sampled sets / input multisets, whose number is
  checked against the enumeration limit (:func:`exactpriv.spaces.check_enumerable`) *before*
  enumerating, so a too-large request is a :class:`~exactpriv.errors.SpaceTooLargeError`,
  never a hang;
* group privacy changes the neighbour relation, not the matrix: the rows are shared.

Main definitions
----------------
:func:`compose`, :func:`k_fold`, :func:`post_process`, :func:`poisson_subsample`,
:func:`subsample_without_replacement`, :func:`group`, :func:`shuffle`.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import sympy

from exactpriv.errors import InvalidArgument, SpaceMismatchError
from exactpriv.exact.numbers import as_exact, to_sympy
from exactpriv.mechanisms.base import AnyMechanism, Mechanism, ProductMechanism
from exactpriv.mechanisms.base.mechanism import exact_sum, short_label
from exactpriv.spaces import Bounded, GraphSpace, Hamming, Subsets, check_enumerable

__all__ = [
    "compose",
    "group",
    "k_fold",
    "poisson_subsample",
    "post_process",
    "shuffle",
    "subsample_without_replacement",
]


# ---------------------------------------------------------------------------------------
# validation helpers
def _mechanism(M, name="M", *, product_ok=True):
    if isinstance(M, Mechanism) or (product_ok and isinstance(M, ProductMechanism)):
        return M
    raise InvalidArgument(f"{name}={M!r} of type {type(M).__name__} must be an exactpriv Mechanism")


def _flat(M) -> Mechanism:
    return M.expand() if isinstance(M, ProductMechanism) else M


def _positive_int(k, name):
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise InvalidArgument(f"{name}={k!r} of type {type(k).__name__} must be an int >= 1")
    return k


def _rate(q, name, symbols):
    """An exact probability (Fraction, or a sympy expression in ``symbols``, e.g. a Symbol 'q')."""
    if isinstance(q, str):
        q = as_exact(q, name, symbols=())
    v = as_exact(q, name, symbols=symbols)
    if isinstance(v, Fraction):
        if not 0 <= v <= 1:
            raise InvalidArgument(f"{name}={q!r} must lie in [0, 1]")
    elif v.is_negative or (1 - v).is_negative:
        raise InvalidArgument(f"{name}={q!r} must lie in [0, 1]")
    return v


def _times(a, b):
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a * b
    return to_sympy(a) * to_sympy(b)


def _power(a, k: int):
    return a ** k if isinstance(a, Fraction) else to_sympy(a) ** k


def _one_minus(a):
    return 1 - a if isinstance(a, Fraction) else 1 - to_sympy(a)


def _mix(weighted_rows, width):
    """Σ_k w_k · row_k, entry by entry, exactly."""
    return [exact_sum([_times(w, r[j]) for w, r in weighted_rows if w != 0 and r[j] != 0]) for j in range(width)]


def _symbols_with(M, extra):
    syms = list(M.symbols)
    for v in extra:
        if not isinstance(v, Fraction):
            syms += [s for s in v.free_symbols if s not in syms]
    return tuple(syms)


# ---------------------------------------------------------------------------------------
# composition
def compose(mechanisms: Iterable[AnyMechanism]) -> ProductMechanism:
    """Heterogeneous (non-adaptive) composition: run every mechanism on the same input, independently.

    (M_1 ⊗ ... ⊗ M_k)(x) = (M_1(x), ..., M_k(x)), i.e. P(y_1..y_k | x) = Π_j P_j(y_j | x).
    Returned as a :class:`ProductMechanism` (factors kept; ProductMechanism arguments are
    flattened), whose joint output space is never built unless a measure needs it.

    Sources: Dwork, Roth, "The Algorithmic Foundations of Differential Privacy" (2014), §3.5
    (basic composition, Thm 3.16); Kairouz, Oh, Viswanath, "The Composition Theorem for
    Differential Privacy", ICML 2015 (the exact optimal (ε, δ) curve of k-fold composition).
    """
    try:
        ms = list(mechanisms)
    except TypeError:
        raise InvalidArgument(f"mechanisms={mechanisms!r} must be a sequence of Mechanisms") from None
    if not ms:
        raise InvalidArgument("compose() needs at least one mechanism")
    factors = []
    for i, M in enumerate(ms):
        M = _mechanism(M, f"mechanisms[{i}]")
        factors += list(M.factors) if isinstance(M, ProductMechanism) else [M]
    if any(f.inputs is not factors[0].inputs and f.inputs != factors[0].inputs for f in factors):
        raise SpaceMismatchError("compose() needs mechanisms on the same input space; got "
                                 + ", ".join(repr(f.inputs) for f in factors))
    return ProductMechanism(factors, name=f"compose([{', '.join(short_label(m) for m in ms)}])")


def k_fold(M: AnyMechanism, k: int) -> ProductMechanism:
    """The k-fold composition M^{⊗k}: k independent runs of M on the same input (see :func:`compose`).

    Source: Kairouz, Oh, Viswanath, ICML 2015, Theorem 3.3 gives the exact privacy region of the
    k-fold composition of randomized response, which is the worst case among ε-DP mechanisms.
    """
    M = _mechanism(M)
    k = _positive_int(k, "k")
    factors = list(M.factors) * k if isinstance(M, ProductMechanism) else [M] * k
    return ProductMechanism(factors, name=f"k_fold({short_label(M)}, {k})")


# ---------------------------------------------------------------------------------------
# post-processing
def post_process(M: AnyMechanism, channel: Any, *, outputs: Any = None) -> Mechanism:
    """The mechanism x ↦ K(M(x)) for a channel K from M's outputs:
    P(z | x) = Σ_y P(y | x) K(z | y).

    ``channel`` is a Mechanism whose input points are M's outputs (in order), a matrix with rows
    aligned with M's outputs (then give ``outputs=[...]`` for K's outputs), or a function
    y ↦ z (a deterministic post-processing, merging the outputs with equal images).
    A ProductMechanism is expanded first (after its size check).

    Source: Dwork, Roth (2014), Proposition 2.1 (post-processing cannot increase ε or δ); the
    data-processing inequality for every f-divergence and for Rényi divergence.
    """
    M = _flat(_mechanism(M))
    if callable(channel) and not isinstance(channel, Mechanism):
        images = []
        for y in M.outputs:
            z = channel(y)
            try:
                hash(z)
            except TypeError:
                raise InvalidArgument(f"channel({y!r}) = {z!r} is not a hashable output label") from None
            images.append(z)
        outs = list(dict.fromkeys(images))
        K = [[Fraction(int(z == zz)) for zz in outs] for z in images]
        N = M.post_process(K, outputs=outs)
        N._built = f"post_process({short_label(M)}, <function>)"
        return N
    N = M.post_process(channel, outputs=outputs)
    N._built = f"post_process({short_label(M)}, {short_label(channel) if isinstance(channel, Mechanism) else '<matrix>'})"
    return N


# ---------------------------------------------------------------------------------------
# subsampling
def _subset_rows(space: Subsets, T: frozenset):
    """Indices of the subsets S of T, with |S|, in a fixed order."""
    members = [u for u in space.universe if u in T]
    for bits in itertools.product((0, 1), repeat=len(members)):
        S = frozenset(u for u, b in zip(members, bits) if b)
        yield space.index(S), sum(bits)


def poisson_subsample(M: AnyMechanism, q: Any, *, blank: Any = None) -> Mechanism:
    """Poisson subsampling with rate q: each record is kept independently with probability q
    and M runs on the kept records.

    * Add/remove space (``M`` on ``Subsets(U)``): the result lives on the same space,
      P'(y | T) = Σ_{S ⊆ T} q^{|S|} (1 − q)^{|T| − |S|} P(y | S).
    * Replace-one space (``M`` on ``Hamming(D ∪ {blank}, n)``, dropped records written as the
      symbol ``blank``): the result lives on ``Hamming(D, n)``,
      P'(y | x) = Σ_{S ⊆ [n]} q^{|S|} (1 − q)^{n − |S|} P(y | x with the records outside S blanked).

    ``q`` is an exact rate in [0, 1] (a Fraction, or a sympy expression, e.g. a Symbol, which
    is then a symbol of the result).  Work: 3^|U| (subsets) or |D|^n · 2^n terms, checked
    against the enumeration limit first.

    Source: Balle, Barthe, Gaboardi, "Privacy Amplification by Subsampling: Tight Analyses via
    Couplings and Divergences", NeurIPS 2018 (Poisson subsampling w.r.t. add/remove: an
    (ε, δ)-DP M gives (log(1 + q(e^ε − 1)), qδ)-DP, tight).
    """
    M = _flat(_mechanism(M))
    qv = _rate(q, "q", symbols=tuple(sympy.sympify(q).free_symbols) if isinstance(q, sympy.Basic) else ())
    syms = _symbols_with(M, [qv])
    keep, drop = qv, _one_minus(qv)
    width = len(M.outputs)
    if isinstance(M.inputs, Subsets):
        space = M.inputs
        check_enumerable(3 ** len(space.universe), lambda: f"Poisson subsampling on {space!r} (3^|U| terms)")
        rows = []
        for T in space.points:
            weighted = [(_times(_power(keep, s), _power(drop, len(T) - s)), M.rows[i]) for i, s in _subset_rows(space, T)]
            rows.append(_mix(weighted, width))
        return Mechanism(space, M.outputs, rows, symbols=syms, name=f"poisson_subsample({short_label(M)}, q={qv})")
    if isinstance(M.inputs, Hamming):
        if blank is None:
            raise InvalidArgument("poisson_subsample on a Hamming space needs blank=... (the value M reads for a "
                                  "dropped record; M's alphabets must contain it)")
        alphs = M.inputs.alphabets
        if any(blank not in a for a in alphs):
            raise InvalidArgument(f"blank={blank!r} must be a value of every record alphabet of {M.inputs!r}")
        space = Hamming.product([[v for v in a if v != blank] for a in alphs])
        n = space.n
        check_enumerable(space.size * 2 ** n, lambda: f"Poisson subsampling on {space!r} (|D|^n * 2^n terms)")
        masks = list(itertools.product((0, 1), repeat=n))
        rows = []
        for x in space.points:
            weighted = []
            for mask in masks:
                s = sum(mask)
                z = tuple(v if b else blank for v, b in zip(x, mask))
                weighted.append((_times(_power(keep, s), _power(drop, n - s)), M.rows[M.inputs.index(z)]))
            rows.append(_mix(weighted, width))
        return Mechanism(space, M.outputs, rows, symbols=syms,
                         name=f"poisson_subsample({short_label(M)}, q={qv}, blank={blank!r})")
    raise InvalidArgument(f"poisson_subsample needs M on Subsets (add/remove) or Hamming (replace-one, with a "
                          f"blank value), got {M.inputs!r}")


def subsample_without_replacement(M: AnyMechanism, n: int | None = None, *, size: int) -> Mechanism:
    """Sampling without replacement: a uniformly random subset of ``size`` records, then M on it.

    * Replace-one space (``M`` on ``Hamming(D, size)``, give the dataset size ``n``): the result
      lives on ``Hamming(D, n)``, P'(y | x) = C(n, size)^{-1} Σ_{|I| = size} P(y | x_I), x_I the
      records at the indices I in increasing order.
    * Add/remove space (``M`` on ``Subsets(U)``): the result lives on ``Subsets(U)``,
      P'(y | T) = C(|T|, size)^{-1} Σ_{S ⊆ T, |S| = size} P(y | S); convention: a dataset with
      fewer than ``size`` records is used whole (P'(y | T) = P(y | T)).
    * Swap space (``M`` on ``Bounded(U, size)``, give the dataset size ``n``): the result lives
      on ``Bounded(U, n)`` with the same formula.

    Source: Balle, Barthe, Gaboardi, NeurIPS 2018 (sampling without replacement w.r.t.
    substitution: an (ε, δ)-DP M gives (log(1 + (size/n)(e^ε − 1)), (size/n)δ)-DP).
    """
    M = _flat(_mechanism(M))
    m = _positive_int(size, "size")
    width = len(M.outputs)
    if isinstance(M.inputs, Hamming):
        n = _positive_int(n, "n")
        if M.inputs.n != m:
            raise SpaceMismatchError(f"M reads {M.inputs.n} records but size={m}")
        if n < m:
            raise InvalidArgument(f"n={n} must be >= size={m}")
        alph = M.inputs.alphabets
        if len(set(alph)) != 1:
            raise InvalidArgument("subsample_without_replacement on Hamming needs one alphabet for every record")
        space = Hamming(alph[0], n)
        check_enumerable(space.size * math.comb(n, m), lambda: f"sampling {m} of {n} records on {space!r}")
        w = Fraction(1, math.comb(n, m))
        idx = list(itertools.combinations(range(n), m))
        rows = [_mix([(w, M.rows[M.inputs.index(tuple(x[i] for i in I))]) for I in idx], width) for x in space.points]
        return Mechanism(space, M.outputs, rows, symbols=M.symbols,
                         name=f"subsample_without_replacement({short_label(M)}, {n}, size={m})")
    if isinstance(M.inputs, (Subsets, Bounded)):
        if isinstance(M.inputs, Bounded):
            n = _positive_int(n, "n")
            if M.inputs.k != m:
                raise SpaceMismatchError(f"M reads datasets of size {M.inputs.k} but size={m}")
            if n < m:
                raise InvalidArgument(f"n={n} must be >= size={m}")
            space = Bounded(M.inputs.universe, n)
        else:
            if n is not None:
                raise InvalidArgument(f"n={n!r}: on Subsets (add/remove) the dataset size varies; give only size=")
            space = M.inputs
        check_enumerable(space.size * math.comb(len(space.universe), min(m, len(space.universe))),
                         lambda: f"sampling {m} records on {space!r}")
        rows = []
        for T in space.points:
            if len(T) <= m:
                rows.append(list(M.rows[M.inputs.index(T)]) if T in M.inputs else None)
                if rows[-1] is None:
                    raise SpaceMismatchError(f"{T!r} is not an input of M")
                continue
            members = [u for u in space.universe if u in T]
            w = Fraction(1, math.comb(len(members), m))
            rows.append(_mix([(w, M.rows[M.inputs.index(frozenset(S))]) for S in itertools.combinations(members, m)],
                             width))
        return Mechanism(space, M.outputs, rows, symbols=M.symbols,
                         name=f"subsample_without_replacement({short_label(M)}, {n}, size={m})")
    raise InvalidArgument(f"subsample_without_replacement needs M on Hamming, Subsets or Bounded, got {M.inputs!r}")


# ---------------------------------------------------------------------------------------
# group privacy
def group(M: AnyMechanism, k: int, *, exact: bool = False) -> Mechanism:
    """M on the space whose neighbours are the pairs at graph distance ≤ k (``exact=False``) or
    exactly k (``exact=True``) in M's neighbour graph; the matrix is unchanged.

    So ``pure_dp(group(M, k))`` is the tightest ε_k of (ε_k, 0)-closeness of all pairs within
    distance k (:func:`exactpriv.measures.divergence.group_privacy`), and every other notion
    (KL, Rényi, δ(ε) ...) gets its group version for free.

    Source: Dwork, Roth (2014), Theorem 2.2 (an ε-DP mechanism is kε-DP for groups of size k);
    for (ε, δ): (kε, k e^{(k−1)ε} δ).
    """
    M = _mechanism(M)
    k = _positive_int(k, "k")
    if not isinstance(exact, bool):
        raise InvalidArgument(f"exact={exact!r} must be a bool")
    flat = _flat(M) if isinstance(M, ProductMechanism) else M
    pts = flat.inputs.points
    D = flat.inputs.distance_matrix()
    edges = [(pts[i], pts[j]) for i in range(len(pts)) for j in range(i + 1, len(pts))
             if (D[i][j] == k if exact else 1 <= D[i][j] <= k)]
    space = GraphSpace.from_edges(list(pts), edges)
    rel = f"= {k}" if exact else f"<= {k}"
    return Mechanism(space, flat.outputs, flat.rows, symbols=flat.symbols, _validated=flat.rows,
                     name=f"group({short_label(M)}, {k}{', exact=True' if exact else ''})  # neighbours: distance {rel}")


# ---------------------------------------------------------------------------------------
# shuffling
def shuffle(R: AnyMechanism, n: int) -> Mechanism:
    """The shuffle model: n users each apply the local randomizer R to their own record and the
    shuffler releases the multiset of the n reports.

    ``R`` is a Mechanism on one record (``Hamming(D, 1)``, e.g. randomized response); the result
    lives on ``Hamming(D, n)`` (replace-one neighbours) and its outputs are count vectors
    (c_y for y in R's outputs, Σ c_y = n): P(c | x) = Σ over assignments of reports to users with
    counts c of Π_i R(y_i | x_i), computed exactly by convolving the users' report distributions.
    Rows depend on x only through the multiset of records, so each multiset is convolved once.
    Size: |D|^n · C(n + |Y| − 1, |Y| − 1) entries, checked before enumerating.

    Sources: Erlingsson, Feldman, Mironov, Raghunathan, Talwar, Thakurta, "Amplification by
    Shuffling", SODA 2019; Balle, Bell, Gascón, Nissim, "The Privacy Blanket of the Shuffle
    Model", CRYPTO 2019; Cheu, Smith, Ullman, Sadeghi, Zhilyaev, EUROCRYPT 2019.
    """
    R = _flat(_mechanism(R, "R"))
    n = _positive_int(n, "n")
    if not isinstance(R.inputs, Hamming) or R.inputs.n != 1:
        raise InvalidArgument(f"R must be a local randomizer on one record (Hamming(D, n=1)), got {R.inputs!r}")
    D = R.inputs.alphabets[0]
    Y = len(R.outputs)
    n_out = math.comb(n + Y - 1, Y - 1)
    space = Hamming(D, n)
    check_enumerable(space.size * n_out, lambda: f"the shuffle of {n} reports on {space!r} ({n_out} count vectors)")
    outs = [c for c in _compositions(n, Y)]
    pos = {c: j for j, c in enumerate(outs)}
    cache = {}
    rows = []
    for x in space.points:
        key = tuple(sorted(Counter(x).items(), key=lambda kv: D.index(kv[0])))
        if key not in cache:
            dist = {(0,) * Y: Fraction(1)}
            for v in x:
                r = R.rows[R.inputs.index((v,))]
                nxt = {}
                for c, p in dist.items():
                    for y in range(Y):
                        if r[y] == 0:
                            continue
                        c2 = c[:y] + (c[y] + 1,) + c[y + 1:]
                        nxt.setdefault(c2, []).append(_times(p, r[y]))
                dist = {c: exact_sum(ps) for c, ps in nxt.items()}
            row = [Fraction(0)] * n_out
            for c, p in dist.items():
                row[pos[c]] = p
            cache[key] = row
        rows.append(cache[key])
    return Mechanism(space, outs, rows, symbols=R.symbols, name=f"shuffle({short_label(R)}, {n})  # outputs: counts of "
                                                                 f"{list(R.outputs)!r}")


def _compositions(n: int, parts: int):
    """All tuples of ``parts`` non-negative ints summing to n, in lexicographic order."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first,) + rest
