"""Divergence-based DP measures: pure ε-DP, KL-DP, TV-DP, Rényi-DP, group, free-lunch and
personalized DP, plus the pair-level divergences they are built from.

Algorithm and why
-----------------
Every measure here is  max over ordered pairs (x, x') of a divergence between the rows
P(.|x) and P(.|x') of a mechanism.  For rational mechanisms the maximum is taken by the
exact scan engine :class:`exactpriv.measures.engines.scan.engine.ScanEngine`: integer value codes when the
matrix has few distinct entries, else a float filter with a *proved* error margin whose
candidates are decided exactly (integer cross-multiplication, or exact :class:`LogForm` s
compared by :func:`exactpriv.exact.kernel.compare` for KL and Rényi).  Floats never decide;
the margin argument and the timings are in the head comment of that module.

Symbolic mechanisms (entries rational functions of t = e^{c·eps}): pure DP is the log of
the dominant ratio function, found by exact real-root isolation of polynomials on t > 1
(see :func:`symbolic_max_log_ratio`).  ``ProductMechanism`` (independent output
coordinates): pure DP is max over pairs of Σ_j max_y log-ratio_j (never the sum of maxima).

Modules: the pair-level divergences (max_divergence, hockey_stick, kl, tv, renyi, is_close)
live in :mod:`exactpriv.measures.pair_divergences` and the symbolic and product paths of
pure DP in :mod:`exactpriv.measures.engines.symbolic_pure_dp`; the public names are importable from
here as before.

Conventions (all measures): 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, ShapeError, refuse_symbolic
from exactpriv.measures.pair_divergences import decide_log_ratio_at_most, gamma_of, log_of_ratio
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_to_fractions
from exactpriv.exact.kernel import compare, exact_argmax_fractions
from exactpriv.exact.numbers import OO, to_sympy
from exactpriv.measures.arguments import check_alpha, check_group_size, check_mechanism, check_pmf_pair, exact_level
from exactpriv.measures.engines.clamped import clamped_engine, shifted_pairs
from exactpriv.mechanisms.clamped import ClampedNoiseMechanism
from exactpriv.measures.closed_forms import tagged_group_privacy, tagged_pure_dp
from exactpriv.measures.family_dispatch import closed_form_for
from exactpriv.measures.engines.scan.engine import ScanEngine
from exactpriv.measures.engines.symbolic_pure_dp import product_worst_ratio, symbolic_max_log_ratio
from exactpriv.measures.pair_divergences import hockey_stick, is_close, kl, max_divergence, renyi, tv
from exactpriv.measures.result import Measured, at_most
from exactpriv.mechanisms.base import Mechanism, ProductMechanism, prove_zero
from exactpriv.spaces import Hamming, Subsets, pairs_array

__all__ = [
    # pair-level divergences (Cuff–Yu Def. 4)
    "max_divergence",
    "hockey_stick",
    "kl",
    "tv",
    "renyi",
    "is_close",
    # mechanism-level measures
    "pure_dp",
    "is_pure_dp",
    "tv_dp",
    "is_tv_dp",
    "kl_dp",
    "is_kl_dp",
    "renyi_dp",
    "is_renyi_dp",
    "group_privacy",
    "is_group_private",
    "free_lunch",
    "is_free_lunch",
    "personalized_dp",
    "personalized_dp_vector",
    "is_personalized_dp",
]


# ======================================================================================
# pair sets
# ======================================================================================
def space_edges(space):
    return pairs_array(space.edges)


def pairs_within(space, k: int):
    """Unordered pairs (i < j) at graph distance 1..k."""
    D = np.asarray(space.distance_matrix())
    i, j = np.nonzero((D >= 1) & (D <= k))
    sel = i < j
    return np.stack([i[sel], j[sel]], axis=1).astype(np.int64)


def all_pairs(n: int):
    i, j = np.triu_indices(n, k=1)
    return np.stack([i, j], axis=1).astype(np.int64)


def _record_of_edges(space, edges):
    """Record index changed along each edge (product spaces: Hamming, Subsets)."""
    if not isinstance(space, (Hamming, Subsets)):
        raise InvalidArgument(
            f"per-record measures need a product space (Hamming or Subsets); {space!r} has no records "
            f"whose change makes a neighbour")
    rc = space.record_codes()
    diff = rc[edges[:, 0]] != rc[edges[:, 1]]
    return np.argmax(diff, axis=1)


# ======================================================================================
# pure DP and its relatives
# ======================================================================================
def _max_log_ratio(M, pairs, *, name, note=""):
    """Measured max over ordered pairs in ``pairs`` of max_y ln P(y|x)/P(y|x')."""
    pts = M.inputs.points
    if isinstance(M, ProductMechanism):
        if not all(f.is_rational for f in M.factors):
            raise InvalidArgument(f"{name} of a ProductMechanism needs rational factors; substitute eps first")
        k = len(M.factors)
        if k > 1 and all(f is M.factors[0] for f in M.factors):
            # the k-fold composition of one mechanism F (k_fold, conjecture's compose): every factor is F on the same
            # input (the product's inputs and neighbour relation are F's), so the sum over factors of
            # max_y ln P(y|x)/P(y|x') is k times F's for every pair, and its max over pairs is k times F's max,
            # attained by F's worst pair with F's worst output in every coordinate (an infinite ratio stays
            # infinite): pure ε(F^k) = k·pure ε(F), without the k-factor score tables
            val, pr, ys = product_worst_ratio(ProductMechanism([M.factors[0]]), pairs)
            if val is not None:
                val, ys = (OO if val is OO else val ** k), ys * k
            method = (f"exact: k-fold composition of one mechanism, k = {k}: k times its per-factor worst ratio "
                      f"(its ratio table, float filter with a proved margin, exact decision)")
        else:
            val, pr, ys = product_worst_ratio(M, pairs)
            method = ("exact: per-factor ratio tables, float filter with a proved margin, "
                      "candidates decided by exact count signatures")
        if val is None:
            return Measured(name, Fraction(0), witness={}, method="vacuous", note="no pairs: " + note)
        value = OO if val is OO else log_of_ratio(val)
        return Measured(name, value, witness={"pair": [pts[pr[0]], pts[pr[1]]], "output": ys, "ratio": val},
                        method=method, note=note + "max over pairs of the SUM over factors of max_y log-ratios")
    structured = clamped_engine(M, pairs)  # counts with clamped noise: O(n) by the shift structure
    if structured is not None and not M.is_rational:
        value, wit, how = structured.symbolic_max_log_ratio()
        return Measured(name, value, witness=wit, method=structured.symbolic_method, note=note + how)
    if not M.is_rational:
        value, wit, how = symbolic_max_log_ratio(M, pairs)
        return Measured(name, value, witness=wit, method="symbolic: real-root isolation on t = e^eps > 1",
                        note=note + f"closed form valid for eps > 0 ({how})")
    eng = structured or ScanEngine(M)
    val, w = eng.max_ratio(pairs)
    if val is None:
        return Measured(name, Fraction(0), witness={}, method="vacuous", note=note + "no pairs")
    method = structured.method if structured is not None else (
        "exact: integer value codes" if eng.codes is not None
        else "exact: float filter (proved margin) + integer cross-multiplication")
    value = OO if val is OO else log_of_ratio(val)
    return Measured(name, value, witness={"pair": [pts[w[0]], pts[w[1]]], "output": M.outputs[w[2]], "ratio": val},
                    method=method, note=note)


def pure_dp(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest ε of ε-DP: max over ordered neighbour pairs (x, x') and outputs y of
    ln P(y|x)/P(y|x')  (+oo if some P(y|x) > 0 = P(y|x'); 0/0 ignored).

    Cuff–Yu Def. 5 with Def. 4 (7); Wang–Ying–Zhang Def. 3 (2); Wu–Xia–He Def. 2 (7); Zhao
    def_dp.  On a finite output set the pointwise definition equals the event form
    Pr[Y∈S|x] ≤ e^ε Pr[Y∈S|x'] for all S.  Value: ``LogForm.log(max ratio)`` (exact),
    ``sympy.oo``, or for symbolic mechanisms a closed form in ``eps`` (valid for eps > 0).
    Witness: {"pair": [x, x'], "output": y}.

    A mechanism the zoo tagged with its family and exact parameters (``M.closed_form``: truncated geometric,
    randomized response, E_d, RAPPOR) is answered from the family's formula
    (:mod:`exactpriv.measures.closed_forms`), its witness's ratio re-read from the entries; the method says so.
    """
    M = check_mechanism(M, "pure_dp", expand=False)
    closed = tagged_pure_dp(M)  # structure before matrices: a zoo family with exact parameters
    if closed is not None:
        r = closed["ratio"]
        return Measured("pure_dp", log_of_ratio(r),
                        witness={"pair": closed["pair"], "output": closed["output"], "ratio": r},
                        method=closed["method"], note="no matrix scanned")
    return _max_log_ratio(M, space_edges(M.inputs), name="pure_dp")


def _decide_level(m: Measured, level, name):
    lv = exact_level(level, name, allow_symbols=True)
    if isinstance(lv, sympy.Basic) and lv.free_symbols or (
            isinstance(m.value, sympy.Basic) and m.value.free_symbols):
        v = to_sympy(m.value)
        if prove_zero(v - to_sympy(lv)):
            return Decision.true("sympy-simplify", f"{m.name} = {v} equals the level {lv} identically")
        return Decision.undecided("symbolic", f"{m.name} = {v} vs level {lv}: symbolic comparison needs the "
                                              f"certifier (exactpriv claims); substitute a value of eps")
    if "ratio" in m.witness and m.value is not None:
        return decide_log_ratio_at_most(m.witness["ratio"], 1, lv, f"{m.name}")
    return at_most(m, lv)


def is_pure_dp(M, eps) -> Decision:
    """Decide ε-DP: pure_dp(M) ≤ eps (exact; floats refused)."""
    exact_level(eps, "eps", allow_symbols=True)
    return _decide_level(pure_dp(M), eps, "eps")


def group_privacy(M, k) -> Measured:
    """Tightest ε_k with P_{Y|x} ≈(ε_k, 0) P_{Y|x'} for all x, x' at graph distance ≤ k:
    max over such ordered pairs and y of ln P(y|x)/P(y|x').

    Cuff–Yu Property 7 (45) says ε_k ≤ k·pure_dp(M).  Distances from
    ``M.inputs.distance_matrix()``; for k at least the diameter of a connected space this
    is :func:`free_lunch`.  Witness includes "distance".
    """
    M = check_mechanism(M, "group_privacy", expand=False)
    k = check_group_size(k)
    closed = tagged_group_privacy(M, k)  # structure before matrices: a zoo family with exact parameters
    if closed is not None:
        r = closed["ratio"]
        return Measured("group_privacy", log_of_ratio(r),
                        witness={"pair": closed["pair"], "output": closed["output"], "ratio": r,
                                 "distance": closed["distance"], "k": k},
                        method=closed["method"], note=f"pairs at distance <= {k}; no matrix scanned")
    space = M.inputs
    if isinstance(M, ClampedNoiseMechanism) and k < M.n:  # pairs (c, c+j), j <= k: the shift structure
        m = _max_log_ratio(M, shifted_pairs(M.n, k), name="group_privacy", note=f"pairs at distance <= {k}; ")
        w = dict(m.witness)
        if "pair" in w:
            w["distance"] = abs(w["pair"][0] - w["pair"][1])
        return Measured("group_privacy", m.value, witness={**w, "k": k}, method=m.method, note=m.note)
    D = np.asarray(space.distance_matrix())
    if (D >= 0).all() and k >= int(D.max()) and space.size > 1:
        m = free_lunch(M)
        note = f"k={k} >= diameter {int(D.max())}: all pairs (free lunch)"
        return Measured("group_privacy", m.value, witness={**m.witness, "k": k}, method=m.method, note=note)
    m = _max_log_ratio(M, pairs_within(space, k), name="group_privacy", note=f"pairs at distance <= {k}; ")
    w = dict(m.witness)
    if "pair" in w:
        w["distance"] = int(D[space.index(w["pair"][0]), space.index(w["pair"][1])])
    w["k"] = k
    return Measured("group_privacy", m.value, witness=w, method=m.method, note=m.note)


def is_group_private(M, k, eps) -> Decision:
    """Decide (ε, 0)-closeness of all pairs at distance ≤ k: group_privacy(M, k) ≤ eps."""
    exact_level(eps, "eps", allow_symbols=True)
    return _decide_level(group_privacy(M, k), eps, "eps")


def free_lunch(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest ε of ε-free-lunch privacy (Cuff–Yu §6.2, (57)): max over ALL ordered pairs
    of inputs x ≠ x' and outputs y of ln P(y|x)/P(y|x').

    For rational mechanisms this is max_y (max_x P(y|x)) / (min_x P(y|x)) (exact column
    extremes; a column with a zero and a non-zero entry gives +oo).  One input: 0 (no pairs).
    """
    M = check_mechanism(M, "free_lunch", expand=False)
    space = M.inputs
    if space.size < 2:
        return Measured("free_lunch", Fraction(0), witness={}, method="vacuous", note="one input: no pairs")
    if isinstance(M, ProductMechanism) or not M.is_rational:
        return _max_log_ratio(M, all_pairs(space.size), name="free_lunch", note="all pairs; ")
    eng = ScanEngine(M)
    hi, lo = eng.column_extremes()
    ys = np.arange(eng.Y)
    nh, nl = eng.num[hi, ys], eng.num[lo, ys]
    pts = M.inputs.points
    gap = np.flatnonzero((nl == 0) & (nh > 0))
    if gap.size:
        y = int(gap[0])
        return Measured("free_lunch", OO, witness={"pair": [pts[int(hi[y])], pts[int(lo[y])]], "output": M.outputs[y],
                                                    "ratio": OO},
                        method="exact: column extremes", note="a column has a zero and a non-zero entry")
    ys = ys[nh > 0]  # all-zero columns are 0/0 for every pair: ignored
    hi, lo = hi[ys], lo[ys]
    n, d = eng._exact_ratio_arrays(hi, lo, ys)
    kk, val = exact_argmax_fractions(n, d)
    x, x2, k = int(hi[kk]), int(lo[kk]), int(ys[kk])
    if x == x2:  # constant column: ratio 1, attained by any two distinct inputs
        x2 = 1 if x == 0 else 0
    return Measured("free_lunch", log_of_ratio(val),
                    witness={"pair": [pts[x], pts[x2]], "output": M.outputs[k], "ratio": val},
                    method="exact: column extremes (" + ("integer value codes" if eng.codes is not None else
                                                         "float filter + exact comparison") + ")")


def is_free_lunch(M, eps) -> Decision:
    """Decide ε-free-lunch privacy (Cuff–Yu (57)): free_lunch(M) ≤ eps."""
    exact_level(eps, "eps", allow_symbols=True)
    return _decide_level(free_lunch(M), eps, "eps")


def personalized_dp_vector(M) -> list:
    """Per-record tightest ε_i (Cuff–Yu §6.1, (55)): for each record i, max over ordered
    neighbour pairs differing in record i of max_y ln P(y|x)/P(y|x').  Product spaces only."""
    return personalized_dp(M).witness["per_record"]


def personalized_dp(M) -> Measured:
    """Personalized DP (Cuff–Yu §6.1, (55)): value = max_i ε_i, witness "record" = the
    maximising record, "per_record" = [ε_1, ..., ε_n] (exact values)."""
    M = check_mechanism(M, "personalized_dp", expand=False)
    space = M.inputs
    edges = space_edges(space)
    rec = _record_of_edges(space, edges)
    per, wits = [], []
    for i in range(space.n_records):
        m = _max_log_ratio(M, edges[rec == i], name="personalized_dp")
        per.append(m.value)
        wits.append(m)
    if _is_symbolic(*per):
        value = per[0] if all(prove_zero(to_sympy(v) - to_sympy(per[0])) for v in per) else sympy.Max(*per)
        best = 0
    else:
        best = 0
        for i, v in enumerate(per[1:], start=1):
            if compare(v, ">", per[best]).is_true:  # exact (LogForm/oo): never undecided
                best = i
        value = per[best]
    w = {**wits[best].witness, "record": best, "per_record": per,
         "per_record_ratio": [m.witness.get("ratio") for m in wits]}
    return Measured("personalized_dp", value, witness=w, method=wits[best].method,
                    note="max over records of the per-record epsilon_i")


def _is_symbolic(*vals):
    return any(isinstance(v, sympy.Basic) and v.free_symbols for v in vals)


def is_personalized_dp(M, eps_vector) -> Decision:
    """Decide personalized DP (Cuff–Yu (55)): ε_i(M) ≤ eps_vector[i] for every record i."""
    try:
        levels = list(eps_vector)
    except TypeError:
        raise InvalidArgument(f"eps_vector={eps_vector!r} must be a sequence of exact levels, one per record") from None
    for i, lv in enumerate(levels):
        exact_level(lv, f"eps_vector[{i}]", allow_symbols=True)
    m = personalized_dp(M)
    per = m.witness["per_record"]
    if len(levels) != len(per):
        raise ShapeError(f"eps_vector has {len(levels)} entries but the space has {len(per)} records")
    ratios = m.witness["per_record_ratio"]
    ds = [_decide_level(Measured("personalized_dp", v, witness={} if r is None else {"ratio": r}), lv,
                        f"eps_vector[{i}]")
          for i, (v, r, lv) in enumerate(zip(per, ratios, levels))]
    return Decision.all_of(ds, "personalized DP")


# ======================================================================================
# TV-DP, KL-DP, Rényi-DP
# ======================================================================================
def _pts_witness(M, pr):
    pts = M.inputs.points
    return {"pair": [pts[pr[0]], pts[pr[1]]]}


@closed_form_for("tv_dp")
def tv_dp(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest δ of (δ)-DP = (0, δ)-DP (Cuff–Yu Def. 6, (8)): max over neighbour pairs of
    the total variation ‖P_x − P_x'‖_TV (a Fraction).  Witness: pair and the event
    {y : P(y|x) > P(y|x')} attaining it."""
    M = check_mechanism(M, "tv_dp")
    refuse_symbolic(M, "tv_dp")
    eng = ScanEngine(M)
    val, pr, S, _, _ = eng.hockey(space_edges(M.inputs), Fraction(1))
    if pr is None:
        return Measured("tv_dp", Fraction(0), method="vacuous", note="no neighbour pairs")
    return Measured("tv_dp", val, witness={**_pts_witness(M, pr), "event": [M.outputs[y] for y in S]},
                    method="exact: E_1 scan (integer)")


def is_tv_dp(M, delta) -> Decision:
    """Decide (δ)-DP (Cuff–Yu Def. 6): tv_dp(M) ≤ delta."""
    exact_level(delta, "delta")
    return at_most(tv_dp(M), exact_level(delta, "delta"))


@closed_form_for("kl_dp")
def kl_dp(M: Mechanism | ProductMechanism) -> Measured:
    """Tightest ε of ε-KL-DP (Cuff–Yu Def. 7, (14)): max over ordered neighbour pairs of
    D(P_x ‖ P_x') in nats; an exact :class:`LogForm`, or +oo when some neighbour pair has
    P(y|x) > 0 = P(y|x')."""
    M = check_mechanism(M, "kl_dp")
    refuse_symbolic(M, "kl_dp")
    eng = ScanEngine(M)
    val, pr = eng.kl(space_edges(M.inputs))
    if val is None:
        return Measured("kl_dp", Fraction(0), method="vacuous", note="no neighbour pairs")
    return Measured("kl_dp", val, witness=_pts_witness(M, pr),
                    method="exact LogForm; candidates by certified float filter; order by arb")


def is_kl_dp(M, eps) -> Decision:
    """Decide ε-KL-DP: kl_dp(M) ≤ eps."""
    exact_level(eps, "eps")
    return at_most(kl_dp(M), exact_level(eps, "eps"))


#: Non-integer α: exact sympy values only for pairs with at most this many support points.
_RENYI_SYMPY_TERMS = 64


@closed_form_for("renyi_dp")
def renyi_dp(M: Mechanism | ProductMechanism, alpha: Any) -> Measured:
    """Tightest ε of (α, ε)-Rényi DP: max over ordered neighbour pairs of
    D_α(P_x‖P_x') = 1/(α−1) ln Σ_y P(y|x)^α P(y|x')^{1−α}, for rational α > 0, α ≠ 1
    (α = 1 gives :func:`kl_dp`, α = ``sympy.oo`` gives :func:`pure_dp`).

    Integer α ≥ 2: the sum is rational, the value an exact LogForm ln(R)/(α−1).
    Non-integer α: each pair's sum is algebraic; every distinct pair gets a certified arb
    ball (128 bits).  If one pair is certified maximal and has ≤ 64 support points, the
    value is its exact sympy expression; otherwise ``value`` is None and ``lower``/``upper``
    are certified rational bounds (method "arb").
    """
    a = check_alpha(alpha)
    M = check_mechanism(M, "renyi_dp")
    if a is OO:
        m = pure_dp(M)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = oo: max-divergence")
    if a == 1:
        m = kl_dp(M)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = 1: KL divergence")
    refuse_symbolic(M, "renyi_dp")
    eng = ScanEngine(M)
    edges = space_edges(M.inputs)
    if len(edges) == 0:
        return Measured("renyi_dp", Fraction(0), method="vacuous", note="no neighbour pairs")
    if a.denominator == 1:
        k = int(a)
        R, pr = eng.renyi_int(edges, k)
        value = OO if R is OO else log_of_ratio(R, k - 1)
        return Measured("renyi_dp", value, witness={**_pts_witness(M, pr), "alpha": str(a), "sum": R},
                        method="exact: rational power sums", note=f"alpha={a}")
    # non-integer alpha
    if a > 1:
        gap = eng.support_gap(edges)
        if gap is not None:
            return Measured("renyi_dp", OO, witness={**_pts_witness(M, gap[:2]), "output": M.outputs[gap[2]]},
                            method="exact support check", note=f"alpha={a} > 1 and P(y|x) > 0 = P(y|x')")
    return _renyi_general(M, eng, edges, a)


def _renyi_general(M, eng, edges, a: Fraction):
    """Non-integer α: certified arb balls of every distinct pair's D_α, then the exact sympy
    expression of the maximiser when it is certified and small (see :func:`renyi_dp`)."""
    prec = 128
    items = eng.distinct_pairs(edges)
    A = flint.fmpq(a.numerator, a.denominator)
    balls = []
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        for ms, _ in items:
            s = flint.arb(0)
            for (p, q), n in ms.items():
                if p and q:
                    s += n * flint.arb(flint.fmpq(p.numerator, p.denominator)) ** A * \
                        flint.arb(flint.fmpq(q.numerator, q.denominator)) ** (1 - A)
            if not any(p and q for p, q in ms):  # exactly zero: disjoint supports (alpha < 1)
                balls.append(None)
                continue
            balls.append(s.log() / flint.arb(flint.fmpq(a.numerator - a.denominator, a.denominator)))
    finally:
        flint.ctx.prec = old
    if any(b is None for b in balls):
        k = balls.index(None)
        return Measured("renyi_dp", OO, witness={**_pts_witness(M, items[k][1]), "alpha": str(a)},
                        method="exact support check", note=f"alpha={a} < 1 and disjoint supports")
    ends = [arb_to_fractions(b) for b in balls]
    top_lo = max(lo for lo, _ in ends)
    cand = [k for k, (lo, hi) in enumerate(ends) if hi >= top_lo]
    w = {"alpha": str(a)}
    if all(len(items[k][0]) <= _RENYI_SYMPY_TERMS for k in cand):
        Asym = sympy.Rational(a.numerator, a.denominator)
        exprs = {}
        for k in cand:
            s = sympy.Add(*[n * sympy.Rational(p.numerator, p.denominator) ** Asym *
                            sympy.Rational(q.numerator, q.denominator) ** (1 - Asym)
                            for (p, q), n in items[k][0].items() if p and q])
            exprs[k] = sympy.log(s) / (Asym - 1)
        best, ok = cand[0], True
        for k in cand[1:]:
            if exprs[k] == exprs[best]:
                continue
            d = compare(exprs[k], ">", exprs[best])
            if d.is_undecided:
                ok = False
                break
            if d.is_true:
                best = k
        if ok:
            return Measured("renyi_dp", exprs[best], witness={**_pts_witness(M, items[best][1]), **w},
                            method="exact sympy expression; maximum certified by arb", note=f"alpha={a}")
    lo = max(e[0] for e in ends)
    hi = max(e[1] for e in ends)
    k = max(range(len(ends)), key=lambda i: ends[i][1])
    return Measured("renyi_dp", None, lo, hi, witness={**_pts_witness(M, items[k][1]), **w},
                    method="arb", note=f"alpha={a}: certified enclosure at {prec} bits")


def is_renyi_dp(M, alpha, level) -> Decision:
    """Decide (α, ε)-Rényi DP: renyi_dp(M, alpha) ≤ level."""
    a = check_alpha(alpha)
    lv = exact_level(level, "level")
    m = renyi_dp(M, alpha)
    if "sum" in m.witness:
        return decide_log_ratio_at_most(m.witness["sum"], int(a) - 1, lv, "renyi_dp")
    if "ratio" in m.witness:
        return decide_log_ratio_at_most(m.witness["ratio"], 1, lv, "renyi_dp")
    return at_most(m, lv)
