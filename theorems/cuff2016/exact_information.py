"""Exact information quantities and enclosure arithmetic for Cuff–Yu §§4–7.

Exact information quantities and enclosure arithmetic for Cuff and Yu, "Differential Privacy as a Mutual
Information Constraint" (ACM CCS 2016), §§4–7.

* Entropies of rational joint pmfs are exact LogForms, so I(A;B|C) = H(AC) + H(BC) − H(ABC) − H(C) is an
  exact LogForm and every comparison goes through :func:`exactpriv.exact.kernel.compare` (prime
  factorisation for ==, certified arb for <).
* Suprema over priors (MI-DP, capacities, Sibson capacities) come from the measures: exact closed forms
  where the channel structure gives one, else certified enclosures.  :func:`le` is TRUE when the upper end
  is below, FALSE when the lower end is above, UNDECIDED otherwise; sums and maxima of enclosures are
  enclosures.
* Sub-channels x_I -> P(.|x_I, x_{I^c}) give sup_P I(X_I;Y|X_{I^c}) as a maximum of capacities (the
  reduction of MI-DP, Definition 2).
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_eval, arb_to_fractions
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO, to_sympy
from exactpriv.measures import information as info
from exactpriv.measures import sibson as sb
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

LOG2 = LogForm.log(2)


# ======================================================================================
# exact entropies and conditional mutual informations of rational joint pmfs
# ======================================================================================
def prior_joint(prior: Prior) -> dict:
    """{record-code tuple: p} of a prior on a product space (zero cells dropped)."""
    codes = prior.space.record_codes().tolist()
    return {tuple(c): p for c, p in zip(codes, prior.pmf) if p}


def mech_joint(M: Mechanism, prior: Prior) -> dict:
    """{(x codes..., y): P(x) W(y|x)}: coordinates 0..n-1 are the records, n is the output."""
    codes = M.inputs.record_codes().tolist()
    out = {}
    for c, p, row in zip(codes, prior.pmf, M.rows):
        if p:
            for y, w in enumerate(row):
                if w:
                    out[tuple(c) + (y,)] = p * w
    return out


def marginal_entropy(joint: dict, coords) -> LogForm:
    """H of the marginal of ``joint`` on ``coords`` in nats, exactly (0 log 0 = 0)."""
    coords = tuple(coords)
    marg: dict = {}
    for key, p in joint.items():
        k = tuple(key[c] for c in coords)
        marg[k] = marg.get(k, 0) + p
    return LogForm(0, logs=[(1 / p, p) for p in marg.values() if p])


def cmi(joint: dict, A, B, C=()) -> LogForm:
    """I(A;B|C) = H(A,C) + H(B,C) - H(A,B,C) - H(C), exactly (the standard identity)."""
    A, B, C = tuple(A), tuple(B), tuple(C)
    return marginal_entropy(joint, A + C) + marginal_entropy(joint, B + C) - marginal_entropy(joint, A + B + C) - marginal_entropy(joint, C)


# ======================================================================================
# decisions on exact values and certified enclosures
# ======================================================================================
def certified_bounds(v) -> tuple[Fraction, Fraction]:
    """Certified rational bounds of a Measured, Fraction, LogForm or closed sympy value."""
    if isinstance(v, Measured):
        return certified_bounds(v.value) if v.value is not None else (Fraction(v.lower), Fraction(v.upper))
    if isinstance(v, (int, Fraction)):
        return Fraction(v), Fraction(v)
    if isinstance(v, LogForm):
        return (v.q0, v.q0) if v.is_rational else arb_to_fractions(v.arb(192))
    return arb_to_fractions(arb_eval(to_sympy(v), 256))


def exact_value(v):
    """The exact value of a Measured (None when only enclosed) or v itself."""
    return v.value if isinstance(v, Measured) else v


def le(a, b, what: str = "") -> Decision:
    """Decide a <= b for exact values (incl. oo) or Measured enclosures."""
    av, bv = exact_value(a), exact_value(b)
    if av is not None and bv is not None:
        d = compare(av, "<=", bv)
        return d if not what else Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)
    if bv is OO:
        return Decision.true("infinity", f"{what}: bound is +oo")
    if av is OO:
        return Decision.false("infinity", f"{what}: value is +oo, bound finite")
    alo, ahi = certified_bounds(a)
    blo, bhi = certified_bounds(b)
    if ahi <= blo:
        return Decision.true("enclosure", f"{what}: upper {float(ahi):.6g} <= lower {float(blo):.6g}",
                             certificate={"a": (alo, ahi), "b": (blo, bhi)})
    if alo > bhi:
        return Decision.false("enclosure", f"{what}: lower {float(alo):.6g} > upper {float(bhi):.6g}",
                              certificate={"a": (alo, ahi), "b": (blo, bhi)})
    return Decision.undecided("enclosure", f"{what}: enclosures [{float(alo):.12g}, {float(ahi):.12g}] and "
                                           f"[{float(blo):.12g}, {float(bhi):.12g}] overlap")


def decide_equal(a, b, what: str = "") -> Decision:
    d = compare(exact_value(a), "==", exact_value(b))
    return d if not what else Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)


def gt(a, b, what: str = "") -> Decision:
    """a > b, i.e. not (a <= b)."""
    return le(a, b, what).negate()


def conj(parts: list[tuple[str, Decision]]) -> Decision:
    """All parts hold: FALSE at the first false part, UNDECIDED if some part is, else TRUE."""
    for name, d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{name}: {d.reason}", precision=d.precision, certificate=d.certificate)
    und = [(n, d) for n, d in parts if d.is_undecided]
    if und:
        return Decision.undecided(und[0][1].method, "; ".join(f"{n}: {d.reason}" for n, d in und[:3]))
    return Decision.true(parts[0][1].method if parts else "vacuous",
                         f"{len(parts)} exact comparisons hold" if parts else "nothing to check")


def measured_sum(*vals):
    """Sum of exact values or Measured enclosures (a Measured; exact when every part is)."""
    ex = [exact_value(v) for v in vals]
    if all(v is not None for v in ex):
        if any(v is OO for v in ex):
            return Measured("sum", OO)
        if all(isinstance(v, (int, Fraction, LogForm)) for v in ex):
            acc = LogForm.rational(0)
            for v in ex:
                acc = acc + v
            return Measured("sum", acc)
        return Measured("sum", sympy.Add(*[to_sympy(v) for v in ex]))
    bs = [certified_bounds(v) for v in vals]
    return Measured("sum", None, sum(b[0] for b in bs), sum(b[1] for b in bs), method="enclosure sum")


def measured_max(vals):
    """Maximum of exact values or Measured enclosures (a Measured)."""
    ex = [exact_value(v) for v in vals]
    if all(v is not None for v in ex):
        best = ex[0]
        for v in ex[1:]:
            d = compare(v, ">", best)
            if d.is_undecided:
                break
            if d.is_true:
                best = v
        else:
            return Measured("max", best)
    bs = [certified_bounds(v) for v in vals]
    return Measured("max", None, max(b[0] for b in bs), max(b[1] for b in bs), method="enclosure max")


def scaled(k, v):
    """k * v for an exact value (oo stays oo)."""
    if v is OO:
        return OO
    if isinstance(v, LogForm) or isinstance(v, (int, Fraction)):
        return v * Fraction(k)
    return sympy.Rational(k) * to_sympy(v)


def as_int(v) -> int:
    """An instance parameter as an int (JSON round trips turn ints into Fractions)."""
    q = Fraction(v) if not isinstance(v, sympy.Basic) else Fraction(int(v.p), int(v.q))
    if q.denominator != 1:
        raise ValueError(f"parameter {v!r} is not an integer")
    return int(q)


# ======================================================================================
# cached measures (mechanisms are hashable, and families share them)
# ======================================================================================
@functools.lru_cache(maxsize=None)
def mi_dp_of(M: Mechanism) -> Measured:
    return info.mi_dp(M)


@functools.lru_cache(maxsize=None)
def capacity_of(M: Mechanism, method: str = "auto") -> Measured:
    return info.capacity(M, method=method)


@functools.lru_cache(maxsize=None)
def sibson_cap(M: Mechanism, alpha) -> Measured:
    return sb.sibson_capacity(M, alpha=alpha)


def sub_channel(M: Mechanism, I, context: dict) -> Mechanism:
    """The channel x_I -> P(. | x_I, x_{I^c} = context): M's rows with the other records fixed,
    on the space of the records I (points in product order)."""
    recs = M.inputs.records
    n = len(recs)
    space = Hamming.product([recs[i] for i in I])
    rows = []
    for pt in space.points:
        full = [None] * n
        for i, v in zip(I, pt):
            full[i] = v
        for j, v in context.items():
            full[j] = v
        rows.append(M.rows[M.inputs.index(tuple(full))])
    return Mechanism(space, M.outputs, rows, _validated=tuple(rows))


def record_contexts(M: Mechanism, I):
    recs = M.inputs.records
    rest = [j for j in range(len(recs)) if j not in I]
    for vals in itertools.product(*(recs[j] for j in rest)):
        yield dict(zip(rest, vals))


@functools.lru_cache(maxsize=None)
def record_mi_dp(M: Mechanism, i: int) -> Measured:
    """sup_P I(X_i;Y|X^{-i}) for one record: max over contexts of the sub-channel capacity
    (the reduction documented in :func:`exactpriv.measures.information.mi_dp`)."""
    return measured_max([capacity_of(sub_channel(M, (i,), ctx)) for ctx in record_contexts(M, (i,))])


@functools.lru_cache(maxsize=None)
def group_mi(M: Mechanism, k: int) -> Measured:
    """max over |I| = k of sup_P I(X_I;Y|X_{I^c}) = max over I and contexts of the capacity of
    x_I -> P(.|x_I, x_{I^c}) (same reduction as MI-DP: the conditional MI is an average over
    contexts, each at most the sub-channel capacity, attained by a point mass on the context)."""
    n = M.inputs.n
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= n:
        raise InvalidArgument(f"k={k!r} must be a group size, an int in [1, n] = [1, {n}]")
    if k == n:
        return capacity_of(M)
    if k == 1:
        return mi_dp_of(M)
    return measured_max([capacity_of(sub_channel(M, I, ctx)) for I in itertools.combinations(range(n), k)
                 for ctx in record_contexts(M, I)])
