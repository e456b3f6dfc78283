"""Cuff & Yu, "Differential privacy as a mutual information constraint" (seed
001_949fae51fe6a8fd3.txt), part 2: Sections 4-7 and Appendix D -- Properties 4-9, Corollaries
4-8 and 10, Examples 4.1, 4.3 and 5.1, (53), the Section 6 variants (personalized, free-lunch,
Bayesian, adversarial privacy), the Renyi generalisation (66)-(73), Lemma 11 and the cited
continuity bound (105).

``theorems/cuff2016.py`` imports :data:`CLAIMS` (paper order, ids of shared/CLAIMS.md) and
appends them to part 1.

How the claims are decided
--------------------------
* Information identities and inequalities on finite joint pmfs (Properties 4-6, Lemma 11,
  (105), the per-prior forms of (59), (61)-(63), (65)) are exact: every entropy of a rational
  pmf is a :class:`~exactpriv.exact.logforms.LogForm`, so I(A;B|C) = H(AC)+H(BC)-H(ABC)-H(C)
  is an exact LogForm and every comparison goes through
  :func:`exactpriv.exact.kernel.compare` (prime factorisation for ==, certified arb for <).
  The joint pmfs are built with the hypothesis *by construction* (U independent of W;
  U - V - W Markov; product priors for "independent data").
* Suprema over priors (MI-DP, capacities, Sibson capacities) come from the measures
  (:mod:`exactpriv.measures.information`): exact closed forms where the channel structure
  gives one, else certified enclosures [I(P), max_x D(W_x || q)].  An inequality between an
  enclosure and a number is TRUE when the upper end is below, FALSE when the lower end is
  above, UNDECIDED otherwise (families avoid exact ties between two *numeric* enclosures:
  e.g. Corollary 7's sup reading uses channels whose capacities have closed forms).
* Group privacy (Properties 7-9) is exact: log-ratios are LogForms, TV and the hockey-stick
  divergence E_gamma are Fractions at rational gamma = e^eps.

Continuous statements (Example 4.1's Laplace noise, (50)) are not encodable as written;
their readings are finite analogues, named so, with the reason in ``notes``.
Statements about mechanisms and pmfs are CHECKED on their families (or REFUTED with an
archived witness); the two univariate proof steps (monotonicity of the Lemma 11 and (105)
bounds) are PROVED with :func:`exactpriv.certify.prove_inequality`.

Broken variants (module attribute :data:`BROKEN`, checked REFUTED by
tests/theorems/test_cuff2016_part2.py with the same families): Property 4 without
independence, Property 5 without the Markov chain, Corollary 4 with correlated data,
Corollary 5 with max instead of sum, Corollary 6 with the marginal epsilon_j, Corollary 7 with
overlapping subsets, Property 7 with (k-1)eps, Property 8 with (k-1)delta, Property 9 with
delta_k = k*delta and with (k-1)eps, Corollary 8 as "k*eps" (no cardinality term), Corollary
10 without the factor n, Lemma 11 without the h-term, (105) without h(T).
"""

from __future__ import annotations

import functools
import itertools
import random
import zlib
from fractions import Fraction

import flint
import numpy as np
import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.intervals import arb_eval, arb_to_fractions, working_precision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, to_sympy
from exactpriv.measures import divergence as dv
from exactpriv.measures import information as info
from exactpriv.measures import sibson as sb
from exactpriv.measures.bayesian import bayesian_dp
from exactpriv.measures.result import Measured
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

__all__ = ["CLAIMS", "BROKEN"]

SEED = "seed 001_949fae51fe6a8fd3.txt"
_OO = sympy.oo
_LOG2 = LogForm.log(2)


# ======================================================================================
# random exact objects (seeded; small denominators; zeros allowed unless asked otherwise)
# ======================================================================================
def _pmf(rng: random.Random, m: int, *, den: int = 6, zeros: bool = True) -> list[Fraction]:
    lo = 0 if zeros else 1
    while True:
        w = [rng.randint(lo, den) for _ in range(m)]
        if sum(w):
            return [Fraction(v, sum(w)) for v in w]


def _mech(rng, space, m: int, *, den: int = 6, zeros: bool = True) -> Mechanism:
    return Mechanism(space, list(range(m)), [_pmf(rng, m, den=den, zeros=zeros) for _ in space.points])


def _circulant(rng, k: int, *, den: int = 6) -> Mechanism:
    """A k x k circulant channel (rows are cyclic shifts of one random pmf): rows and columns
    are permutations of each other, so its capacities have exact closed forms."""
    r = _pmf(rng, k, den=den, zeros=False)
    return Mechanism(Hamming(range(k), 1), list(range(k)), [r[-s:] + r[:-s] for s in range(k)])


def _prior(rng, space, *, den: int = 6, zeros: bool = True) -> Prior:
    return Prior(space, _pmf(rng, space.size, den=den, zeros=zeros))


def _product_prior(rng, space, *, den: int = 5) -> Prior:
    return Prior.product(space, [_pmf(rng, len(a), den=den, zeros=False) for a in space.records])


def _all_equal_prior(space) -> Prior:
    """X_1 = ... = X_n = X ~ uniform on the common alphabet (Example 4.1's 'maximally correlated')."""
    vals = space.records[0]
    return Prior.from_dict(space, {(v,) * space.n: Fraction(1, len(vals)) for v in vals})


# ======================================================================================
# exact entropies and conditional mutual informations of rational joint pmfs
# ======================================================================================
def _prior_joint(prior: Prior) -> dict:
    """{record-code tuple: p} of a prior on a product space (zero cells dropped)."""
    codes = prior.space.record_codes().tolist()
    return {tuple(c): p for c, p in zip(codes, prior.pmf) if p}


def _mech_joint(M: Mechanism, prior: Prior) -> dict:
    """{(x codes..., y): P(x) W(y|x)}: coordinates 0..n-1 are the records, n is the output."""
    codes = M.inputs.record_codes().tolist()
    out = {}
    for c, p, row in zip(codes, prior.pmf, M.rows):
        if p:
            for y, w in enumerate(row):
                if w:
                    out[tuple(c) + (y,)] = p * w
    return out


def _entropy(joint: dict, coords) -> LogForm:
    """H of the marginal of ``joint`` on ``coords`` in nats, exactly (0 log 0 = 0)."""
    coords = tuple(coords)
    marg: dict = {}
    for key, p in joint.items():
        k = tuple(key[c] for c in coords)
        marg[k] = marg.get(k, 0) + p
    return LogForm(0, logs=[(1 / p, p) for p in marg.values() if p])


def _cmi(joint: dict, A, B, C=()) -> LogForm:
    """I(A;B|C) = H(A,C) + H(B,C) - H(A,B,C) - H(C), exactly (the standard identity)."""
    A, B, C = tuple(A), tuple(B), tuple(C)
    return _entropy(joint, A + C) + _entropy(joint, B + C) - _entropy(joint, A + B + C) - _entropy(joint, C)


def _h(t: Fraction) -> LogForm:
    """Binary entropy h(t) = -t ln t - (1-t) ln(1-t) in nats, t rational in [0, 1]."""
    return LogForm(0, logs=[(1 / q, q) for q in (t, 1 - t) if q])


# ======================================================================================
# decisions on exact values and certified enclosures
# ======================================================================================
def _bounds(v) -> tuple[Fraction, Fraction]:
    """Certified rational bounds of a Measured, Fraction, LogForm or closed sympy value."""
    if isinstance(v, Measured):
        return _bounds(v.value) if v.value is not None else (Fraction(v.lower), Fraction(v.upper))
    if isinstance(v, (int, Fraction)):
        return Fraction(v), Fraction(v)
    if isinstance(v, LogForm):
        return (v.q0, v.q0) if v.is_rational else arb_to_fractions(v.arb(192))
    return arb_to_fractions(arb_eval(to_sympy(v), 256))


def _exact(v):
    """The exact value of a Measured (None when only enclosed) or v itself."""
    return v.value if isinstance(v, Measured) else v


def _le(a, b, what: str = "") -> Decision:
    """Decide a <= b for exact values (incl. oo) or Measured enclosures."""
    av, bv = _exact(a), _exact(b)
    if av is not None and bv is not None:
        d = compare(av, "<=", bv)
        return d if not what else Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)
    if bv is _OO:
        return Decision.true("infinity", f"{what}: bound is +oo")
    if av is _OO:
        return Decision.false("infinity", f"{what}: value is +oo, bound finite")
    alo, ahi = _bounds(a)
    blo, bhi = _bounds(b)
    if ahi <= blo:
        return Decision.true("enclosure", f"{what}: upper {float(ahi):.6g} <= lower {float(blo):.6g}",
                             certificate={"a": (alo, ahi), "b": (blo, bhi)})
    if alo > bhi:
        return Decision.false("enclosure", f"{what}: lower {float(alo):.6g} > upper {float(bhi):.6g}",
                              certificate={"a": (alo, ahi), "b": (blo, bhi)})
    return Decision.undecided("enclosure", f"{what}: enclosures [{float(alo):.12g}, {float(ahi):.12g}] and "
                                           f"[{float(blo):.12g}, {float(bhi):.12g}] overlap")


def _eq(a, b, what: str = "") -> Decision:
    d = compare(_exact(a), "==", _exact(b))
    return d if not what else Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)


def _gt(a, b, what: str = "") -> Decision:
    """a > b, i.e. not (a <= b)."""
    return _le(a, b, what).negate()


def _conj(parts: list[tuple[str, Decision]]) -> Decision:
    """All parts hold: FALSE at the first false part, UNDECIDED if some part is, else TRUE."""
    for name, d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{name}: {d.reason}", precision=d.precision, certificate=d.certificate)
    und = [(n, d) for n, d in parts if d.is_undecided]
    if und:
        return Decision.undecided(und[0][1].method, "; ".join(f"{n}: {d.reason}" for n, d in und[:3]))
    return Decision.true(parts[0][1].method if parts else "vacuous",
                         f"{len(parts)} exact comparisons hold" if parts else "nothing to check")


def _sum(*vals):
    """Sum of exact values or Measured enclosures (a Measured; exact when every part is)."""
    ex = [_exact(v) for v in vals]
    if all(v is not None for v in ex):
        if any(v is _OO for v in ex):
            return Measured("sum", _OO)
        if all(isinstance(v, (int, Fraction, LogForm)) for v in ex):
            acc = LogForm.rational(0)
            for v in ex:
                acc = acc + v
            return Measured("sum", acc)
        return Measured("sum", sympy.Add(*[to_sympy(v) for v in ex]))
    bs = [_bounds(v) for v in vals]
    return Measured("sum", None, sum(b[0] for b in bs), sum(b[1] for b in bs), method="enclosure sum")


def _max(vals):
    """Maximum of exact values or Measured enclosures (a Measured)."""
    ex = [_exact(v) for v in vals]
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
    bs = [_bounds(v) for v in vals]
    return Measured("max", None, max(b[0] for b in bs), max(b[1] for b in bs), method="enclosure max")


def _scale(k, v):
    """k * v for an exact value (oo stays oo)."""
    if v is _OO:
        return _OO
    if isinstance(v, LogForm) or isinstance(v, (int, Fraction)):
        return v * Fraction(k)
    return sympy.Rational(k) * to_sympy(v)


def _int(v) -> int:
    """An instance parameter as an int (JSON round trips turn ints into Fractions)."""
    q = Fraction(v) if not isinstance(v, sympy.Basic) else Fraction(int(v.p), int(v.q))
    if q.denominator != 1:
        raise ValueError(f"parameter {v!r} is not an integer")
    return int(q)


# ======================================================================================
# cached measures (mechanisms are hashable, and families share them)
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _mi_dp(M: Mechanism) -> Measured:
    return info.mi_dp(M)


@functools.lru_cache(maxsize=None)
def _capacity(M: Mechanism, method: str = "auto") -> Measured:
    return info.capacity(M, method=method)


@functools.lru_cache(maxsize=None)
def _pure(M: Mechanism) -> Measured:
    return dv.pure_dp(M)


@functools.lru_cache(maxsize=None)
def _sibson_cap(M: Mechanism, alpha) -> Measured:
    return sb.sibson_capacity(M, alpha=alpha)


def _sub(M: Mechanism, I, context: dict) -> Mechanism:
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


def _contexts(M: Mechanism, I):
    recs = M.inputs.records
    rest = [j for j in range(len(recs)) if j not in I]
    for vals in itertools.product(*(recs[j] for j in rest)):
        yield dict(zip(rest, vals))


@functools.lru_cache(maxsize=None)
def _record_mi_dp(M: Mechanism, i: int) -> Measured:
    """sup_P I(X_i;Y|X^{-i}) for one record: max over contexts of the sub-channel capacity
    (the reduction documented in :func:`exactpriv.measures.information.mi_dp`)."""
    return _max([_capacity(_sub(M, (i,), ctx)) for ctx in _contexts(M, (i,))])


@functools.lru_cache(maxsize=None)
def _group_mi(M: Mechanism, k: int) -> Measured:
    """max over |I| = k of sup_P I(X_I;Y|X_{I^c}) = max over I and contexts of the capacity of
    x_I -> P(.|x_I, x_{I^c}) (same reduction as MI-DP: the conditional MI is an average over
    contexts, each at most the sub-channel capacity, attained by a point mass on the context)."""
    n = M.inputs.n
    if k == n:
        return _capacity(M)
    if k == 1:
        return _mi_dp(M)
    return _max([_capacity(_sub(M, I, ctx)) for I in itertools.combinations(range(n), k)
                 for ctx in _contexts(M, I)])


# ======================================================================================
# Properties 4-6 (joint pmfs of (U, V, W) as priors on Hamming.product: records U, V, W)
# ======================================================================================
def _uvw_space(a, b, c):
    return Hamming.product([range(a), range(b), range(c)])


def _joint_prior(space, f) -> Prior:
    return Prior(space, [f(*pt) for pt in space.points])


@functools.lru_cache(maxsize=None)
def _fam_indep_exhaustive():
    """U, W independent binary (P(U=1) in {1/3, 1/2}, P(W=1) in {1/4, 1/2}); V = f(U, W) for
    all 16 Boolean functions f: 64 joint pmfs with U independent of W by construction."""
    sp = _uvw_space(2, 2, 2)
    out = []
    for pu, pw in itertools.product((Fraction(1, 3), Fraction(1, 2)), (Fraction(1, 4), Fraction(1, 2))):
        for table in itertools.product((0, 1), repeat=4):
            def f(u, v, w, table=table, pu=pu, pw=pw):
                return (pu if u else 1 - pu) * (pw if w else 1 - pw) * (1 if v == table[2 * u + w] else 0)
            out.append(Instance(f"U~B({pu}),W~B({pw}),V=f(U,W) f={table}", prior=_joint_prior(sp, f)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_indep_random(seed=4, count=40):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        a, b, c = rng.choice((2, 3)), rng.choice((2, 3)), rng.choice((2, 3))
        pu, pw = _pmf(rng, a), _pmf(rng, c)
        pv = {(u, w): _pmf(rng, b) for u in range(a) for w in range(c)}
        sp = _uvw_space(a, b, c)
        out.append(Instance(f"indep-random#{t}", prior=_joint_prior(sp, lambda u, v, w: pu[u] * pw[w] * pv[u, w][v])))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_markov_bsc():
    """U uniform bit -> BSC(p) -> V -> BSC(q) -> W, p, q in {0, 1/4, 1/2}: Markov by construction."""
    sp = _uvw_space(2, 2, 2)
    out = []
    for p, q in itertools.product((Fraction(0), Fraction(1, 4), Fraction(1, 2)), repeat=2):
        def f(u, v, w, p=p, q=q):
            return Fraction(1, 2) * (p if u != v else 1 - p) * (q if v != w else 1 - q)
        out.append(Instance(f"U-BSC({p})-V-BSC({q})-W", prior=_joint_prior(sp, f)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_markov_random(seed=5, count=40):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        a, b, c = rng.choice((2, 3)), rng.choice((2, 3)), rng.choice((2, 3))
        puv = _pmf(rng, a * b)
        pw = {v: _pmf(rng, c) for v in range(b)}
        sp = _uvw_space(a, b, c)
        out.append(Instance(f"markov-random#{t}", prior=_joint_prior(sp, lambda u, v, w: puv[u * b + v] * pw[v][w])))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_joint_random(seed=6, count=50):
    """Arbitrary joint pmfs of (U, V, W) (no structure), plus U = V = W copies first."""
    rng = random.Random(seed)
    sp2 = _uvw_space(2, 2, 2)
    out = [Instance("U=V=W uniform bit", prior=_joint_prior(sp2, lambda u, v, w: Fraction(1, 2) if u == v == w else 0)),
           Instance("U,W iid bits, V = U xor W",
                    prior=_joint_prior(sp2, lambda u, v, w: Fraction(1, 4) if v == u ^ w else 0))]
    for t in range(count):
        a, b, c = rng.choice((2, 3)), rng.choice((2, 3)), rng.choice((2, 3))
        sp = _uvw_space(a, b, c)
        out.append(Instance(f"joint-random#{t}", prior=_prior(rng, sp)))
    return tuple(out)


def _check_prop4(inst):
    j = _prior_joint(inst.prior)
    lhs, rhs = _cmi(j, (0,), (1,), (2,)), _cmi(j, (0,), (1,))
    return Outcome(_le(rhs, lhs, "I(U;V) <= I(U;V|W)"), {"I(U;V|W)": lhs, "I(U;V)": rhs})


def _check_prop5(inst):
    j = _prior_joint(inst.prior)
    lhs, rhs = _cmi(j, (0,), (1,), (2,)), _cmi(j, (0,), (1,))
    return Outcome(_le(lhs, rhs, "I(U;V|W) <= I(U;V)"), {"I(U;V|W)": lhs, "I(U;V)": rhs})


def _check_prop6(inst):
    j = _prior_joint(inst.prior)
    lhs = _cmi(j, (0,), (1, 2))
    rhs = _cmi(j, (0,), (1,)) + _cmi(j, (0,), (2,), (1,))
    return Outcome(_eq(lhs, rhs, "I(U;V,W) == I(U;V) + I(U;W|V)"), {"I(U;V,W)": lhs, "I(U;V)+I(U;W|V)": rhs})


_F_INDEP_EXH = Family("exhaustive: U, W independent bits, V a Boolean function of (U, W)", _fam_indep_exhaustive)
_F_INDEP_RND = Family("random: P(u)P(w)P(v|u,w), alphabets 2-3, zeros allowed (seed 4)", _fam_indep_random)
_F_MARKOV_BSC = Family("exhaustive: U - BSC(p) - V - BSC(q) - W, p, q in {0, 1/4, 1/2}", _fam_markov_bsc)
_F_MARKOV_RND = Family("random: P(u,v)P(w|v), alphabets 2-3, zeros allowed (seed 5)", _fam_markov_random)
_F_JOINT_RND = Family("random joint pmfs of (U,V,W), alphabets 2-3 (seed 6), plus copies and xor", _fam_joint_random)

_PROP4 = Claim(
    "cuff2016.prop4", "Property 4", f"{SEED}, Section 4, Property 4, eq. (39)",
    "If U is independent of W, then I(U;V|W) >= I(U;V). (39)",
    "inequality",
    [Reading("literal", "for every finite joint pmf with U independent of W: I(U;V|W) >= I(U;V) (exact LogForms)",
             _check_prop4, [_F_INDEP_EXH, _F_INDEP_RND], expected=Verdict.CHECKED,
             notes="U independent of W by construction (P(u)P(w)P(v|u,w)); XOR functions give the strict case "
                   "I(U;V|W) = log 2 > I(U;V) = 0.")])

_PROP5 = Claim(
    "cuff2016.prop5", "Property 5", f"{SEED}, Section 4, Property 5, eq. (40)",
    "If U, V, and W form a Markov chain U - V - W, meaning that U and W are conditionally independent given V, "
    "then I(U;V|W) <= I(U;V). (40)",
    "inequality",
    [Reading("literal", "for every finite joint pmf P(u,v)P(w|v): I(U;V|W) <= I(U;V) (exact LogForms)",
             _check_prop5, [_F_MARKOV_BSC, _F_MARKOV_RND], expected=Verdict.CHECKED,
             notes="Markov chain by construction (W drawn from V only).")])

_PROP6 = Claim(
    "cuff2016.prop6", "Property 6 (chain rule)", f"{SEED}, Section 4, Property 6, eq. (41)",
    "I(U;V,W) = I(U;V) + I(U;W|V). (41)",
    "identity",
    [Reading("literal", "for every finite joint pmf: I(U;V,W) == I(U;V) + I(U;W|V), exactly (prime-form LogForms)",
             _check_prop6, [_F_JOINT_RND], expected=Verdict.CHECKED)])


# ======================================================================================
# Corollary 4 and Example 4.1 (independent vs correlated data)
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_cor4_random(seed=7):
    rng = random.Random(seed)
    out = []
    for t in range(3):
        sp = Hamming((0, 1), 2)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5, zeros=False)
        for u in range(2):
            out.append(Instance(f"random n=2 #{t} product prior #{u}", M, _product_prior(rng, sp)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor4_zoo():
    rng = random.Random(8)
    out = []
    for M in (zoo.count_query_geometric(2, exp_eps=2), zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)):
        out.append(Instance(f"{M!r}, product prior", M, _product_prior(rng, M.inputs)))
        out.append(Instance(f"{M!r}, uniform prior", M, Prior.uniform(M.inputs)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor4_n3(seed=9):
    rng = random.Random(seed)
    sp = Hamming((0, 1), 3)
    out = []
    for t in range(2):
        M = _mech(rng, sp, 2, den=5, zeros=False)
        out.append(Instance(f"random n=3 #{t}, product prior", M, _product_prior(rng, sp)))
    return tuple(out)


def _check_cor4(inst):
    M, P = inst.mechanism, inst.prior
    eps = _mi_dp(M)
    parts, vals = [], {"mi_dp": eps}
    for i in range(M.inputs.n):
        r = info.record_mi(M, prior=P, record=i)
        c = info.conditional_mi(M, prior=P, record=i)
        vals[f"I(X_{i};Y)"], vals[f"I(X_{i};Y|X^-{i})"] = r, c
        parts += [(f"I(X_{i};Y) <= I(X_{i};Y|X^-{i})", _le(r, c)), (f"I(X_{i};Y|X^-{i}) <= eps", _le(c, eps))]
    return Outcome(_conj(parts), vals)


def _check_cor4_correlated(inst):
    """BROKEN variant: the first inequality of (42) under a correlated prior."""
    M, P = inst.mechanism, inst.prior
    eps = _mi_dp(M)
    parts = [(f"I(X_{i};Y) <= eps", _le(info.record_mi(M, prior=P, record=i), eps)) for i in range(M.inputs.n)]
    return Outcome(_conj(parts), {"mi_dp": eps})


_F_COR4 = [Family("random zero-free mechanisms on {0,1}^2, random product priors (seed 7)", _fam_cor4_random),
           Family("zoo: count query + geometric noise, exponential mechanism E_d", _fam_cor4_zoo),
           Family("random mechanisms on {0,1}^3, product priors (seed 9)", _fam_cor4_n3, slow=True)]

_COR4 = Claim(
    "cuff2016.cor4", "Corollary 4 (Independent Data)", f"{SEED}, Section 4.1, Corollary 4, eq. (42)",
    "If {X_i}_{i=1}^n are mutually independent and P_{Y|X^n} satisfies eps-MI-DP, then "
    "sup_{i, P_{X_i}P_{X^{-i}}} I(X_i;Y) <= sup_{i, P_{X_i}P_{X^{-i}}} I(X_i;Y|X^{-i}) <= eps nats. (42)",
    "implication",
    [Reading("literal", "for every product prior P and record i: I(X_i;Y) <= I(X_i;Y|X^{-i}) <= mi_dp(M) "
                        "(per-prior form, which implies the sup form (42))",
             _check_cor4, _F_COR4, expected=Verdict.CHECKED,
             notes="The per-prior inequality is Property 4 with U = X_i, W = X^{-i}; the second inequality is "
                   "the definition of eps-MI-DP at the tightest eps.  mi_dp is exact or a certified enclosure.")])


def _geo_two_point(n: int) -> Mechanism:
    """Example 4.1 finite analogue, reduced: under X_1 = ... = X_n = X the count is n*X, so
    I(X_i;Y) = I(X;Y) for the binary channel X -> truncated-geometric(count = n X)."""
    g = zoo.truncated_geometric(n, exp_eps=2)  # rows: count c -> noisy count; same rows as the count query
    rows = [g.rows[0], g.rows[-1]]  # the all-zeros and all-ones databases
    return Mechanism(Hamming((0, 1), 1), g.outputs, rows,
                     _built=f"two-point restriction of count_query_geometric(n={n}, exp_eps=2)")


@functools.lru_cache(maxsize=None)
def _fam_ex41_dp():
    return tuple(Instance(f"count_query_geometric(n={n}, exp_eps=2)", zoo.count_query_geometric(n, exp_eps=2),
                          params={"eps": sympy.log(2)}) for n in (1, 2, 3))


@functools.lru_cache(maxsize=None)
def _fam_ex41_equal():
    out = []
    for n in (2, 3, 4):
        M = zoo.count_query_geometric(n, exp_eps=2)
        out.append(Instance(f"count_query_geometric(n={n}, exp_eps=2), all entries equal", M,
                            _all_equal_prior(M.inputs)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_ex41_growth():
    out = []
    for n in range(1, 17):
        extra = {"next": _geo_two_point(n + 1)}
        if n <= 3:
            extra["full"] = zoo.count_query_geometric(n, exp_eps=2)
        out.append(Instance(f"n={n}", _geo_two_point(n), Prior.uniform(Hamming((0, 1), 1)),
                            params={"n": n, "threshold": Fraction(99, 100) if n == 16 else Fraction(0)}, extra=extra))
    return tuple(out)


def _check_ex41_dp(inst):
    M, eps = inst.mechanism, inst.params["eps"]
    p, m = _pure(M), _mi_dp(M)
    return Outcome(_conj([("eps-DP", _le(p, eps)), ("eps-MI-DP", _le(m, eps))]), {"pure_dp": p, "mi_dp": m})


def _check_ex41_zero(inst):
    c = info.conditional_mi(inst.mechanism, prior=inst.prior)
    return Outcome(_eq(c, 0, "max_i I(X_i;Y|X^-i) == 0"), {"conditional_mi": c})


def _check_ex41_growth(inst):
    U = inst.prior
    I_n = info.mi_privacy(inst.mechanism, prior=U)
    I_next = info.mi_privacy(inst.extra["next"], prior=U)
    parts = [("I_n < I_{n+1}", _gt(I_next, I_n)), ("I_{n+1} < ln 2", _gt(_LOG2, I_next))]
    thr = Fraction(inst.params["threshold"])
    if thr:
        parts.append((f"I_n >= {thr} ln 2", _le(_LOG2 * thr, I_n)))
    if "full" in inst.extra:  # the reduction is exact: compare with the n-record mechanism
        full = inst.extra["full"]
        r = info.record_mi(full, prior=_all_equal_prior(full.inputs))
        parts.append(("max_i I(X_i;Y) of the full mechanism == I_n", _eq(r, I_n)))
    return Outcome(_conj(parts), {"I_n": I_n, "I_n+1": I_next})


_EX41 = Claim(
    "cuff2016.ex4_1", "Example 4.1 (Correlated database)", f"{SEED}, Section 4.1, Example 4.1",
    "Consider a database with n binary entries. A data curator decides to release the mean of all entries and "
    "chooses the Laplace mechanism. Noise with distribution Lap(1/(n eps)) is added to the sample mean to ensure "
    "eps-DP (also eps-MI-DP by Lemma 1). Now suppose all database entries are in fact equal to each other "
    "(maximally correlated). Let X ~ Bern(0.5) and X_i = X for all i. For large enough n, the noise added is "
    "negligible, and the binary value of the sample mean can be estimated with high accuracy, revealing each "
    "individual entry. In terms of mutual information, I(X_i;Y) ~ 1 bit for each i even while I(X_i;Y|X^{-i}) = 0 "
    "because H(X_i|X^{-i}) = 0.",
    "value",
    [Reading("finite-analogue-dp",
             "Laplace noise on the mean = Laplace(1/eps) on the count; finite analogue: the count plus truncated "
             "geometric noise (count_query_geometric, eps = ln 2) is eps-DP and eps-MI-DP, n = 1..3",
             _check_ex41_dp, [Family("count_query_geometric(n, exp_eps=2), n = 1..3", _fam_ex41_dp)],
             expected=Verdict.CHECKED,
             notes="The literal example (continuous Laplace output) is not encodable: exactpriv mechanisms are "
                   "finite.  The geometric mechanism is the discrete Laplace."),
     Reading("finite-analogue-conditional-zero",
             "with all entries equal (X ~ Bern(1/2)), max_i I(X_i;Y|X^{-i}) == 0 exactly, n = 2..4",
             _check_ex41_zero, [Family("count_query_geometric(n), all-equal prior, n = 2..4", _fam_ex41_equal)],
             expected=Verdict.CHECKED),
     Reading("finite-analogue-evidence",
             "with all entries equal, I_n = I(X_i;Y) increases strictly with n, stays below ln 2 (1 bit), and "
             "I_16 >= (99/100) ln 2 (finite surrogate of 'I(X_i;Y) -> 1 bit')",
             _check_ex41_growth, [Family("two-point restriction rows (count 0, count n), n = 1..16", _fam_ex41_growth)],
             expected=Verdict.CHECKED,
             notes="Under X_1 = ... = X_n the count is 0 or n, so I(X_i;Y) is the MI of the binary channel with "
                   "the two geometric rows; for n <= 3 this reduction is checked exactly against the n-record "
                   "mechanism.  Measured: I_16/ln 2 = 0.9915, I_24/ln 2 = 0.9995.")])


# ======================================================================================
# Composition: Corollaries 5-7, Example 4.3
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_cor5_random(seed=10, count=3):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3))), 1)
        M1 = _mech(rng, sp, rng.choice((2, 3)), den=5, zeros=False)
        M2 = _mech(rng, sp, rng.choice((2, 3)), den=5, zeros=False)
        out.append(Instance(f"random single-record pair #{t}", M1, extra={"M2": M2}))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor5_zoo():
    return (Instance("RR(exp_eps=3) x RR(exp_eps=2)", zoo.randomized_response(2, exp_eps=3),
                     extra={"M2": zoo.randomized_response(2, exp_eps=2)}),
            Instance("RR_3(exp_eps=2) x RR_3(exp_eps=2)", zoo.randomized_response(3, exp_eps=2),
                     extra={"M2": zoo.randomized_response(3, exp_eps=2)}))


@functools.lru_cache(maxsize=None)
def _fam_cor5_n2(seed=11):
    rng = random.Random(seed)
    sp = Hamming((0, 1), 2)
    return tuple(Instance(f"random pair on {{0,1}}^2 #{t}", _mech(rng, sp, 2, den=5, zeros=False),
                          extra={"M2": _mech(rng, sp, 2, den=5, zeros=False)}) for t in range(2))


def _coord_bsc(p, coord):
    """X in {0,1,2,3} read as bits (a, b) = (x // 2, x % 2); output = BSC(p) of bit ``coord``."""
    rows = []
    for x in range(4):
        bit = (x // 2, x % 2)[coord]
        rows.append([1 - p, p] if bit == 0 else [p, 1 - p])
    return Mechanism(Hamming(range(4), 1), [0, 1], rows, _built=f"BSC({p}) of bit {coord}")


@functools.lru_cache(maxsize=None)
def _fam_cor5_tight():
    out = []
    for p, q in ((Fraction(1, 4), Fraction(1, 3)), (Fraction(1, 10), Fraction(1, 10)), (Fraction(0), Fraction(2, 5))):
        out.append(Instance(f"BSC({p}) of bit a, BSC({q}) of bit b, X = (a, b)", _coord_bsc(p, 0),
                            extra={"M2": _coord_bsc(q, 1)}))
    return tuple(out)


def _check_cor5(inst):
    M1, M2 = inst.mechanism, inst.extra["M2"]
    e1, e2, ej = _mi_dp(M1), _mi_dp(M2), _mi_dp(M1.product(M2))
    return Outcome(_le(ej, _sum(e1, e2), "mi_dp(Y1,Y2) <= eps1 + eps2"), {"eps1": e1, "eps2": e2, "joint": ej})


def _check_cor5_tight(inst):
    M1, M2 = inst.mechanism, inst.extra["M2"]
    e1, e2, ej = _mi_dp(M1), _mi_dp(M2), _mi_dp(M1.product(M2))
    return Outcome(_eq(ej, _sum(e1, e2), "mi_dp(Y1,Y2) == eps1 + eps2"), {"eps1": e1, "eps2": e2, "joint": ej})


def _check_cor5_max(inst):
    """BROKEN variant: max instead of sum."""
    M1, M2 = inst.mechanism, inst.extra["M2"]
    e1, e2, ej = _mi_dp(M1), _mi_dp(M2), _mi_dp(M1.product(M2))
    return Outcome(_le(ej, _max([e1, e2]), "mi_dp(Y1,Y2) <= max(eps1, eps2)"), {"eps1": e1, "eps2": e2, "joint": ej})


_F_COR5 = [Family("random zero-free single-record channel pairs (seed 10)", _fam_cor5_random),
           Family("zoo: randomized response pairs", _fam_cor5_zoo),
           Family("random zero-free pairs on {0,1}^2 (seed 11)", _fam_cor5_n2, slow=True)]

_COR5 = Claim(
    "cuff2016.cor5", "Corollary 5 (Conditionally independent queries) + tightness",
    f"{SEED}, Section 4.2, Corollary 5, eq. (43)",
    "The following claims for MI-DP mirror those found in [21] for (eps,0)-DP and are in fact tight. "
    "Corollary 5: If several query responses {Y_1,...,Y_k} are produced conditionally independently given the "
    "database, and each mechanism P_{Y_j|X^n} satisfies eps_j-MI-DP individually, then as a collection "
    "P_{Y^k|X^n} satisfies (sum_j eps_j)-MI-DP.",
    "implication",
    [Reading("literal", "mi_dp(M1 x M2) <= mi_dp(M1) + mi_dp(M2) for conditionally independent M1, M2 "
                        "(M.product: P(y1,y2|x) = P1(y1|x) P2(y2|x))",
             _check_cor5, _F_COR5, expected=Verdict.CHECKED),
     Reading("tightness", "equality is attained: X_i = (a, b), Y_1 = BSC(p) of a, Y_2 = BSC(q) of b gives "
                          "mi_dp(Y_1, Y_2) == mi_dp(Y_1) + mi_dp(Y_2) exactly",
             _check_cor5_tight, [Family("BSCs of the two bits of a 4-ary record", _fam_cor5_tight)],
             expected=Verdict.CHECKED,
             notes="'in fact tight' read as: the additive bound is attained by some conditionally independent "
                   "queries (log 4 - h(p) - h(q) = (log 2 - h(p)) + (log 2 - h(q)), exact closed forms).")])


def _otp_parts(N):
    return zoo.one_time_pad(N, part="both"), zoo.one_time_pad(N, part="first"), zoo.one_time_pad(N, part="second")


@functools.lru_cache(maxsize=None)
def _fam_ex43():
    out = []
    for N in (2, 3, 4, 5):
        both, first, second = _otp_parts(N)
        out.append(Instance(f"one-time pad N={N}", both, Prior.uniform(both.inputs), params={"N": N},
                            extra={"first": first, "second": second}))
    return tuple(out)


def _check_ex43(inst):
    both, first, second = inst.mechanism, inst.extra["first"], inst.extra["second"]
    N = _int(inst.params["N"])
    m1, m2, mb, pb = _mi_dp(first), _mi_dp(second), _mi_dp(both), _pure(both)
    I = info.mi_privacy(both, prior=inst.prior)
    HX = _entropy(_prior_joint(inst.prior), (0,))
    not_ci = both != first.product(second)
    parts = [("Y1 alone 0-MI-DP", _eq(m1, 0)), ("Y2 alone 0-MI-DP", _eq(m2, 0)),
             ("(Y1,Y2) not eps-DP for any finite eps", _eq(pb, _OO)),
             ("mi_dp(Y1,Y2) == log N", _eq(mb, LogForm.log(N))),
             ("I(X1;Y1,Y2) == H(X1) (reveals X1)", _eq(I, HX)),
             ("Y1, Y2 not conditionally independent",
              Decision.true("exact", "joint matrix differs from the product") if not_ci
              else Decision.false("exact", "joint equals the product of the parts"))]
    return Outcome(_conj(parts), {"mi_dp_first": m1, "mi_dp_second": m2, "mi_dp_both": mb, "pure_dp_both": pb})


_EX43 = Claim(
    "cuff2016.ex4_3", "Example 4.3 (Correlated query responses)", f"{SEED}, Section 4.2, Example 4.3",
    "Consider two outputs of a query mechanism, Y_1 = X_1 (+) U and Y_2 = U, where U is a uniformly distributed "
    "random variable on the set {1,...,|X_1|}, independent of the database instance, and (+) is addition modulo "
    "|X_1|. In other words, the first output Y_1 is X_1 encrypted by a one-time pad, and the second output Y_2 is "
    "the key to the one-time pad. Clearly, the combination of Y_1 and Y_2 reveals X_1 and violates differential "
    "privacy.",
    "construction",
    [Reading("literal", "for |X_1| = N in 2..5: Y_1 and Y_2 are each 0-MI-DP, (Y_1, Y_2) is not eps-DP for any "
                        "finite eps, mi_dp(Y_1, Y_2) = log N and I(X_1;Y_1,Y_2) = H(X_1); the responses are not "
                        "conditionally independent (so Corollary 5 does not apply)",
             _check_ex43, [Family("one_time_pad(N), N = 2..5, uniform prior", _fam_ex43)], expected=Verdict.CHECKED,
             notes="'each response alone is 0-MI-DP' is implicit in the seed (it is why the example shows that "
                   "composition needs conditional independence).")])


def _sequential(M1: Mechanism, steps: list[Mechanism]) -> Mechanism:
    """P(y1, y2 | x) = P1(y1|x) P2[y1](y2|x) (Corollary 6: the second query sees Y1)."""
    outs = [(a, b) for a in M1.outputs for b in steps[0].outputs]
    rows = []
    for x in range(len(M1.rows)):
        rows.append([M1.rows[x][i] * steps[i].rows[x][j]
                     for i in range(len(M1.outputs)) for j in range(len(steps[0].outputs))])
    return Mechanism(M1.inputs, outs, rows, _built=f"sequential({M1!r}, ...)")


def _steps(inst):
    return [inst.extra[f"step{i}"] for i in range(len(inst.mechanism.outputs))]


@functools.lru_cache(maxsize=None)
def _fam_cor6_random(seed=12, count=2):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming((0, 1), 1)
        M1 = _mech(rng, sp, 2, den=5, zeros=False)
        m2 = rng.choice((2, 3))
        extra = {f"step{i}": _mech(rng, sp, m2, den=5, zeros=False) for i in range(2)}
        out.append(Instance(f"random adaptive pair #{t}", M1, extra=extra))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor6_otp():
    out = []
    for N in (2, 3):
        sp = Hamming(range(N), 1)
        M1 = Mechanism(sp, list(range(N)), [[Fraction(1, N)] * N for _ in range(N)], _built=f"U uniform on Z_{N}")
        extra = {}
        for u in range(N):
            extra[f"step{u}"] = Mechanism(sp, list(range(N)),
                                          [[Fraction(int((x + u) % N == y)) for y in range(N)] for (x,) in sp.points],
                                          _built=f"X + {u} mod {N}")
        out.append(Instance(f"sequential one-time pad N={N}: Y1 = U, Y2 = X + Y1", M1, extra=extra))
    return tuple(out)


def _check_cor6(inst):
    M1, steps = inst.mechanism, _steps(inst)
    e1 = _mi_dp(M1)
    e2 = _max([_mi_dp(s) for s in steps])
    ej = _mi_dp(_sequential(M1, steps))
    return Outcome(_le(ej, _sum(e1, e2), "mi_dp(Y1,Y2) <= eps1 + max_y1 eps2(y1)"),
                   {"eps1": e1, "eps2": e2, "joint": ej})


def _check_cor6_marginal(inst):
    """BROKEN variant: eps_2 taken from the marginal mechanism P_{Y2|X^n}."""
    M1, steps = inst.mechanism, _steps(inst)
    J = _sequential(M1, steps)
    m2 = len(steps[0].outputs)
    marg = J.post_process([[Fraction(int(j == b)) for j in range(m2)] for (_, b) in J.outputs], outputs=list(range(m2)))
    e1, e2, ej = _mi_dp(M1), _mi_dp(marg), _mi_dp(J)
    return Outcome(_le(ej, _sum(e1, e2), "mi_dp(Y1,Y2) <= eps1 + mi_dp(P_{Y2|X})"),
                   {"eps1": e1, "eps2": e2, "joint": ej})


_F_COR6 = [Family("random single-record adaptive pairs (seed 12)", _fam_cor6_random),
           Family("sequential one-time pad (Y1 = U, Y2 = X + Y1 mod N), N = 2, 3", _fam_cor6_otp)]

_COR6 = Claim(
    "cuff2016.cor6", "Corollary 6 (Sequential queries)", f"{SEED}, Section 4.2, Corollary 6",
    "If several query responses {Y_1,...,Y_k} are produced in sequence, and each mechanism P_{Y_j|X^n,Y^{j-1}} "
    "satisfies eps_j-MI-DP individually, then as a collection P_{Y^k|X^n} satisfies (sum_j eps_j)-MI-DP.",
    "implication",
    [Reading("per-value", "k = 2: with eps_2 = max over y_1 of mi_dp(P_{Y_2|X^n, Y_1=y_1}), "
                          "mi_dp(P_{Y_1,Y_2|X^n}) <= mi_dp(P_{Y_1|X^n}) + eps_2",
             _check_cor6, _F_COR6, expected=Verdict.CHECKED,
             notes="'P_{Y_j|X^n,Y^{j-1}} satisfies eps_j-MI-DP' read as: for every value of Y^{j-1}, the mechanism "
                   "x -> P(.|x, y^{j-1}) is eps_j-MI-DP.  This implies the conditional form "
                   "I(X_i;Y_j|X^{-i},Y^{j-1}) <= eps_j used by the proof.  The sequential one-time pad attains "
                   "the bound with equality (0 + log N = log N).")])


def _lift(M: Mechanism, space: Hamming, record: int) -> Mechanism:
    """The query reading only ``record`` of ``space``: rows of the single-record M."""
    rows = [M.rows[M.inputs.index((pt[record],))] for pt in space.points]
    return Mechanism(space, M.outputs, rows, _validated=tuple(rows))


def _parallel(M1: Mechanism, M2: Mechanism) -> Mechanism:
    """Corollary 7 with I_1 = {1}, I_2 = {2}: P(y1, y2 | x1, x2) = P1(y1|x1) P2(y2|x2)."""
    sp = Hamming.product([M1.inputs.records[0], M2.inputs.records[0]])
    return _lift(M1, sp, 0).product(_lift(M2, sp, 1))


@functools.lru_cache(maxsize=None)
def _fam_cor7_closed(seed=13):
    """Query channels whose capacities have closed forms (circulant, RR, erasure), so that the
    sup-level inequality (which holds with equality) is decided exactly."""
    rng = random.Random(seed)
    pairs = [(_circulant(rng, 2), _circulant(rng, 3)), (_circulant(rng, 3), _circulant(rng, 3)),
             (zoo.randomized_response(3, exp_eps=2), zoo.erasure_channel(2, Fraction(1, 3))),
             (zoo.binary_symmetric_channel(Fraction(1, 5)), zoo.randomized_response(2, exp_eps=5))]
    return tuple(Instance(f"{a!r} on X_1, {b!r} on X_2", _parallel(a, b), extra={"M1": a, "M2": b}) for a, b in pairs)


@functools.lru_cache(maxsize=None)
def _fam_cor7_priors(seed=14, count=6):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        a = _mech(rng, Hamming(range(rng.choice((2, 3))), 1), rng.choice((2, 3)), den=5)
        b = _mech(rng, Hamming(range(2), 1), 2, den=5)
        J = _parallel(a, b)
        out.append(Instance(f"random parallel pair #{t}, correlated prior", J, _prior(rng, J.inputs),
                            extra={"M1": a, "M2": b}))
    return tuple(out)


def _check_cor7(inst):
    J, M1, M2 = inst.mechanism, inst.extra["M1"], inst.extra["M2"]
    e = _max([_mi_dp(M1), _mi_dp(M2)])
    ej = _mi_dp(J)
    return Outcome(_le(ej, e, "mi_dp(Y1,Y2) <= max_j mi_dp(P_{Yj|X_Ij})"), {"eps": e, "joint": ej})


def _check_cor7_identity(inst):
    J, P = inst.mechanism, inst.prior
    parts, vals = [], {}
    for i, Mi in enumerate((inst.extra["M1"], inst.extra["M2"])):
        lhs = info.conditional_mi(J, prior=P, record=i)
        rhs = info.conditional_mi(_lift(Mi, J.inputs, i), prior=P, record=i)
        vals[f"I(X_{i};Y^k|X^-{i})"], vals[f"I(X_{i};Y_f({i})|X^-{i})"] = lhs, rhs
        parts.append((f"(44) for record {i}", _eq(lhs, rhs)))
    return Outcome(_conj(parts), vals)


def _check_cor7_overlap(inst):
    """BROKEN variant: both queries read the same record (I_1 = I_2)."""
    M1, M2 = inst.extra["M1"], inst.extra["M2"]
    if M1.inputs != M2.inputs:
        return Decision.true("vacuous", "different alphabets: no overlapping composition")
    e = _max([_mi_dp(M1), _mi_dp(M2)])
    ej = _mi_dp(M1.product(M2))
    return Outcome(_le(ej, e, "mi_dp(Y1,Y2) <= max eps_j with I_1 = I_2"), {"eps": e, "joint": ej})


_COR7 = Claim(
    "cuff2016.cor7", "Corollary 7 (Partial queries)", f"{SEED}, Section 4.2, Corollary 7, eq. (44)",
    "If several query responses {Y_1,...,Y_k} are produced conditionally independently of each other from disjoint "
    "subsets of the database entries, denoted as X_{I_1},...,X_{I_k}, with each mechanism P_{Y_j|X_{I_j}} "
    "satisfying eps-MI-DP individually, then as a collection P_{Y^k|X^n} also satisfies eps-MI-DP.",
    "implication",
    [Reading("literal", "n = 2, I_1 = {1}, I_2 = {2}: mi_dp(P_{Y_1,Y_2|X_1,X_2}) <= max_j mi_dp(P_{Y_j|X_{I_j}}) "
                        "(query channels with closed-form capacities)",
             _check_cor7, [Family("circulant / RR / erasure query pairs (seed 13)", _fam_cor7_closed)],
             expected=Verdict.CHECKED,
             notes="The bound holds with equality, so the families use channels whose capacities are exact "
                   "(two numeric enclosures of the same capacity could not decide '<=').  Random channels are "
                   "covered by the per-prior identity reading."),
     Reading("per-prior-identity-(44)", "for every prior (correlated allowed) and record i: "
                                        "I(X_i;Y_1,Y_2|X^{-i}) == I(X_i;Y_{f(i)}|X^{-i}) exactly",
             _check_cor7_identity,
             [Family("random parallel pairs, random correlated priors (seed 14)", _fam_cor7_priors)],
             expected=Verdict.CHECKED)])


# ======================================================================================
# Group privacy: Properties 7-9
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_group_random(seed=15, count=14, zeros=False):
    rng = random.Random(seed)
    spaces = [Hamming((0, 1), 2), Hamming((0, 1), 3), Hamming((0, 1, 2), 2), Hamming.product([[0, 1], [0, 1, 2]])]
    out = []
    for t in range(count):
        sp = spaces[t % len(spaces)]
        out.append(Instance(f"random {sp!r} #{t}", _mech(rng, sp, rng.choice((2, 3)), den=5, zeros=zeros)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_group_exhaustive():
    """All mechanisms on {0,1}^2 with binary output and P(Y=1|x) in {1/4, 1/2, 3/4} (81)."""
    sp = Hamming((0, 1), 2)
    vals = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4))
    return tuple(Instance(f"P(Y=1|x) = {[str(v) for v in t]}", Mechanism(sp, [0, 1], [[1 - v, v] for v in t]))
                 for t in itertools.product(vals, repeat=4))


@functools.lru_cache(maxsize=None)
def _fam_group_zoo():
    return tuple(Instance(repr(M), M) for M in (zoo.count_query_geometric(3, exp_eps=2),
                                                zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3),
                                                zoo.cuff_example_5_1(3, Fraction(1, 2))))


_F_GROUP = [Family("random zero-free mechanisms on small Hamming spaces (seed 15)", _fam_group_random),
            Family("random mechanisms with zeros (seed 16)", lambda: _fam_group_random(16, 8, True)),
            Family("exhaustive: {0,1}^2, binary output, P(Y=1|x) in {1/4,1/2,3/4}", _fam_group_exhaustive),
            Family("zoo: count query geometric, E_d, Example 5.1", _fam_group_zoo)]


def _pairs_within(space, k):
    D = np.asarray(space.distance_matrix())
    return [(int(i), int(j)) for i, j in zip(*np.nonzero((D >= 1) & (D <= k)))]


def _check_prop7(inst, *, slack=0):
    M = inst.mechanism
    e = _exact(_pure(M))
    parts, vals = [], {"pure_dp": e}
    for k in range(1, M.inputs.n + 1):
        g = _group_eps(M, k)
        vals[f"group_{k}"] = g
        parts.append((f"k={k}: eps_k <= {k - slack} eps", _le(g, _scale(k - slack, e))))
    return Outcome(_conj(parts), vals)


def _group_eps(M, k):
    """max over ordered pairs at Hamming distance <= k of D_oo(P_x || P_x') (exact LogForm or oo),
    by brute force over the pairs and outputs.  (divergence.group_privacy is not used: for k at the
    diameter it calls free_lunch, which raises on an all-zero output column -- reported.)"""
    best = None
    for i, j in _pairs_within(M.inputs, k):
        for p, q in zip(M.rows[i], M.rows[j]):
            if p:
                if not q:
                    return _OO
                best = p / q if best is None or p / q > best else best
    return LogForm.log(best) if best is not None else Fraction(0)


def _check_prop8(inst, *, slack=0):
    M = inst.mechanism
    d = _exact(dv.tv_dp(M))
    parts, vals = [], {"tv_dp": d}
    for k in range(1, M.inputs.n + 1):
        g = max((dv.tv(M.rows[i], M.rows[j]) for i, j in _pairs_within(M.inputs, k)), default=Fraction(0))
        vals[f"tv_group_{k}"] = g
        parts.append((f"k={k}: TV <= {k - slack} delta", _le(g, (k - slack) * d)))
    return Outcome(_conj(parts), vals)


def _delta_of(M, gamma, pairs):
    return max((dv.hockey_stick(M.rows[i], M.rows[j], gamma) for i, j in pairs), default=Fraction(0))


def _check_prop9(inst, *, variant="literal"):
    M = inst.mechanism
    g = Fraction(inst.params["gamma"])
    edges = [(int(i), int(j)) for i, j in M.inputs.directed_edges()]
    delta = _delta_of(M, g, edges)
    parts, vals = [], {"delta(eps)": delta}
    for k in range(1, M.inputs.n + 1):
        if variant == "k-1 eps":
            gk, coef = g ** (k - 1), (g ** k - 1) / (g - 1)
        elif variant == "k delta":
            gk, coef = g ** k, Fraction(k)
        else:
            gk, coef = g ** k, (g ** k - 1) / (g - 1)
        dk = _delta_of(M, gk, _pairs_within(M.inputs, k))
        vals[f"delta_{k}"] = dk
        parts.append((f"k={k}: E_(gamma^k) <= {coef} delta", _le(dk, coef * delta)))
    return Outcome(_conj(parts), vals)


@functools.lru_cache(maxsize=None)
def _fam_prop9(base: str):
    fams = {"random": (_fam_group_random(), (Fraction(11, 10), Fraction(3))),
            "exhaustive": (_fam_group_exhaustive(), (Fraction(2),)),
            "zoo": (_fam_group_zoo(), (Fraction(3, 2), Fraction(2), Fraction(3)))}
    insts, gammas = fams[base]
    return tuple(Instance(f"{inst.label}, e^eps = {g}", inst.mechanism, params={"gamma": g})
                 for inst in insts for g in gammas)


@functools.lru_cache(maxsize=None)
def _fam_prop9_tight():
    """Property 9 is attained: on {0,1}^2 with binary output put P_00 = (0, 1),
    P_01 = P_10 = (d, 1-d), P_11 = ((1+g)d, 1-(1+g)d).  Every neighbour pair has
    E_g <= d (with equality), and E_{g^2}(P_11 || P_00) = (1+g)d = (g^2-1)/(g-1) d."""
    sp = Hamming((0, 1), 2)
    out = []
    d = Fraction(1, 10)
    for g in (Fraction(3, 2), Fraction(2), Fraction(3)):
        rows = [[0, 1], [d, 1 - d], [d, 1 - d], [(1 + g) * d, 1 - (1 + g) * d]]
        out.append(Instance(f"tight construction, e^eps = {g}, delta = {d}", Mechanism(sp, [0, 1], rows),
                            params={"gamma": g}))
    return tuple(out)


_F_PROP9 = [Family("tight construction (equality in (47)) x e^eps in {3/2, 2, 3}", _fam_prop9_tight),
            Family("random zero-free mechanisms x e^eps in {11/10, 3}", lambda: _fam_prop9("random")),
            Family("exhaustive {0,1}^2 binary-output mechanisms, e^eps = 2", lambda: _fam_prop9("exhaustive")),
            Family("zoo mechanisms x e^eps", lambda: _fam_prop9("zoo"))]

_PROP7 = Claim(
    "cuff2016.prop7", "Property 7 (Epsilon)", f"{SEED}, Section 5, Property 7, eq. (45)",
    "Suppose x^n and x~^n are instances of the database that differ in at most k entries, and that the randomized "
    "mechanism P_{Y|X^n} is eps-DP. Then P_{Y|X^n=x^n} ~(k eps, 0) P_{Y|X^n=x~^n}. (45)",
    "implication",
    [Reading("literal", "on Hamming spaces, for k = 1..n: max over pairs at Hamming distance <= k of "
                        "max_y ln P(y|x)/P(y|x') <= k * pure_dp(M) (exact LogForms)",
             _check_prop7, _F_GROUP, expected=Verdict.CHECKED)])

_PROP8 = Claim(
    "cuff2016.prop8", "Property 8 (Delta)", f"{SEED}, Section 5, Property 8, eq. (46)",
    "Suppose x^n and x~^n are instances of the database that differ in at most k entries, and that the randomized "
    "mechanism P_{Y|X^n} is (delta)-DP. Then P_{Y|X^n=x^n} ~(0, k delta) P_{Y|X^n=x~^n}. (46)",
    "implication",
    [Reading("literal", "for k = 1..n: max TV over pairs at Hamming distance <= k <= k * tv_dp(M) (exact Fractions)",
             _check_prop8, _F_GROUP, expected=Verdict.CHECKED)])

_PROP9 = Claim(
    "cuff2016.prop9", "Property 9 (General)", f"{SEED}, Section 5, Property 9, eq. (47)",
    "Suppose x^n and x~^n are instances of the database that differ in at most k entries, and that the randomized "
    "mechanism P_{Y|X^n} is (eps,delta)-DP. Then "
    "P_{Y|X^n=x^n} ~(k eps, (e^{k eps}-1)/(e^eps-1) delta) P_{Y|X^n=x~^n}. (47)",
    "implication",
    [Reading("literal", "at rational gamma = e^eps > 1 with delta = delta(eps) = max over ordered neighbours of "
                        "E_gamma(P_x||P_x'): for k = 1..n every ordered pair at distance <= k has "
                        "E_{gamma^k}(P_x||P_x') <= (gamma^k - 1)/(gamma - 1) * delta (exact Fractions)",
             _check_prop9, _F_PROP9, expected=Verdict.CHECKED,
             notes="(eps, delta)-closeness is E_{e^eps} <= delta both ways (seed's E_gamma remark); checking the "
                   "tightest delta(eps) for each eps covers every (eps, delta) the mechanism satisfies.  eps = 0 "
                   "makes the coefficient 0/0; its limit k is Property 8.")])


# ======================================================================================
# Example 5.1, (53), Corollary 8
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _fam_ex51(Ns, es):
    return tuple(Instance(f"cuff_example_5_1(N={N}, e={e})", zoo.cuff_example_5_1(N, e), params={"N": N, "e": e})
                 for N in Ns for e in es)


def _check_ex51_cap(inst):
    M = inst.mechanism
    N, e = _int(inst.params["N"]), Fraction(inst.params["e"])
    C = _capacity(M)
    f1 = LogForm.log(N + 1) * e
    f2 = LogForm.log(len(M.outputs) - 1) * e
    parts = [("max_P I(X1,X2;Y) == e log(|X1|+1)", _eq(C, f1)), ("== e log(|Y|-1)", _eq(C, f2))]
    if e == Fraction(1, 2):  # independent certified cross-check (Blahut-Arimoto + arb certificate)
        num = _capacity(M, "numeric")
        parts.append(("numeric enclosure contains e log(|X1|+1)",
                      _conj([("lower", _le(num.lower, f1)), ("upper", _le(f1, num.upper))])))
    return Outcome(_conj(parts), {"capacity": C, "formula": f1})


def _check_ex51_midp(inst):
    M = inst.mechanism
    N, e = _int(inst.params["N"]), Fraction(inst.params["e"])
    m = _mi_dp(M)
    parts = [("mi_dp <= e ln 2", _le(m, _LOG2 * e))]
    if N >= 2:
        parts.append(("mi_dp == e ln 2 (binary erasure channel per context)", _eq(m, _LOG2 * e)))
    return Outcome(_conj(parts), {"mi_dp": m})


@functools.lru_cache(maxsize=None)
def _fam_ex51_group():
    return tuple(Instance(f"c={c}, N={2 ** c}", zoo.cuff_example_5_1(2 ** c, Fraction(1, 2)), params={"c": c})
                 for c in (1, 2, 3))


def _check_ex51_group(inst):
    M, c = inst.mechanism, _int(inst.params["c"])
    C, m = _capacity(M), _mi_dp(M)
    return Outcome(_gt(C, _scale(c, _exact(m)), f"max_P I(X1,X2;Y) > {c} * mi_dp"), {"capacity": C, "mi_dp": m})


_EX51 = Claim(
    "cuff2016.ex5_1", "Example 5.1 (no group property for MI-DP)", f"{SEED}, Section 5, Example 5.1, eqs. (48)-(51)",
    "If X_1 = X_2: Y = X_1 with probability eps, e_1 with probability 1-eps. (48) If X_1 != X_2: Y = e_2 with "
    "probability eps, e_1 with probability 1-eps. (49) This mechanism satisfies (eps ln 2)-MI-DP. ... On the other "
    "hand, the mutual information I(X_1,X_2;Y) is unbounded if there are no constraints on X_1 and X_2. Indeed, if we "
    "let X_1 be a continuous random variable, and we set X_2 = X_1, then I(X_1,X_2;Y) = oo. (50) More generally, if "
    "the domains X_1 and X_2 are equal, then the capacity of the erasure channel gives the achievable mutual "
    "information (where e_2 represents an additional input symbol selected by any choice of X_1 != X_2): "
    "max_{P_{X_1,X_2}} I(X_1,X_2;Y) = eps log(|X_1|+1) = eps log(|Y|-1). (51)",
    "value",
    [Reading("literal", "(51) for equal finite domains |X_1| = |X_2| = N >= 1 (finite analogue of the real-valued "
                        "entries; the paper's eps is the probability e): capacity == e log(N+1) == e log(|Y|-1)",
             _check_ex51_cap,
             [Family("N = 1..4, e in {1/2, 1/5}", lambda: _fam_ex51((1, 2, 3, 4), (Fraction(1, 2), Fraction(1, 5))))],
             expected=Verdict.REFUTED,
             notes="REFUTED only at the degenerate N = |X_1| = 1: there is no input with X_1 != X_2, so e_2 is "
                   "unreachable and the capacity is 0, not e log 2.  For N >= 2 the formula is exact (see "
                   "'nondegenerate'); the '+1' in |X_1|+1 is right (e_2 is the extra symbol), and equals |Y|-1."),
     Reading("nondegenerate", "(51) for N = |X_1| >= 2: capacity == e log(N+1) == e log(|Y|-1), and the "
                              "Blahut-Arimoto certified enclosure contains e log(N+1)",
             _check_ex51_cap, [Family("N = 2..5, e in {1/2, 1/5, 1}",
                                      lambda: _fam_ex51((2, 3, 4, 5), (Fraction(1, 2), Fraction(1, 5), Fraction(1))))],
             expected=Verdict.CHECKED),
     Reading("mi-dp", "the mechanism is (e ln 2)-MI-DP (mi_dp <= e ln 2), with equality when N >= 2",
             _check_ex51_midp, [Family("N = 1..5, e in {1/2, 1/5, 1}",
                                       lambda: _fam_ex51((1, 2, 3, 4, 5),
                                                         (Fraction(1, 2), Fraction(1, 5), Fraction(1))))],
             expected=Verdict.CHECKED),
     Reading("no-group-property", "finite analogue of 'unbounded': for c = 1, 2, 3 the domain N = 2^c gives "
                                  "max_P I(X_1,X_2;Y) > c * mi_dp (no bound c*eps on a group of k = 2 entries)",
             _check_ex51_group, [Family("e = 1/2, N = 2^c, c = 1..3", _fam_ex51_group)], expected=Verdict.CHECKED,
             notes="(50) (continuous X_1, I = oo) is not encodable; its finite analogue is this unbounded growth "
                   "e log(N+1) / (e ln 2) = log2(N+1).")])


@functools.lru_cache(maxsize=None)
def _fam_eq53_zoo():
    out = []
    for a in (Fraction(11, 10), Fraction(2), Fraction(5)):
        out.append(Instance(f"RR(exp_eps={a})", zoo.randomized_response(2, exp_eps=a)))
    for a in (Fraction(11, 10), Fraction(2)):
        out.append(Instance(f"count_query_geometric(2, exp_eps={a})", zoo.count_query_geometric(2, exp_eps=a)))
    out.append(Instance("E_d([0,1], 2, exp_eps=3/2)",
                        zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=Fraction(3, 2))))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_dp_random(seed=17):
    rng = random.Random(seed)
    out = []
    for t in range(3):
        out.append(Instance(f"random zero-free single record #{t}",
                            _mech(rng, Hamming(range(rng.choice((2, 3))), 1), rng.choice((2, 3)), den=5, zeros=False)))
    for t in range(2):
        out.append(Instance(f"random zero-free {{0,1}}^2 #{t}", _mech(rng, Hamming((0, 1), 2), 3, den=5, zeros=False)))
    return tuple(out)


_F_DP = [Family("zoo: RR, count query geometric, E_d", _fam_eq53_zoo),
         Family("random zero-free mechanisms, n = 1, 2 (seed 17)", _fam_dp_random)]


def _check_eq53(inst):
    M = inst.mechanism
    e = _exact(_pure(M))
    n = M.inputs.n
    C = _capacity(M)
    if e is _OO:
        return Outcome(Decision.true("infinity", "eps = oo: vacuous"), {"capacity": C})
    ne = to_sympy(_scale(n, e))
    bound = sympy.Min(ne, ne ** 2)
    return Outcome(_le(C, bound, "sup_P I(X^n;Y) <= min{n eps, (n eps)^2}"), {"capacity": C, "pure_dp": e})


_EQ53 = Claim(
    "cuff2016.eq53", "Claim (53)", f"{SEED}, Section 5, eqs. (52)-(53)",
    "If we apply Property 7 with k = n, the conclusion is that P_{Y|X^n=x^n} ~(n eps, 0) P_{Y|X^n=x~^n} (52) for any "
    "two databases x^n and x~^n. By revisiting the proof of Lemma 1, we obtain I(X^n;Y) <= min{n eps, (n eps)^2} "
    "nats. (53)",
    "implication",
    [Reading("all-priors", "sup_P I(X^n;Y) (capacity) <= min{n eps, (n eps)^2} with eps = pure_dp(M)",
             _check_eq53, _F_DP, expected=Verdict.CHECKED,
             notes="Checking the capacity covers every prior.  Dropping n (min{eps, eps^2}) was not refuted on "
                   "these small families: per-record capacities grow like eps^2/8, so n >= 6 records would be "
                   "needed; it is not used as a broken variant.")])


def _cor8_f(e: Fraction, k: int, Mcard: int):
    """(lower, upper) certified bounds of f(e) = 2h(d) + 2 d ln M, d = k sqrt(2e), or None if d <= 1
    is not certified (h is defined on [0, 1])."""
    if e == 0:
        return Fraction(0), Fraction(0)
    with working_precision(256):
        d = flint.arb(k) * (flint.arb(2) * flint.arb(_fq(e))).sqrt()
        one = flint.arb(1)
        if not (one - d) > 0:
            return None
        hd = -d * d.log() - (one - d) * (one - d).log()
        return arb_to_fractions(2 * hd + 2 * d * flint.arb(Mcard).log())


def _cor8_bound_lower(eps_lo, eps_hi, k, Mcard) -> Fraction | None:
    """Certified lower bound of min over eps in [eps_lo, eps_hi] of f(eps) (see :func:`_cor8_f`).
    f is concave in d on [0, 1] (f'' = -2/(d(1-d))) and d is increasing in eps, so the minimum
    over the interval is at an end point."""
    ends = [_cor8_f(e, k, Mcard) for e in (eps_lo, eps_hi)]
    return None if any(v is None for v in ends) else min(v[0] for v in ends)


def _check_cor8(inst, *, broken=False):
    M, k = inst.mechanism, _int(inst.params["k"])
    eps = _mi_dp(M)
    G = _group_mi(M, k)
    if broken:  # BROKEN variant: a group property k*eps without any cardinality term
        return Outcome(_le(G, _sum(*([eps] * k)), f"group MI (k={k}) <= k eps"), {"mi_dp": eps, "group": G})
    lo, hi = _bounds(eps)
    Mcard = min(len(M.outputs), max(len(a) for a in M.inputs.records) ** k + 1)
    vals = {"mi_dp": eps, "group": G, "M": Mcard}
    L = _cor8_bound_lower(max(lo, Fraction(0)), hi, k, Mcard)
    if L is None:
        return Outcome(Decision.undecided("arb", "k sqrt(2 eps) not certified <= 1"), vals)
    vals["bound_lower"] = L
    what = f"group MI (k={k}) <= 2h(k sqrt(2eps)) + 2k sqrt(2eps) ln M"
    if _bounds(G)[1] <= L:
        return Outcome(Decision.true("arb", f"{what}: group upper <= certified lower bound of the bound"), vals)
    if lo == hi:  # exact eps: refute only against an upper bound of f(eps) itself
        fe = _cor8_f(lo, k, Mcard)
        if fe is not None and _bounds(G)[0] > fe[1]:
            return Outcome(Decision.false("arb", f"{what}: group lower > bound upper {float(fe[1])}"), vals)
    return Outcome(Decision.undecided("arb", f"{what}: not separated by the enclosures"), vals)


def _cor8_hypothesis(inst):
    """The bound needs k sqrt(2 eps) <= 1 (h is defined on [0, 1]): 2 k^2 eps_upper <= 1."""
    k = _int(inst.params["k"])
    return 2 * k * k * _bounds(_mi_dp(inst.mechanism))[1] <= 1


@functools.lru_cache(maxsize=None)
def _fam_cor8_near_uniform(seed=18, count=2):
    rng = random.Random(seed)
    sp = Hamming((0, 1), 2)
    out = []
    for t in range(count):
        rows = []
        for _ in sp.points:
            d = Fraction(rng.randint(-3, 3), 40)
            rows.append([Fraction(1, 2) + d, Fraction(1, 2) - d])
        M = Mechanism(sp, [0, 1], rows)
        for k in (1, 2):
            out.append(Instance(f"near-uniform {{0,1}}^2 #{t}, k={k}", M, params={"k": k}))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_cor8_ex51():
    return tuple(Instance(f"cuff_example_5_1(N={N}, e=1/10), k={k}", zoo.cuff_example_5_1(N, Fraction(1, 10)),
                          params={"k": k}) for N in (2, 4) for k in (1, 2))


@functools.lru_cache(maxsize=None)
def _fam_cor8_zoo():
    out = []
    for M in (zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=Fraction(6, 5)),
              zoo.exponential_mechanism_hamming([0, 1, 2], 2, exp_eps=Fraction(11, 10)),
              zoo.count_query_geometric(2, exp_eps=Fraction(11, 10))):
        out += [Instance(f"{M!r}, k={k}", M, params={"k": k}) for k in (1, 2)]
    return tuple(out)


_F_COR8 = [Family("Example 5.1 with e = 1/10, N in {2, 4}, k in {1, 2}", _fam_cor8_ex51),
           Family("E_d and the count query with e^eps close to 1, k in {1, 2}", _fam_cor8_zoo),
           Family("near-uniform random mechanisms on {0,1}^2, k in {1, 2} (seed 18)", _fam_cor8_near_uniform,
                  slow=True)]

_COR8 = Claim(
    "cuff2016.cor8", "Corollary 8", f"{SEED}, Section 5, Corollary 8, eq. (54)",
    "Suppose the randomized mechanism P_{Y|X^n} satisfies eps-MI-DP. Then for any subset of indices I, with |I| = k, "
    "and with I^c = [n] \\ I, sup_{P_{X^n}} I(X_I;Y|X_{I^c}) <= 2h(k sqrt(2 eps)) + 2k sqrt(2 eps) log M, (54) "
    "where M = min{|Y|, (max_i |X_i|)^k + 1}.",
    "implication",
    [Reading("literal", "with eps = mi_dp(M) and k sqrt(2 eps) <= 1 (the domain of h): max over |I| = k of "
                        "sup_P I(X_I;Y|X_{I^c}) <= 2h(k sqrt(2eps)) + 2k sqrt(2eps) ln M (h in nats)",
             _check_cor8, _F_COR8, hypothesis=_cor8_hypothesis, expected=Verdict.CHECKED,
             notes="sup_P I(X_I;Y|X_{I^c}) = max over contexts x_{I^c} of the capacity of x_I -> Y.  The bound is "
                   "not monotone in eps (it decreases for k sqrt(2eps) > M/(M+1)), but it is concave in "
                   "d = k sqrt(2 eps), so its minimum over the certified eps-enclosure is at an end point; and it "
                   "never drops below 2 ln M, above every capacity here, so the tightest eps suffices.  Instances "
                   "with k sqrt(2eps) > 1 (h undefined) are skipped by the hypothesis.")])


# ======================================================================================
# Section 6: personalized, free-lunch, Bayesian and adversarial privacy
# ======================================================================================
def _events(m):
    for r in range(1, m + 1):
        yield from itertools.combinations(range(m), r)


def _record_eps_bruteforce(M: Mechanism, i: int):
    """(55) by definition: max over ordered pairs differing only in record i and nonempty events
    A of ln P(A|x)/P(A|x') (oo if P(A|x) > 0 = P(A|x'); 0/0 ignored)."""
    codes = M.inputs.record_codes()
    best = None
    for a, b in M.inputs.directed_edges():
        diff = np.flatnonzero(codes[a] != codes[b])
        if list(diff) != [i]:
            continue
        for A in _events(len(M.outputs)):
            pa = sum((M.rows[a][y] for y in A), Fraction(0))
            pb = sum((M.rows[b][y] for y in A), Fraction(0))
            if pa == 0:
                continue
            if pb == 0:
                return _OO
            r = pa / pb
            best = r if best is None or r > best else best
    return LogForm.log(best) if best is not None else Fraction(0)


@functools.lru_cache(maxsize=None)
def _fam_sec61(seed=19, count=10):
    rng = random.Random(seed)
    spaces = [Hamming.product([[0, 1], [0, 1, 2]]), Hamming((0, 1), 2)]
    return tuple(Instance(f"random #{t}", _mech(rng, spaces[t % 2], rng.choice((2, 3)), den=5, zeros=t % 3 == 0))
                 for t in range(count))


@functools.lru_cache(maxsize=None)
def _fam_sec61_midp(seed=20):
    rng = random.Random(seed)
    out = [Instance("random zero-free [0,1]x[0,1,2]",
                    _mech(rng, Hamming.product([[0, 1], [0, 1, 2]]), 2, den=5, zeros=False)),
           Instance("random zero-free {0,1}^2", _mech(rng, Hamming((0, 1), 2), 2, den=5, zeros=False)),
           Instance("E_d([0,1], 2, exp_eps=2)", zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=2))]
    return tuple(out)


def _check_sec61_def(inst):
    M = inst.mechanism
    vec = dv.personalized_dp_vector(M)
    parts = [(f"eps_{i} == brute force over events", _eq(vec[i], _record_eps_bruteforce(M, i)))
             for i in range(M.inputs.n)]
    return Outcome(_conj(parts), {"per_record": vec})


def _check_sec61_midp(inst):
    M = inst.mechanism
    vec = dv.personalized_dp_vector(M)
    parts, vals = [], {"per_record": vec}
    for i, e in enumerate(vec):
        m = _record_mi_dp(M, i)
        vals[f"mi_dp_{i}"] = m
        bound = _OO if e is _OO else sympy.Min(to_sympy(e), to_sympy(e) ** 2)
        parts.append((f"record {i}: sup_P I(X_i;Y|X^-i) <= min{{eps_i, eps_i^2}}", _le(m, bound)))
    return Outcome(_conj(parts), vals)


_SEC61 = Claim(
    "cuff2016.sec6_1", "Personalized DP (55) and its MI-DP analogue (56)", f"{SEED}, Section 6.1, eqs. (55)-(56)",
    "Personalized differential privacy addresses the situation where participants of the database may have different "
    "concerns about the level of privacy. This is handled by assigning a different eps_i for each database entry X_i. "
    "That is, for any database instances x^n and x~^n which differ in only the i-th place, "
    "P_{Y|X^n=x^n} ~(eps_i, 0) P_{Y|X^n=x~^n}. (55) The modification to MI-DP would be to require that for each i, "
    "sup_{P_{X^n}} I(X_i;Y|X^{-i}) <= eps_i nats. (56)",
    "definition",
    [Reading("definition-(55)", "personalized_dp_vector(M)[i] equals the definition: max over pairs differing only "
                                "in record i and all events A of ln P(A|x)/P(A|x')",
             _check_sec61_def, [Family("random mechanisms on [0,1]x[0,1,2] and {0,1}^2 (seed 19)", _fam_sec61)],
             expected=Verdict.CHECKED),
     Reading("(55)-implies-(56)", "per-record Lemma 1: a mechanism with per-record levels eps_i (55) satisfies (56) "
                                  "with min{eps_i, eps_i^2}: sup_P I(X_i;Y|X^{-i}) <= min{eps_i, eps_i^2}",
             _check_sec61_midp, [Family("zero-free mechanisms with unequal records; E_d (seed 20)", _fam_sec61_midp)],
             expected=Verdict.CHECKED,
             notes="The seed only says (56) is 'the modification to MI-DP'; this reading checks that it is the "
                   "analogue in the sense of Theorem 1 (Lemma 1 (23) applied record by record).")])


@functools.lru_cache(maxsize=None)
def _fam_sec62_priors(seed=21):
    rng = random.Random(seed)
    out = []
    for t in range(2):
        M = _mech(rng, Hamming((0, 1), 2), rng.choice((2, 3)), den=5, zeros=False)
        out.append(Instance(f"random {{0,1}}^2 #{t}", M, _prior(rng, M.inputs)))
    M = _mech(rng, Hamming((0, 1), 3), 2, den=5, zeros=False)
    out.append(Instance("random {0,1}^3", M, _prior(rng, M.inputs)))
    return tuple(out)


def _check_sec62_58(inst):
    M = inst.mechanism
    C, f = _capacity(M), dv.free_lunch(M)
    return Outcome(_le(C, f, "sup_P I(X^n;Y) <= free-lunch eps"), {"capacity": C, "free_lunch": f})


def _disjoint_pairs(n):
    for r in range(1, n + 1):
        for I in itertools.combinations(range(n), r):
            rest = [j for j in range(n) if j not in I]
            for s in range(len(rest) + 1):
                for J in itertools.combinations(rest, s):
                    yield I, J


def _check_sec62_59(inst):
    M, P = inst.mechanism, inst.prior
    C = _capacity(M)
    j = _mech_joint(M, P)
    n = M.inputs.n
    parts = [(f"I(X_{I};Y|X_{J}) <= sup_P I(X^n;Y)", _le(_cmi(j, I, (n,), J), C)) for I, J in _disjoint_pairs(n)]
    return Outcome(_conj(parts), {"capacity": C})


_SEC62 = Claim(
    "cuff2016.sec6_2", "Free-lunch privacy (57)-(59)", f"{SEED}, Section 6.2, eqs. (57)-(59)",
    "A mechanism P_{Y|X^n} is eps-free-lunch private if every pair of database instances x^n and x~^n satisfies "
    "P_{Y|X^n=x^n} ~(eps, 0) P_{Y|X^n=x~^n}. (57) The MI-DP equivalent of this would be "
    "sup_{P_{X^n}} I(X^n;Y) <= eps nats. (58) We can easily see the strength of this definition by applying the "
    "chain rule of mutual information (Property 6) to (58). The result is that for any pair of disjoint index sets "
    "I and J, sup_{P_{X^n}} I(X_I;Y|X_J) <= eps nats. (59)",
    "implication",
    [Reading("(57)-implies-(58)", "sup_P I(X^n;Y) <= free_lunch(M)", _check_sec62_58,
             _F_DP + [Family("Example 5.1 and one-time pad",
                             lambda: (Instance("ex5.1 N=3", zoo.cuff_example_5_1(3, Fraction(1, 2))),
                                      Instance("otp N=3", zoo.one_time_pad(3))))],
             expected=Verdict.CHECKED),
     Reading("(58)-implies-(59)", "for every prior P and disjoint I (nonempty), J: "
                                  "I_P(X_I;Y|X_J) <= sup_Q I_Q(X^n;Y) (exact LogForm vs capacity enclosure)",
             _check_sec62_59, [Family("random mechanisms on {0,1}^2, {0,1}^3 with random priors (seed 21)",
                                      _fam_sec62_priors)], expected=Verdict.CHECKED,
             notes="sup_P f(P) <= eps iff f(P) <= eps for every P, so checking sampled priors against the tightest "
                   "eps of (58) is the claim restricted to those priors.")])


@functools.lru_cache(maxsize=None)
def _fam_sec63(seed=22, count=10):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming((0, 1), 3) if t % 4 == 3 else Hamming((0, 1), 2)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5, zeros=False)
        out.append(Instance(f"random {sp!r} #{t}, correlated prior", M, _prior(rng, sp, zeros=t % 2 == 0)))
    return tuple(out)


def _bdp(inst):
    return _exact(bayesian_dp(inst.mechanism, prior=inst.prior))


def _check_sec63_61(inst):
    M, e = inst.mechanism, _bdp(inst)
    j, n = _mech_joint(M, inst.prior), M.inputs.n
    parts = []
    for i in range(n):
        others = [x for x in range(n) if x != i]
        for r in range(len(others) + 1):
            for S in itertools.combinations(others, r):
                parts.append((f"I(X_{i};Y|X_{S}) <= eps_BDP", _le(_cmi(j, (i,), (n,), S), e)))
    return Outcome(_conj(parts), {"bayesian_dp": e})


def _check_sec63_62(inst):
    M, e = inst.mechanism, _bdp(inst)
    j, n = _mech_joint(M, inst.prior), M.inputs.n
    parts = [(f"I(X_{I};Y|X_{J}) <= {len(I)} eps_BDP", _le(_cmi(j, I, (n,), J), _scale(len(I), e)))
             for I, J in _disjoint_pairs(n)]
    return Outcome(_conj(parts), {"bayesian_dp": e})


def _check_sec63_63(inst, *, factor=None):
    M, e = inst.mechanism, _bdp(inst)
    n = M.inputs.n
    I = info.mi_privacy(M, prior=inst.prior)
    k = n if factor is None else factor
    return Outcome(_le(I, _scale(k, e), f"I(X^n;Y) <= {k} eps_BDP"), {"bayesian_dp": e, "I": I})


_F_SEC63 = [Family("random zero-free mechanisms on {0,1}^2, {0,1}^3, random priors with zeros (seed 22)", _fam_sec63)]

_SEC63 = Claim(
    "cuff2016.sec6_3", "Bayesian differential privacy (60)-(63)", f"{SEED}, Section 6.3, eqs. (60)-(63)",
    "Given a prior distribution P_{X^n}, a mechanism P_{Y|X^n} is eps-Bayesian differentially private if, for any "
    "index i and subset of indices I, P_{Y|X_i=x_i,X_I=x_I} ~(eps, 0) P_{Y|X_i=x~_i,X_I=x_I}. (60) ... The MI-DP "
    "equivalent is, for any index i and subset of indices I, I(X_i;Y|X_I) <= eps nats, (61) which is in fact implied "
    "by (60). ... the chain rule of mutual information (Property 6) in this case implies that for any two disjoint "
    "index sets I and J, I(X_I;Y|X_J) <= |I| eps nats. (62) Consequently, I(X^n;Y) <= n eps nats. (63)",
    "implication",
    [Reading("(60)-implies-(61)", "with eps = bayesian_dp(M, P) (the tightest eps of (60)), for every i and "
                                  "S subset of [n] \\ {i}: I(X_i;Y|X_S) <= eps",
             _check_sec63_61, _F_SEC63, expected=Verdict.CHECKED,
             notes="(60) read with I ranging over subsets not containing i and conditioning events of positive "
                   "prior probability (bayesian_dp's conventions)."),
     Reading("(62)", "for disjoint I (nonempty), J: I(X_I;Y|X_J) <= |I| eps_BDP", _check_sec63_62, _F_SEC63,
             expected=Verdict.CHECKED),
     Reading("(63)", "I(X^n;Y) <= n eps_BDP", _check_sec63_63, _F_SEC63, expected=Verdict.CHECKED)])


@functools.lru_cache(maxsize=None)
def _fam_sec64(seed=23, count=16):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming((0, 1), 2) if t % 2 else Hamming(range(3), 1)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5)
        out.append(Instance(f"random {sp!r} #{t}", M, _prior(rng, sp, zeros=t % 3 == 0)))
    return tuple(out)


def _check_sec64_65(inst):
    a = info.adversarial_privacy(inst.mechanism, prior=inst.prior)
    I = info.mi_privacy(inst.mechanism, prior=inst.prior)
    return Outcome(_le(I, a, "I(X^n;Y) <= adversarial eps"), {"adversarial": a, "I": I})


def _check_sec64_def(inst):
    M, P = inst.mechanism, inst.prior
    best = None
    for y in range(len(M.outputs)):
        py = sum((P.pmf[x] * M.rows[x][y] for x in range(len(P.pmf))), Fraction(0))
        if py == 0:
            continue
        for x, px in enumerate(P.pmf):
            if px:
                post = px * M.rows[x][y] / py
                r = post / px
                best = r if best is None or r > best else best
    a = info.adversarial_privacy(M, prior=P)
    return Outcome(_eq(a, LogForm.log(best), "adversarial_privacy == max_y max_x ln P(x|y)/P(x)"), {"adversarial": a})


_F_SEC64 = [Family("random mechanisms and priors (zeros allowed, seed 23)", _fam_sec64)]

_SEC64 = Claim(
    "cuff2016.sec6_4", "Adversarial privacy (64)-(65)", f"{SEED}, Section 6.4, eqs. (64)-(65)",
    "Third, it asymmetrically requires ln dP_{X^n|Y=y}/dP_{X^n} <= eps for all y in Y. (64) ... Since mutual "
    "information is the expected value of the quantity on the left of (64), it is clear that adversarial privacy "
    "implies I(X^n;Y) <= eps nats. (65)",
    "implication",
    [Reading("(64)-implies-(65)", "I_P(X^n;Y) <= adversarial_privacy(M, P) (tightest eps of (64))",
             _check_sec64_65, _F_SEC64, expected=Verdict.CHECKED),
     Reading("definition-(64)", "adversarial_privacy(M, P) equals max over y with P(y) > 0 and x with P(x) > 0 of "
                                "ln P(x|y)/P(x), with the posterior computed from Bayes' rule",
             _check_sec64_def, _F_SEC64, expected=Verdict.CHECKED)])


# ======================================================================================
# Section 7: Sibson / Arimoto / Csiszar alpha-mutual information
# ======================================================================================
def _fq(q: Fraction):
    return flint.fmpq(q.numerator, q.denominator)


def _cond_renyi_ball(P, W, Q, a: Fraction, prec: int = 256):
    """D_a(P_{Y|X} || Q | P_X) = 1/(a-1) ln sum_x P(x) sum_y W(y|x)^a Q(y)^(1-a) as an arb ball
    (Q > 0 everywhere; the conditional Renyi divergence of (66), as in the proof (68))."""
    with working_precision(prec):
        fa = _fq(a)
        s = flint.arb(0)
        for px, row in zip(P, W):
            if px:
                for w, q in zip(row, Q):
                    if w:
                        s += flint.arb(_fq(px)) * flint.arb(_fq(w)) ** fa * flint.arb(_fq(q)) ** (1 - fa)
        return s.log() / flint.arb(fa - 1)


def _rationalise(p, den=1 << 20):
    approx = [max(Fraction(float(v)).limit_denominator(den), Fraction(1, den)) for v in p]
    s = sum(approx)
    return [v / s for v in approx]


@functools.lru_cache(maxsize=None)
def _fam_sibson_def(seed=24, count=4):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3))), 1)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5)
        while len(set(M.rows)) == 1:  # identical rows: every Q = W_0 attains 0 exactly; not sampled here
            M = _mech(rng, sp, len(M.outputs), den=5)
        P = _prior(rng, sp, zeros=False)
        for a in (Fraction(1, 2), Fraction(2), Fraction(3)):
            out.append(Instance(f"random #{t}, alpha={a}", M, P, params={"alpha": a}))
    return tuple(out)


def _check_sibson_min(inst):
    M, P = inst.mechanism, inst.prior
    a = Fraction(inst.params["alpha"])
    s = sb.sibson_mi(M, alpha=a, prior=P, method="arb")
    lo, hi = _bounds(s)
    W = M.rows
    rng = random.Random(zlib.crc32(f"{inst.label}|{a}".encode()))  # reproducible (str hash is salted)
    Qs = [_pmf(rng, len(M.outputs), den=7, zeros=False) for _ in range(3)]
    # Sibson's minimiser Q*(y) ~ (sum_x P(x) W(y|x)^a)^(1/a), chosen in floats, rationalised (floats only choose Q)
    sf = [sum(float(p) * float(r[y]) ** float(a) for p, r in zip(P.pmf, W)) ** (1 / float(a))
          for y in range(len(M.outputs))]
    qstar = _rationalise([v / sum(sf) for v in sf])
    parts = []
    for k, Q in enumerate(Qs + [qstar]):
        dlo, dhi = arb_to_fractions(_cond_renyi_ball(P.pmf, W, Q, a))
        parts.append((f"closed form <= D_a(W||Q_{k}|P)", Decision.true("arb", "") if hi <= dlo else
                      Decision.false("arb", f"closed form {float(lo)} > D_a {float(dhi)}") if lo > dhi else
                      Decision.undecided("arb", "overlap")))
    dlo, dhi = arb_to_fractions(_cond_renyi_ball(P.pmf, W, qstar, a))
    tol = Fraction(1, 1 << 20)
    parts.append(("D_a(W||Q*_rational|P) <= closed form + 2^-20",
                  Decision.true("arb", "") if dhi <= lo + tol
                  else Decision.undecided("arb", "minimiser not approached")))
    return Outcome(_conj(parts), {"sibson": s})


@functools.lru_cache(maxsize=None)
def _fam_sibson_shannon(seed=25, count=4):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3))), 1)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5)
        out.append(Instance(f"random #{t}", M, _prior(rng, sp, zeros=False)))
    return tuple(out)


def _check_sibson_shannon(inst):
    M, P = inst.mechanism, inst.prior
    I = info.mi_privacy(M, prior=P)
    s = {t: (sb.sibson_mi(M, alpha=1 - t, prior=P, method="arb"),
             sb.sibson_mi(M, alpha=1 + t, prior=P, method="arb"))
         for t in (Fraction(1, 10), Fraction(1, 100))}
    parts = []
    for t, (lo_m, hi_m) in s.items():
        parts += [(f"I_(1-{t}) <= I", _le(lo_m, I)), (f"I <= I_(1+{t})", _le(I, hi_m))]
    w10 = _bounds(s[Fraction(1, 10)][1])[0] - _bounds(s[Fraction(1, 10)][0])[1]
    w100 = _bounds(s[Fraction(1, 100)][1])[1] - _bounds(s[Fraction(1, 100)][0])[0]
    parts.append(("bracket shrinks (t = 1/100 inside t = 1/10 width)", _le(w100, max(w10, Fraction(0)))))
    return Outcome(_conj(parts), {"I": I})


_DEF_SIBSON = Claim(
    "cuff2016.def_sibson", "Sibson's alpha-mutual information (66)", f"{SEED}, Section 7, eq. (66)",
    "Here we adopt Sibson's proposal: I^s_alpha(X;Y) = min_{Q_Y} D_alpha(P_{Y|X} || Q_Y | P_X), (66) where D_alpha "
    "is the conditional Renyi divergence of order alpha and the minimization is over all distributions Q_Y on Y. "
    "Shannon's mutual information corresponds to alpha = 1.",
    "definition",
    [Reading("closed-form-is-the-min", "sibson_mi (closed form alpha/(alpha-1) ln sum_y (sum_x P W^alpha)^(1/alpha)) "
                                       "<= D_alpha(P_{Y|X}||Q|P_X) for sampled rational Q, and a rationalised "
                                       "Sibson minimiser Q* gets within 2^-20 of it (alpha in {1/2, 2, 3})",
             _check_sibson_min, [Family("random channels and priors x alpha (seed 24)", _fam_sibson_def)],
             expected=Verdict.CHECKED,
             notes="Equality of the closed form with D_alpha at the (irrational) exact minimiser is not decided; the "
                   "check certifies closed form <= inf_Q D_alpha <= closed form + 2^-20 on each instance."),
     Reading("alpha-1-is-shannon", "I^s_(1-t) <= I(X;Y) <= I^s_(1+t) for t in {1/10, 1/100}, and the bracket "
                                   "shrinks (I^s_alpha is nondecreasing in alpha and continuous at 1)",
             _check_sibson_shannon, [Family("random channels and priors (seed 25)", _fam_sibson_shannon)],
             expected=Verdict.CHECKED)])


def _check_lemma9(inst):
    M = inst.mechanism
    a = inst.params["alpha"]
    alpha = _OO if a == _OO else Fraction(a)
    e = _exact(_pure(M))
    parts, vals = [], {"pure_dp": e}
    for i in range(M.inputs.n):
        for ctx in _contexts(M, (i,)):
            S = _sub(M, (i,), ctx)
            c = _capacity(S) if alpha == 1 else _sibson_cap(S, alpha)
            vals[f"record {i} context {ctx}"] = c
            parts.append((f"sup_P I^s_alpha(X_{i};Y|X^-{i}={ctx}) <= eps", _le(c, e)))
    return Outcome(_conj(parts), vals)


@functools.lru_cache(maxsize=None)
def _fam_lemma9(seed=26):
    rng = random.Random(seed)
    out = []
    alphas = (Fraction(1, 2), Fraction(2), _OO, Fraction(1))
    for t in range(2):
        M = _mech(rng, Hamming(range(rng.choice((2, 3))), 1), rng.choice((2, 3)), den=5, zeros=False)
        out += [Instance(f"random single record #{t}, alpha={a}", M, params={"alpha": a}) for a in alphas]
    M = _mech(rng, Hamming((0, 1), 2), 2, den=5, zeros=False)
    out += [Instance(f"random {{0,1}}^2, alpha={a}", M, params={"alpha": a}) for a in (Fraction(2), _OO)]
    R = zoo.randomized_response(3, exp_eps=2)
    out += [Instance(f"RR_3(exp_eps=2), alpha={a}", R, params={"alpha": a}) for a in (Fraction(1, 2), Fraction(3), _OO)]
    return tuple(out)


_LEMMA9 = Claim(
    "cuff2016.lemma9", "Lemma 9 (alpha-mutual-information upper bound)", f"{SEED}, Section 7, Lemma 9, eq. (67)",
    "If a randomized mechanism P_{Y|X^n} satisfies eps-DP, then for all alpha >= 0, i, and instances of the remainder "
    "of the database x^{-i}, sup_{P_{X_i}} I^s_alpha(X_i;Y|X^{-i}=x^{-i}) <= eps nats. (67)",
    "implication",
    [Reading("literal", "for alpha in {1/2, 1, 2, 3, oo}, every record i and context x^{-i}: the Sibson capacity of "
                        "x_i -> P(.|x_i, x^{-i}) <= pure_dp(M)",
             _check_lemma9, [Family("random zero-free mechanisms and RR_3 x alpha (seed 26)", _fam_lemma9)],
             expected=Verdict.CHECKED,
             notes="alpha = 0 is not checked: Sibson's I_0 is a limit and sibson_capacity needs alpha > 0.  "
                   "alpha = 1 uses the Shannon capacity.")])


@functools.lru_cache(maxsize=None)
def _fam_cor10(seed=27):
    rng = random.Random(seed)
    out = []
    Ed3 = zoo.exponential_mechanism_hamming(range(3), 2, exp_eps=3)
    out += [Instance(f"E_d(range(3), 2, exp_eps=3), alpha={a}", Ed3, params={"alpha": a}) for a in (_OO, Fraction(2))]
    Ed = zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)
    out += [Instance(f"E_d([0,1], 2, exp_eps=3), alpha={a}", Ed, params={"alpha": a}) for a in (Fraction(1, 2), _OO)]
    for t in range(2):
        M = _mech(rng, Hamming((0, 1), 2), rng.choice((2, 3)), den=5, zeros=False)
        out += [Instance(f"random {{0,1}}^2 #{t}, alpha={a}", M, params={"alpha": a}) for a in (Fraction(2), _OO)]
    return tuple(out)


def _check_cor10(inst, *, factor=None):
    M = inst.mechanism
    a = inst.params["alpha"]
    alpha = _OO if a == _OO else Fraction(a)
    e = _exact(_pure(M))
    k = M.inputs.n if factor is None else factor
    c = _sibson_cap(M, alpha)
    return Outcome(_le(c, _scale(k, e), f"sup_P I^s_alpha(X^n;Y) <= {k} eps"), {"sibson_capacity": c, "pure_dp": e})


_COR10 = Claim(
    "cuff2016.cor10", "Corollary 10", f"{SEED}, Section 7, Corollary 10, eq. (70)",
    "If the mechanism P_{Y|X^n} satisfies eps-DP, then sup_{P_{X^n}} I^s_alpha(X^n;Y) <= n eps nats. (70)",
    "implication",
    [Reading("literal", "sibson_capacity(M, alpha) <= n * pure_dp(M) for alpha in {1/2, 2, oo}",
             _check_cor10,
             [Family("E_d on {0,1}^2 and {0,1,2}^2, random zero-free {0,1}^2 x alpha (seed 27)", _fam_cor10)],
             expected=Verdict.CHECKED)])


def _arimoto_T(P, W, a):
    """exp((a-1)/a * I^a_a(P)) = sum_y (sum_x P(x,y)^a)^(1/a) / (sum_x P(x)^a)^(1/a) (sympy, exact),
    from Arimoto's I^a = H_a(X) - H^a_a(X|Y), H_a(X) = 1/(1-a) ln sum_x P(x)^a and
    H^a_a(X|Y) = a/(1-a) ln sum_y (sum_x P(x,y)^a)^(1/a); ``a`` a positive rational != 1."""
    a = Fraction(a)
    A = sympy.Rational(a.numerator, a.denominator)
    R = lambda q: sympy.Rational(q.numerator, q.denominator)  # noqa: E731
    S = sympy.Add(*[R(p) ** A for p in P])
    return S ** (-1 / A) * sympy.Add(*[sympy.Add(*[(R(p) * R(r[y])) ** A for p, r in zip(P, W)]) ** (1 / A)
                                       for y in range(len(W[0]))])


@functools.lru_cache(maxsize=None)
def _fam_escort(alphas=(2,), seed=28, count=4):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3))), 1)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5)
        P = _prior(rng, sp, den=5)
        for a in alphas:
            out.append(Instance(f"random #{t}, alpha={a}", M, P, params={"alpha": a}))
    return tuple(out)


def _check_escort(inst):
    M, P = inst.mechanism, inst.prior
    a = _int(inst.params["alpha"])
    Pa = [p ** a / sum(q ** a for q in P.pmf) for p in P.pmf]
    s = sb.sibson_mi(M, alpha=a, prior=Prior(M.inputs, Pa), method="exact")
    d = _same_log_argument(s.value, _arimoto_T(P.pmf, M.rows, a), a, "I^a_alpha(P) == I^s_alpha(P_alpha)")
    return Outcome(d, {"sibson_at_escort": s})


def _same_log_argument(value, T, a, what) -> Decision:
    """Decide value == a/(a-1) ln T for an exact value and an algebraic T > 0 (a != 1 rational):
    equivalently exp((a-1)/a * value) == T.  sympy rewrites exp(c log x) to x^c exactly, and
    sums of rational radicals are compared after ``expand`` (exact rewriting); the kernel
    (arb, then simplify) is the fallback."""
    a = Fraction(a)
    Ts = sympy.exp(to_sympy(value) * sympy.Rational(a.numerator - a.denominator, a.numerator))
    diff = sympy.expand(Ts - T)
    if diff == 0:
        return Decision.true("sympy-expand", f"{what}: exp((a-1)/a value) - T expands to exactly 0")
    d = compare(Ts, "==", T)
    return Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)


@functools.lru_cache(maxsize=None)
def _fam_symmetric(seed=29):
    rng = random.Random(seed)
    out = []
    chans = [_circulant(rng, 2), _circulant(rng, 3), zoo.randomized_response(3, exp_eps=2)]
    for M in chans:
        for a in (Fraction(1, 2), Fraction(2), Fraction(3)):
            out.append(Instance(f"{M!r}, alpha={a}", M, params={"alpha": a}))
    return tuple(out)


def _multiset(v):
    return tuple(sorted(v))


def _check_symmetric(inst):
    M = inst.mechanism
    a = Fraction(inst.params["alpha"])
    A = sympy.Rational(a.numerator, a.denominator)
    W = M.rows
    k, m = len(W), len(W[0])
    if not (all(_multiset(r) == _multiset(W[0]) for r in W)
            and all(_multiset(c) == _multiset([r[0] for r in W]) for c in zip(*W))):
        return Decision.undecided("hypothesis", "rows and columns must be permutations of each other")
    S = _sibson_cap(M, a)
    # Csiszar: sup_P min_Q sum_x P(x) D_a(W_x||Q) = D_a(W_0||U) here (module docstring of the claim)
    R = lambda q: sympy.Rational(q.numerator, q.denominator)  # noqa: E731
    # Csiszar: D_a(W_0||U) = ln m + 1/(a-1) ln sum_y W_0(y)^a = a/(a-1) ln T_c
    T_c = (sympy.Integer(m) ** (A - 1) * sympy.Add(*[R(w) ** A for w in W[0] if w])) ** (1 / A)
    # Arimoto at the uniform prior (its escort is itself): H_a(U) - H^a_a(X|Y) = a/(a-1) ln T_a
    T_a = _arimoto_T([Fraction(1, k)] * k, W, a)
    parts = [("Sibson capacity == Csiszar capacity", _same_log_argument(S.value, T_c, a, "Sibson == Csiszar")),
             ("Sibson capacity == Arimoto I^a at the uniform prior",
              _same_log_argument(S.value, T_a, a, "Sibson == Arimoto(U)"))]
    return Outcome(_conj(parts), {"sibson": S, "csiszar_T": T_c, "arimoto_T": T_a})


_EQ71 = Claim(
    "cuff2016.eq71", "Claim (71)", f"{SEED}, Section 7, eq. (71)",
    "Furthermore, for alpha > 0, when maximizing over database distributions P_{X^n}, all three notions of "
    "alpha-mutual-information discussed in [24] are equivalent. Thus, sup_{P_{X^n}} I^s_alpha(X^n;Y) = "
    "sup_{P_{X^n}} I^a_alpha(X^n;Y) = sup_{P_{X^n}} I^c_alpha(X^n;Y) <= n eps nats. (71)",
    "identity",
    [Reading("sibson-equals-arimoto", "Arimoto's I^a_alpha(P) == Sibson's I^s_alpha(P_alpha) for the escort "
                                      "P_alpha ~ P^alpha (exact, alpha = 2; alpha = 3 in the slow family); the escort "
                                      "map is a bijection of the simplex, so the suprema are equal",
             _check_escort, [Family("random channels and priors, alpha = 2 (seed 28)", _fam_escort),
                             Family("random channels and priors, alpha = 3 (seed 28)",
                                    lambda: _fam_escort((3,)), slow=True)],
             expected=Verdict.CHECKED,
             notes="I^a_alpha is computed from Arimoto's definition H_alpha(X) - H^a_alpha(X|Y), independently of "
                   "the measure's Sibson formula."),
     Reading("symmetric-channels-all-three", "for channels whose rows and columns are permutations of each other "
                                             "(circulant, RR_3) and alpha in {1/2, 2, 3}: Sibson capacity == "
                                             "Csiszar capacity == Arimoto's value at the uniform prior, exactly",
             _check_symmetric, [Family("circulant 2x2, 3x3 and RR_3 x alpha (seed 29)", _fam_symmetric)],
             expected=Verdict.CHECKED,
             notes="Csiszar capacity of such channels, derived here: <= max_x D_a(W_x||U) = D_a(W_0||U) (radius "
                   "bound), and >= I^c_a(U) = min_Q (1/k) sum_x D_a(W_x||Q) = D_a(W_0||U) because D_a(W||Q) is "
                   "convex in Q (van Erven-Harremoes 2014, Thm 12) and its gradient at Q = U is constant in y when "
                   "the column power sums are equal (KKT).  The general-channel equality with Csiszar's notion "
                   "is not decided (two enclosures of equal irrational numbers cannot prove '==').")])


@functools.lru_cache(maxsize=None)
def _fam_leak(seed=30, count=8):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming((0, 1), 2) if t % 3 == 2 else Hamming(range(rng.choice((2, 3))), 1)
        M = _mech(rng, sp, rng.choice((2, 3)), den=5)
        P = Prior.uniform(sp) if t % 4 == 0 else _prior(rng, sp, zeros=t % 2 == 1)
        out.append(Instance(f"random #{t}", M, P))
    return tuple(out)


def _i_inf_bruteforce(M, P):
    """(72)-(73) from the posterior: H_inf(X) = -ln max P(x); H_inf(X|Y) = -ln sum_y P(y) max_x P(x|y)."""
    acc = Fraction(0)
    for y in range(len(M.outputs)):
        py = sum((P.pmf[x] * M.rows[x][y] for x in range(len(P.pmf))), Fraction(0))
        if py:
            acc += py * max(P.pmf[x] * M.rows[x][y] / py for x in range(len(P.pmf)))
    return -LogForm.log(max(P.pmf)) + LogForm.log(acc)


def _check_leak_def(inst):
    v = info.min_entropy_leakage(inst.mechanism, prior=inst.prior)
    want = _i_inf_bruteforce(inst.mechanism, inst.prior)
    return Outcome(_eq(v, want, "I_inf == H_inf(X) - H_inf(X|Y)"), {"I_inf": v})


def _arimoto_ball(P, W, a: int, prec: int = 256):
    """Arimoto's I^a_a(P) = a/(a-1) [ln sum_y (sum_x P(x,y)^a)^(1/a) - (1/a) ln sum_x P(x)^a] (arb ball)."""
    with working_precision(prec):
        S = flint.arb(0)
        for p in P:
            S += flint.arb(_fq(p)) ** a
        T = flint.arb(0)
        for y in range(len(W[0])):
            s = flint.arb(0)
            for p, r in zip(P, W):
                s += (flint.arb(_fq(p)) * flint.arb(_fq(r[y]))) ** a
            T += s.root(a) if s != 0 else 0
        return flint.arb(flint.fmpq(a, a - 1)) * (T.log() - S.log() / a)


def _check_leak_limit(inst):
    M, P = inst.mechanism, inst.prior
    I = _i_inf_bruteforce(M, P)
    k = sum(1 for p in P.pmf if p)
    Ilo, Ihi = _bounds(I)
    parts = []
    for a in (2, 4, 8, 16, 64):
        bound = (I + LogForm.log(k)) / (a - 1)
        blo = _bounds(bound)[0]
        lo, hi = arb_to_fractions(_arimoto_ball(P.pmf, M.rows, a))
        if hi - Ilo <= blo and Ihi - lo <= blo:  # certified by the balls
            d = Decision.true("arb", "")
        else:  # tight (e.g. a point-mass prior: both sides exactly 0): decide exactly in sympy
            Ia = sympy.Rational(a, a - 1) * sympy.log(_arimoto_T(P.pmf, M.rows, a))
            Is = I.to_sympy()
            d = _conj([("upper", _le(Ia - Is, bound)), ("lower", _le(Is - Ia, bound))])
        parts.append((f"|I^a_{a} - I_inf| <= (I_inf + ln k)/({a}-1)", d))
    return Outcome(_conj(parts), {"I_inf": I})


def _check_leak_71(inst):
    M, P = inst.mechanism, inst.prior
    v = info.min_entropy_leakage(M, prior=P)
    c = _sibson_cap(M, _OO)
    if all(p == P.pmf[0] for p in P.pmf):
        return Outcome(_eq(v, c, "uniform prior attains sup_P I_inf = I^s_oo capacity"), {"I_inf": v, "cap": c})
    return Outcome(_le(v, c, "I_inf(P) <= sup_P I^s_oo"), {"I_inf": v, "cap": c})


_F_LEAK = [Family("random channels, priors (uniform / random / with zeros) (seed 30)", _fam_leak)]

_EQ72 = Claim(
    "cuff2016.eq72_73", "Min-entropy leakage (72)-(73)", f"{SEED}, Section 7, eqs. (72)-(73)",
    "In [3] and [4], the information leakage is defined as I_inf(X^n;Y) = H_inf(X^n) - H_inf(X^n|Y) (72) where "
    "H_inf(X^n|Y) = -log E[max_{x^n} P_{X^n|Y}(x^n|Y)]. (73) This definition matches Arimoto's proposal "
    "I^a_inf(X^n;Y), so it is a special case of (71).",
    "definition",
    [Reading("definition", "min_entropy_leakage(M, P) == H_inf(X) - H_inf(X|Y) computed from the posterior (exact)",
             _check_leak_def, _F_LEAK, expected=Verdict.CHECKED),
     Reading("arimoto-limit", "I^a_alpha(P) -> I_inf(P) as alpha -> oo, certified as |I^a_alpha - I_inf| <= "
                              "(I_inf + ln|supp P|)/(alpha - 1) for alpha in {2, 4, 8, 16, 64}",
             _check_leak_limit, _F_LEAK, expected=Verdict.CHECKED,
             notes="The rate follows from ||v||_oo <= ||v||_alpha <= |supp v|^(1/alpha) ||v||_oo applied to "
                   "I^a_alpha = alpha/(alpha-1) [ln sum_y ||P(.,y)||_alpha - ln ||P||_alpha]."),
     Reading("special-case-of-(71)", "I_inf(P) <= sup_Q I^s_oo (= ln sum_y max_x W(y|x)) for every prior, with "
                                     "equality at the uniform prior",
             _check_leak_71, _F_LEAK, expected=Verdict.CHECKED)])


# ======================================================================================
# Appendix D: Lemma 11 and the continuity bound (105)
# ======================================================================================
def _uv(u, v):
    return Hamming.product([range(u), range(v)])


def _sym_h(t):
    return -t * sympy.log(t) - (1 - t) * sympy.log(1 - t)


def _prove_nonnegative(cases) -> Decision:
    """Prove every ``(name, g, domain, closed)``: g >= 0 for all eps in the domain, with the
    certifier (:func:`exactpriv.certify.prove_inequality`); FALSE/UNDECIDED is passed on."""
    from exactpriv.certify import prove_inequality

    certs = {}
    for name, g, domain, closed in cases:
        r = prove_inequality(g, ">=", 0, domain=domain, closed=closed)
        certs[name] = {"verdict": r.verdict, "method": r.method, "reason": r.reason}
        if r.verdict == "REFUTED":
            return Decision.false("certify", f"{name}: {r.reason}", certificate=certs)
        if r.verdict != "PROVED":
            return Decision.undecided("certify", f"{name}: {r.reason}", certificate=certs)
    return Decision.true("certify", "; ".join(certs), certificate=certs)


def _prove_lemma11_monotone() -> Decision:
    """d/d delta [2h(delta/(1+delta)) + 2 delta/(1+delta) ln|U|] >= 0 on (0, 1], |U| = 2, 3."""
    d = EPS
    cases = []
    for u in (2, 3):
        f = 2 * _sym_h(d / (1 + d)) + 2 * d / (1 + d) * sympy.log(u)
        cases.append((f"|U|={u}", sympy.diff(f, d), (0, 1), (False, True)))
    return _prove_nonnegative(cases)


def _prove_105_monotone() -> Decision:
    """d/dT [h(T) + T ln(m-1)] >= 0 on (0, (m-1)/m], m = 2, 3, 4."""
    d = EPS
    cases = [(f"|Y|={m}", sympy.diff(_sym_h(d) + d * sympy.log(m - 1), d), (0, sympy.Rational(m - 1, m)), (False, True))
             for m in (2, 3, 4)]
    return _prove_nonnegative(cases)


@functools.lru_cache(maxsize=None)
def _fam_l11_random(seed=31, count=30, close=False):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = _uv(rng.choice((2, 3)), rng.choice((1, 2, 3)))
        P = _prior(rng, sp)
        if close:  # move a little mass
            q = list(P.pmf)
            i, j = rng.randrange(len(q)), rng.randrange(len(q))
            mv = min(q[i], Fraction(rng.randint(1, 3), 20))
            q[i] -= mv
            q[j] += mv
            Q = Prior(sp, q)
        else:
            Q = _prior(rng, sp)
        out.append(Instance(f"{'close' if close else 'random'} pair #{t} on {sp!r}", prior=P, extra={"Q": Q}))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _fam_l11_extreme():
    """Point mass vs a spread-out pmf (the extremal pairs of entropy continuity)."""
    out = []
    for u in (2, 3):
        sp = _uv(u, 1)
        for d in (Fraction(1, 10), Fraction(1, 3), Fraction(1, 2), Fraction(9, 10)):
            P = Prior(sp, [1] + [0] * (u - 1))
            Q = Prior(sp, [1 - d] + [d / (u - 1)] * (u - 1))
            out.append(Instance(f"point mass vs spread, |U|={u}, delta={d}", prior=P, extra={"Q": Q}))
    sp = _uv(2, 2)
    for d in (Fraction(1, 10), Fraction(1, 2)):
        P = Prior(sp, [Fraction(1, 2), 0, 0, Fraction(1, 2)])
        Q = Prior(sp, [Fraction(1, 2) - d / 2, d / 2, d / 2, Fraction(1, 2) - d / 2])
        out.append(Instance(f"U = V vs noisy copy, delta={d}", prior=P, extra={"Q": Q}))
    return tuple(out)


def _check_lemma11(inst, *, variant="literal"):
    P, Q = inst.prior, inst.extra["Q"]
    delta = dv.tv(P.pmf, Q.pmf)
    t = delta / (1 + delta)
    u = len(P.space.records[0])
    jp, jq = _prior_joint(P), _prior_joint(Q)
    HP = _entropy(jp, (0, 1)) - _entropy(jp, (1,))
    HQ = _entropy(jq, (0, 1)) - _entropy(jq, (1,))
    if variant == "no-h":
        bound = 2 * t * LogForm.log(u) if u > 1 else LogForm.rational(0)
    else:
        bound = 2 * _h(t) + (2 * t * LogForm.log(u) if u > 1 else 0)
    parts = [("H_P - H_Q <= bound", _le(HP - HQ, bound)), ("H_Q - H_P <= bound", _le(HQ - HP, bound))]
    return Outcome(_conj(parts), {"delta": delta, "H_P(U|V)": HP, "H_Q(U|V)": HQ, "bound": bound})


_F_L11 = [Family("extremal pairs (point mass vs spread, copy vs noisy copy)", _fam_l11_extreme),
          Family("random pairs on U x V, |U| in {2,3}, |V| in {1,2,3} (seed 31)", _fam_l11_random),
          Family("close pairs (small mass moved) (seed 32)", lambda: _fam_l11_random(32, 30, True))]

_LEMMA11 = Claim(
    "cuff2016.lemma11", "Lemma 11 (Continuity of conditional entropy)", f"{SEED}, Appendix D, Lemma 11, eq. (110)",
    "If P and Q are two distributions on U x V with |U| < oo, then P ~(0, delta) Q implies "
    "|H_P(U|V) - H_Q(U|V)| <= 2h(delta/(delta+1)) + 2 delta/(delta+1) log|U|. (110)",
    "inequality",
    [Reading("literal", "with delta = TV(P, Q) exactly (the bound is increasing in delta): "
                        "|H_P(U|V) - H_Q(U|V)| <= 2h(delta/(1+delta)) + 2 delta/(1+delta) ln|U| (exact LogForms)",
             _check_lemma11, _F_L11, expected=Verdict.CHECKED,
             notes="The proof's (125) has a sign slip (H_p^ - H_P, not H_p^ - H_p*, and that term may be negative); "
                   "the bound (122) still follows since |H_p^ - H_P| <= log|U|."),
     Reading("proof-step-monotone", "'the bound in the lemma is monotonic in delta' (first line of the proof, used to "
                                    "assume TV = delta): its derivative is >= 0 on (0, 1] for |U| = 2, 3",
             prove=_prove_lemma11_monotone, expected=Verdict.PROVED,
             notes="Proved by the certifier (exactpriv.certify.prove_inequality) for |U| = 2, 3 only; the general "
                   "case is 2 ln(|U|/delta)/(1+delta)^2 >= 0.")])


@functools.lru_cache(maxsize=None)
def _fam_105_pairs(seed=33, count=40):
    rng = random.Random(seed)
    out = []
    for m in (2, 3, 4):  # extremal: point mass vs (1-T, T/(m-1), ...)
        sp = Hamming(range(m), 1)
        for T in (Fraction(1, 5), Fraction(1, 2)):
            if T <= Fraction(m - 1, m):
                out.append(Instance(f"point mass vs spread m={m} T={T}", prior=Prior(sp, [1] + [0] * (m - 1)),
                                    extra={"Q": Prior(sp, [1 - T] + [T / (m - 1)] * (m - 1))}))
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3, 4))), 1)
        out.append(Instance(f"random pair #{t}", prior=_prior(rng, sp), extra={"Q": _prior(rng, sp)}))
    return tuple(out)


def _check_105_pairs(inst, *, variant="literal"):
    P, Q = inst.prior, inst.extra["Q"]
    m = P.space.size
    T = dv.tv(P.pmf, Q.pmf)
    jp, jq = _prior_joint(P), _prior_joint(Q)
    d = _entropy(jp, (0,)) - _entropy(jq, (0,))
    tail = T * LogForm.log(m - 1) if m > 2 else LogForm.rational(0)
    bound = tail if variant == "no-h" else _h(T) + tail
    return Outcome(_conj([("H(P)-H(Q) <= bound", _le(d, bound)), ("H(Q)-H(P) <= bound", _le(-d, bound))]),
                   {"T": T, "bound": bound})


def _hyp_105(inst):
    return dv.tv(inst.prior.pmf, inst.extra["Q"].pmf) <= Fraction(inst.prior.space.size - 1, inst.prior.space.size)


@functools.lru_cache(maxsize=None)
def _fam_105_mech(seed=34, count=6):
    rng = random.Random(seed)
    out = []
    for t in range(count):
        sp = Hamming(range(rng.choice((2, 3))), 1)
        M = _mech(rng, sp, rng.choice((2, 3, 4)), den=5)
        out.append(Instance(f"random single record #{t}", M, _prior(rng, sp)))
    out.append(Instance("erasure_channel(3, 1/2)", zoo.erasure_channel(3, Fraction(1, 2)),
                        Prior.uniform(Hamming(range(1, 4), 1))))
    return tuple(out)


def _check_105_mech(inst):
    M = inst.mechanism
    delta = _exact(dv.tv_dp(M))
    m = len(M.outputs)
    if delta <= Fraction(m - 1, m):
        bound = _h(delta) + (delta * LogForm.log(m - 1) if m > 2 else 0)
    else:
        bound = LogForm.log(m)
    I = info.mi_privacy(M, prior=inst.prior)
    C = _capacity(M)
    return Outcome(_conj([("I_P(X;Y) <= (105)", _le(I, bound)), ("sup_P I(X;Y) <= (105)", _le(C, bound))]),
                   {"delta": delta, "I": I, "capacity": C, "bound": bound})


_EQ105 = Claim(
    "cuff2016.eq105", "Continuity bound (105) (Zhang [27])", f"{SEED}, Appendix D, eqs. (102)-(105)",
    "Finally, a continuity property of entropy found in [27] (see (4) within), derived from optimal coupling and "
    "Fano's inequality, bounds the difference in entropy as a function of total variation distance and |Y~|. "
    "Combining this with (102) and (104) gives I(X~;Y~) <= h(delta) + delta ln(|Y~|-1) if delta <= (|Y~|-1)/|Y~|, "
    "ln|Y~| if delta > (|Y~|-1)/|Y~|. (105)",
    "inequality",
    [Reading("zhang-continuity", "for pmfs P, Q on Y with T = TV(P,Q) <= (|Y|-1)/|Y|: "
                                 "|H(P) - H(Q)| <= h(T) + T ln(|Y|-1) (exact LogForms)",
             _check_105_pairs, [Family("extremal and random pmf pairs, |Y| in 2..4 (seed 33)", _fam_105_pairs)],
             hypothesis=_hyp_105, expected=Verdict.CHECKED,
             notes="The cited inequality (Zhang 2007, eq. (4)); the point-mass instances attain it with equality."),
     Reading("(105)", "single-record mechanisms (all pairs neighbours) with delta = tv_dp(M): I_P(X;Y) and "
                      "sup_P I(X;Y) <= (105)",
             _check_105_mech, [Family("random single-record mechanisms + erasure channel (seed 34)", _fam_105_mech)],
             expected=Verdict.CHECKED),
     Reading("proof-step-monotone", "h(T) + T ln(|Y|-1) is nondecreasing on [0, (|Y|-1)/|Y|] (what lets (105) "
                                    "replace each TV(P_{Y|x}, P_Y) <= delta by delta), |Y| = 2, 3, 4",
             prove=_prove_105_monotone, expected=Verdict.PROVED,
             notes="Proved by the certifier for |Y| = 2, 3, 4; the derivative ln((1-T)(|Y|-1)/T) vanishes at "
                   "T = (|Y|-1)/|Y| and is negative beyond, which is why (105) switches to ln|Y| there.")])


# ======================================================================================
# the claims in paper order, and the broken variants for the tests
# ======================================================================================
CLAIMS: list[Claim] = [
    _PROP4, _PROP5, _PROP6, _COR4, _EX41, _COR5, _EX43, _COR6, _COR7, _PROP7, _PROP8, _PROP9, _EX51, _EQ53, _COR8,
    _SEC61, _SEC62, _SEC63, _SEC64, _DEF_SIBSON, _LEMMA9, _COR10, _EQ71, _EQ72, _LEMMA11, _EQ105,
]


@functools.lru_cache(maxsize=None)
def _fam_cor4_correlated():
    Ed = zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)
    return (Instance("E_d([0,1],2,exp_eps=3), X_1 = X_2 uniform", Ed, _all_equal_prior(Ed.inputs)),)


@functools.lru_cache(maxsize=None)
def _fam_cor7_overlap():
    rng = random.Random(13)
    return tuple(Instance(f"{M!r} twice on X_1", M, extra={"M1": M, "M2": M})
                 for M in (_circulant(rng, 2), _circulant(rng, 3), zoo.randomized_response(3, exp_eps=2)))


def _broken(cid, title, readings):
    return Claim(cid, f"BROKEN variant of {title}", f"{SEED} (deliberately weakened)", "(broken variant)",
                 "implication", readings)


#: Deliberately broken variants of the central claims: each reading must be REFUTED by the
#: families (it is the claim with a constant weakened or a hypothesis dropped).
BROKEN: list[Claim] = [
    _broken("cuff2016.prop4", "Property 4", [Reading(
        "independence-dropped", "I(U;V|W) >= I(U;V) for arbitrary joint pmfs", _check_prop4, [_F_JOINT_RND],
        expected=Verdict.REFUTED)]),
    _broken("cuff2016.prop5", "Property 5", [Reading(
        "markov-dropped", "I(U;V|W) <= I(U;V) for arbitrary joint pmfs", _check_prop5, [_F_JOINT_RND],
        expected=Verdict.REFUTED)]),
    _broken("cuff2016.cor4", "Corollary 4", [Reading(
        "correlated-data", "I(X_i;Y) <= eps-MI-DP level under correlated priors", _check_cor4_correlated,
        [Family("E_d with X_1 = X_2", _fam_cor4_correlated)], expected=Verdict.REFUTED)]),
    _broken("cuff2016.cor5", "Corollary 5", [Reading(
        "max-instead-of-sum", "mi_dp(M1 x M2) <= max(eps1, eps2)", _check_cor5_max, _F_COR5,
        expected=Verdict.REFUTED)]),
    _broken("cuff2016.cor6", "Corollary 6", [Reading(
        "marginal-eps", "eps_2 from the marginal P_{Y2|X^n}", _check_cor6_marginal, _F_COR6,
        expected=Verdict.REFUTED)]),
    _broken("cuff2016.cor7", "Corollary 7", [Reading(
        "overlapping-subsets", "I_1 = I_2 (both queries read X_1)", _check_cor7_overlap,
        [Family("closed-form channels used twice on one record", _fam_cor7_overlap)], expected=Verdict.REFUTED)]),
    _broken("cuff2016.prop7", "Property 7", [Reading(
        "(k-1)eps", "eps_k <= (k-1) eps", functools.partial(_check_prop7, slack=1), _F_GROUP,
        expected=Verdict.REFUTED)]),
    _broken("cuff2016.prop8", "Property 8", [Reading(
        "(k-1)delta", "TV_k <= (k-1) delta", functools.partial(_check_prop8, slack=1), _F_GROUP,
        expected=Verdict.REFUTED)]),
    _broken("cuff2016.prop9", "Property 9", [
        Reading("k-delta", "(k eps, k delta)", functools.partial(_check_prop9, variant="k delta"), _F_PROP9,
                expected=Verdict.REFUTED),
        Reading("(k-1)eps", "((k-1) eps, (e^{k eps}-1)/(e^eps-1) delta)",
                functools.partial(_check_prop9, variant="k-1 eps"), _F_PROP9, expected=Verdict.REFUTED)]),
    _broken("cuff2016.cor8", "Corollary 8", [Reading(
        "k-eps-no-cardinality", "sup_P I(X_I;Y|X_{I^c}) <= k eps (a group property without cardinality)",
        functools.partial(_check_cor8, broken=True), _F_COR8, expected=Verdict.REFUTED)]),
    _broken("cuff2016.cor10", "Corollary 10", [Reading(
        "n-dropped", "sup_P I^s_alpha(X^n;Y) <= eps", functools.partial(_check_cor10, factor=1),
        [Family("E_d etc. (seed 27)", _fam_cor10)], expected=Verdict.REFUTED)]),
    _broken("cuff2016.lemma11", "Lemma 11", [Reading(
        "h-term-dropped", "|H_P(U|V) - H_Q(U|V)| <= 2 delta/(1+delta) ln|U|",
        functools.partial(_check_lemma11, variant="no-h"), _F_L11, expected=Verdict.REFUTED)]),
    _broken("cuff2016.eq105", "(105)", [Reading(
        "h-term-dropped", "|H(P) - H(Q)| <= T ln(|Y|-1)", functools.partial(_check_105_pairs, variant="no-h"),
        [Family("pmf pairs (seed 33)", _fam_105_pairs)], hypothesis=_hyp_105, expected=Verdict.REFUTED)]),
]
