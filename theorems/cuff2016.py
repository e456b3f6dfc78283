"""Cuff & Yu, "Differential privacy as a mutual information constraint" (CCS 2016), §§1–3.

Seed: ``shared/seeds/001_949fae51fe6a8fd3.txt``.  This module encodes the claims of the
introduction, §2 (definitions, Properties 1–3, orderings) and §3 (Theorem 1, Lemmas 1–3,
Example 3.3) with the appendices that prove them (A: Property 1, B: Property 3, C: Lemma 2,
D: Lemma 3).  §§4–7 live in :mod:`theorems._cuff2016_part2` (another engineer's module) and
are appended to :data:`CLAIMS` at the end of this file.

How the claims are checked
--------------------------
* **Pair-level claims** (Def. 4, (9), Properties 1–3): instances are pairs of exact pmfs
  ``params = {"P": (...), "Q": (...)}`` (exhaustive grids on 2 and 3 points, seeded random
  pairs with zeros, and the binary "randomized response" pairs that are extremal for
  Property 1).  Divergences come from :mod:`exactpriv.measures.divergence` (exact LogForms
  and Fractions); every comparison is :func:`exactpriv.exact.kernel.compare`.
* **Mechanism-level claims** (Defs. 1, 2, 5–7, Lemmas 1–3, Theorem 1): instances are exact
  rational mechanisms on small Hamming spaces (seeded random ones, zeros allowed, and the zoo:
  randomized response, BSC, erasure channels, the geometric count query, E_d, ...).  MI-DP is
  :func:`exactpriv.measures.information.mi_dp` — exact when a closed form is detected, else a
  certified enclosure — and a claim is decided from the enclosure's side that matters
  (UNDECIDED if the enclosure straddles the bound, never a pass).  Equality cases (a slice
  containing a noiseless or BSC-like pair of rows, where (28) or (105) hold with equality)
  straddle any enclosure, so :func:`_mi` sharpens it with exact Csiszár–Körner certificates
  I(P) <= C <= max_x D(W_x‖PW) at simple inputs P (uniform on all rows / on a pair of rows),
  which meet exactly in those cases.
* **Implications with a non-monotone parameter map** (Lemma 3: ε'(δ) = 2h(δ) + 2δ ln m
  increases up to δ = m/(m+1) and then decreases): a (δ₀)-DP mechanism is (δ)-DP for every
  δ ≥ δ₀, so the literal statement needs MI ≤ min over δ ∈ [δ₀, 1] of ε'(δ), which for a
  unimodal ε' is min(ε'(δ₀), ε'(1)); we check exactly that.
* **h⁻¹ without inversion** (Lemma 2 (28)): δ ≤ 1 − 2h⁻¹(ln 2 − ε) ⟺ h((1−δ)/2) ≥ ln 2 − ε,
  because h is increasing on [0, 1/2]; both sides are exact LogForms (or an enclosure), so
  the BSC equality cases are decided *exactly* by prime factorisation.
* **All-ε statements**: identities, limits and the sign of δ' − δ in Property 3 are proved by
  exact symbolic rewriting in sympy (``prove_zero``, ``factor`` under positivity
  assumptions, Gruntz limits); transcendental inequalities ((82), tanh(ε/2) <= ε/2, the
  derivative step of (99)) by the certifier :func:`exactpriv.certify.prove_inequality`.
  Readings with such a proof are PROVED; the grids next to them are cross-checks.

Orderings (Def. 8) only constrain parameter *sequences* tending to 0: on a finite family of
mechanisms α ⪰ β holds iff α(M) = 0 ⇒ β(M) = 0, so the finite readings of Example 1,
Theorem 1 and the strictness claims check the explicit parameter maps (Lemmas 1–3,
Property 3) and witness *sequences* indexed by the parameter.

Findings (expected verdicts, see the readings' ``notes``)
---------------------------------------------------------
* ``prop3/delta-prime-exceeds-delta`` is REFUTED at δ = 1 (then δ' = δ = 1; the claim holds
  for δ < 1, proved for all parameters).
* ``prop12_strict/prop1-reverse-finiteness-finite-spaces`` is REFUTED: on a finite space
  D(P‖Q) < ∞ and D(Q‖P) < ∞ force equal supports, hence a finite ε, so "do not even imply
  finiteness" fails for Property 1 on finite spaces (it is true on infinite spaces, and the
  quantitative non-implication holds: readings ``prop1-reverse-unbounded``).
Everything else is CHECKED (or PROVED for the symbolic identities).
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import (
    hockey_stick,
    is_close,
    kl,
    kl_dp,
    max_divergence,
    pure_dp,
    tv,
    tv_dp,
)
from exactpriv.measures.information import capacity, conditional_mi, mi_dp, mi_privacy, record_mi
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import Mechanism, prove_zero
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming

__all__ = ["CLAIMS"]

SEED = "seed 001_949fae51fe6a8fd3.txt"
_OO = sympy.oo
_LN2 = LogForm.log(2)


# ======================================================================================
# small exact helpers
# ======================================================================================
def _combine(parts, what: str) -> Decision:
    """All parts TRUE -> TRUE; any FALSE -> the first FALSE; else UNDECIDED (with reasons)."""
    parts = list(parts)
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", precision=d.precision, certificate=d.certificate)
    und = [d for d in parts if d.is_undecided]
    if und:
        return Decision.undecided(und[0].method, f"{what}: " + "; ".join(d.reason for d in und))
    methods = " + ".join(dict.fromkeys(d.method for d in parts)) or "vacuous"
    return Decision.true(methods, f"{what}: every part holds", certificate={"parts": [d.reason for d in parts]})


def _measured_cmp(m: Measured, op: str, level) -> Decision:
    """Decide ``m op level`` (op '<=' or '>=') from the exact value or the certified side."""
    if m.value is not None:
        return compare(m.value, op, level)
    if op == "<=":
        if m.upper is not None and compare(m.upper, "<=", level).is_true:
            return Decision.true("enclosure", f"{m.name} <= {m.upper} <= {level}")
        if m.lower is not None and compare(m.lower, ">", level).is_true:
            return Decision.false("enclosure", f"{m.name} >= {m.lower} > {level}")
    elif op == "<":
        if m.upper is not None and compare(m.upper, "<", level).is_true:
            return Decision.true("enclosure", f"{m.name} <= {m.upper} < {level}")
        if m.lower is not None and compare(m.lower, ">=", level).is_true:
            return Decision.false("enclosure", f"{m.name} >= {m.lower} >= {level}")
    elif op == ">=":
        if m.lower is not None and compare(m.lower, ">=", level).is_true:
            return Decision.true("enclosure", f"{m.name} >= {m.lower} >= {level}")
        if m.upper is not None and compare(m.upper, "<", level).is_true:
            return Decision.false("enclosure", f"{m.name} <= {m.upper} < {level}")
    else:  # pragma: no cover - internal misuse
        raise ValueError(op)
    return Decision.undecided("enclosure",
                              f"{level} lies in the certified enclosure [{m.lower}, {m.upper}] of {m.name}")


def _measured_ge(a: Measured, b: Measured) -> Decision:
    """Decide a >= b for two measured quantities (exact values or certified enclosures)."""
    if b.value is not None:
        return _measured_cmp(a, ">=", b.value)
    if a.value is not None:
        return _measured_cmp(b, "<=", a.value)
    if compare(a.lower, ">=", b.upper).is_true:
        return Decision.true("enclosure", f"{a.name} >= {a.lower} >= {b.upper} >= {b.name}")
    if compare(a.upper, "<", b.lower).is_true:
        return Decision.false("enclosure", f"{a.name} <= {a.upper} < {b.lower} <= {b.name}")
    return Decision.undecided("enclosure", f"enclosures of {a.name} and {b.name} overlap")


def _h(q) -> LogForm:
    """Binary entropy in nats, h(q) = −q ln q − (1−q) ln(1−q), exact (0 ln 0 = 0)."""
    q = Fraction(q)
    logs = []
    if q > 0:
        logs.append((1 / q, q))
    if q < 1:
        logs.append((1 / (1 - q), 1 - q))
    return LogForm(0, logs=logs)


def _log(r) -> LogForm:
    return LogForm.log(r)


def _exp_of(value):
    """e^value as an exact Fraction when value = log(rational) (a LogForm with integer
    exponents, or 0); None for +oo; raises if irrational."""
    if value is _OO or value == _OO:
        return None
    if isinstance(value, Fraction):
        if value == 0:
            return Fraction(1)
        raise ValueError(f"e^{value} is irrational")
    lf = value
    if lf.q0 != 0 or any(c.denominator != 1 for c in lf.coefficients.values()):
        raise ValueError(f"e^{lf} is irrational")
    g = Fraction(1)
    for p, c in lf.coefficients.items():
        g *= Fraction(p) ** int(c)
    return g


def _sym(v):
    """Exact value (Fraction / LogForm / sympy) as a sympy expression."""
    if isinstance(v, LogForm):
        return v.to_sympy()
    if isinstance(v, Fraction):
        return sympy.Rational(v.numerator, v.denominator)
    return v


def _min_eps_eps2(eps):
    """min{ε, ε²} for an exact finite ε ≥ 0 (decided exactly: ε ≤ 1 iff ε² ≤ ε)."""
    d = compare(eps, "<=", 1)
    if d.is_undecided:  # pragma: no cover - LogForm vs 1 is always decidable
        raise ValueError(d.reason)
    return _sym(eps) ** 2 if d.is_true else eps


def _pair_eps(P, Q):
    """Tightest ε of (ε, 0)-closeness: max(D_∞(P‖Q), D_∞(Q‖P)) (LogForm or oo)."""
    a, b = max_divergence(P, Q), max_divergence(Q, P)
    if a is _OO or b is _OO:
        return _OO
    return a if compare(a, ">=", b).is_true else b


def _pair_delta(P, Q, gamma: Fraction) -> Fraction:
    """Tightest δ of (ln γ, δ)-closeness: max(E_γ(P‖Q), E_γ(Q‖P)) (seed 001, E_γ remark)."""
    return max(hockey_stick(P, Q, gamma), hockey_stick(Q, P, gamma))


@functools.lru_cache(maxsize=4096)
def _event_masses(P: tuple) -> tuple:
    """(P(A) for every event A ⊆ range(len(P))), all 2^k subset sums (built by doubling)."""
    out = [Fraction(0)]
    for p in P:
        out = out + [m + p for m in out]
    return tuple(out)


def _masses(P, Q):
    """Pairs (P(A), Q(A)) over all events A (same event order for both)."""
    return zip(_event_masses(tuple(P)), _event_masses(tuple(Q)))


# ---- per-mechanism measures, cached (mechanisms are hashable by value)
def _slices(M):
    """The sub-channels x_i -> P(.|x_i, x_{-i}) of Def. 2's reduction (one per record i and
    value x_{-i}), as lists of rows."""
    pts = M.inputs.points
    out = []
    for i in range(M.inputs.n):
        groups: dict = {}
        for x, row in zip(pts, M.rows):
            groups.setdefault(x[:i] + x[i + 1:], []).append(row)
        out.extend(groups.values())
    return out


def _kl_rows(w, q):
    """D(w‖q) as an exact LogForm, or None (= +oo) when w(y) > 0 = q(y)."""
    if any(a > 0 and b == 0 for a, b in zip(w, q)):
        return None
    return LogForm(0, logs=[(a / b, a) for a, b in zip(w, q) if a > 0])


def _capacity_certificate(rows):
    """Exact bounds I(P) <= C <= max_x D(W_x ‖ PW) (Csiszár–Körner: C = min_q max_x D(W_x‖q))
    at simple candidate inputs P: uniform on all rows and uniform on each pair of distinct
    rows.  Returns (best lower, best upper) as LogForms (upper None if every candidate has an
    infinite divergence).  Exact when the capacity is attained by such a P, e.g. a slice
    containing a BSC-like or a noiseless pair of rows, where the enclosure of mi_dp cannot
    decide an equality case."""
    distinct = list(dict.fromkeys(tuple(r) for r in rows))
    cands = [list(range(len(distinct)))] + [list(c) for c in itertools.combinations(range(len(distinct)), 2)]
    lower, upper = LogForm(0), None
    for sup in cands:
        k = len(sup)
        q = [sum((distinct[x][y] for x in sup), Fraction(0)) / k for y in range(len(distinct[0]))]
        ds = [_kl_rows(r, q) for r in distinct]
        lo = sum((ds[x] / k for x in sup), LogForm(0))  # rows in sup have q > 0 wherever they are > 0
        if compare(lo, ">", lower).is_true:
            lower = lo
        if all(d is not None for d in ds):
            hi = ds[0]
            for d in ds[1:]:
                if compare(d, ">", hi).is_true:
                    hi = d
            if upper is None or compare(hi, "<", upper).is_true:
                upper = hi
    return lower, upper


def _max_exact(values):
    best = values[0]
    for v in values[1:]:
        if compare(v, ">", best).is_true:
            best = v
    return best


@functools.lru_cache(maxsize=None)
def _mi(M) -> Measured:
    """mi_dp(M), sharpened (when it is only an enclosure) by the exact capacity certificates of
    :func:`_capacity_certificate` on every slice; exact when the bounds meet."""
    m = mi_dp(M)
    if m.value is not None:
        return m
    certs = [_capacity_certificate(rows) for rows in _slices(M)]
    lo_c = _max_exact([c[0] for c in certs])
    lower = lo_c if compare(lo_c, ">", m.lower).is_true else m.lower
    upper = m.upper
    if all(c[1] is not None for c in certs):
        up_c = _max_exact([c[1] for c in certs])
        if compare(up_c, "<", upper).is_true:
            upper = up_c
    if compare(lower, ">", upper).is_true:  # pragma: no cover - would be a bug in a certificate
        raise AssertionError(f"inconsistent MI-DP bounds for {M!r}: [{lower}, {upper}]")
    if compare(lower, "==", upper).is_true:
        return Measured("mi_dp", lower, witness=m.witness, note=m.note,
                        method="exact capacity certificate (I(P) = max_x D(W_x||PW))")
    return Measured("mi_dp", None, lower, upper, m.witness, m.method + " + exact candidate-prior certificates", m.note)


@functools.lru_cache(maxsize=None)
def _kl(M) -> Measured:
    return kl_dp(M)


@functools.lru_cache(maxsize=None)
def _tv(M) -> Measured:
    return tv_dp(M)


@functools.lru_cache(maxsize=None)
def _pure(M) -> Measured:
    return pure_dp(M)


def _hamming_pairs(M):
    """Ordered pairs (x, x') of input indices at Hamming distance exactly 1, computed from
    the points themselves (Def. 3), not from the space's edge list."""
    pts = M.inputs.points
    return [(a, b) for a in range(len(pts)) for b in range(len(pts))
            if sum(u != v for u, v in zip(pts[a], pts[b])) == 1]


@functools.lru_cache(maxsize=None)
def _profile(M):
    return approx_dp(M).value


def _approx_delta(M, gamma: Fraction) -> Fraction:
    """Tightest δ of (ln γ, δ)-DP, δ(γ) = max over ordered neighbour pairs of E_γ(P_x‖P_x')
    (Defs. 1 and 4 with the E_γ remark): the library's exact profile ``approx_dp``."""
    return _profile(M).delta(exp_eps=Fraction(gamma))


def _pairwise_delta(M, gamma: Fraction) -> Fraction:
    """The same δ(γ) from the pair-level hockey_stick over Hamming-distance-1 pairs."""
    rows = M.rows
    return max((hockey_stick(rows[a], rows[b], gamma) for a, b in _hamming_pairs(M)), default=Fraction(0))


def _max_alphabet(M) -> int:
    return max(len(a) for a in M.inputs.records)


# ======================================================================================
# instance families
# ======================================================================================
def _rpmf(rng: random.Random, k: int, den: int, *, positive: bool = False):
    """A random exact pmf on k points with denominator den (zeros allowed unless positive)."""
    if positive:
        den = max(den, k)
        cuts = sorted(rng.sample(range(1, den), k - 1))
    else:
        cuts = sorted(rng.randint(0, den) for _ in range(k - 1))
    return tuple(Fraction(b - a, den) for a, b in zip([0] + cuts, cuts + [den]))


def _pair(label, P, Q, **params):
    return Instance(label, params={"P": tuple(P), "Q": tuple(Q), **params})


@functools.lru_cache(maxsize=None)
def _pairs_exhaustive():
    """Every pair of pmfs on 2 points with denominator 4, and on 3 points with denominator 3."""
    out = []
    two = [(Fraction(a, 4), Fraction(4 - a, 4)) for a in range(5)]
    three = [(Fraction(a, 3), Fraction(b, 3), Fraction(3 - a - b, 3)) for a in range(4) for b in range(4 - a)]
    for P in two:
        for Q in two:
            out.append(_pair(f"P={list(map(str, P))} Q={list(map(str, Q))}", P, Q))
    for P in three:
        for Q in three:
            out.append(_pair(f"P={list(map(str, P))} Q={list(map(str, Q))}", P, Q))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _pairs_random(seed: int = 2016, count: int = 60):
    """Seeded random exact pairs on 2–5 points, denominators 2–12, zeros allowed for 1/3."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        size = rng.choice([2, 3, 4, 5])
        den = rng.choice([2, 3, 4, 5, 6, 8, 10, 12])
        pos = rng.random() < 2 / 3
        P, Q = _rpmf(rng, size, den, positive=pos), _rpmf(rng, size, rng.choice([3, 5, 7, 12]), positive=pos)
        out.append(_pair(f"random pair #{k} (seed {seed})", P, Q))
    return tuple(out)


#: e^ε values of the binary extremal pairs (Appendix A): P = (γ, 1)/(1+γ), Q = (1, γ)/(1+γ).
_RR_GAMMAS = (Fraction(1), Fraction(101, 100), Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(3),
              Fraction(4), Fraction(10), Fraction(100))


def _rr_pair(g: Fraction):
    return (g / (1 + g), 1 / (1 + g)), (1 / (1 + g), g / (1 + g))


@functools.lru_cache(maxsize=None)
def _pairs_rr():
    out = []
    for g in _RR_GAMMAS:
        P, Q = _rr_pair(g)
        out.append(_pair(f"binary pair e^eps={g}", P, Q, gamma=g))
    return tuple(out)


PAIRS_EXHAUSTIVE = Family("pairs-exhaustive", _pairs_exhaustive,
                          "all pmf pairs on 2 points (denominator 4) and on 3 points (denominator 3)")
PAIRS_RANDOM = Family("pairs-random", _pairs_random, "60 seeded random exact pairs on 2–5 points, zeros allowed")
PAIRS_RANDOM_SLOW = Family("pairs-random-large", lambda: _pairs_random(2017, 600),
                           "600 more seeded random exact pairs (seed 2017)", slow=True)
PAIRS_RR = Family("pairs-binary-extremal", _pairs_rr,
                  "binary pairs P=(γ,1)/(1+γ), Q=(1,γ)/(1+γ) for e^ε=γ in " + ", ".join(map(str, _RR_GAMMAS)))
PAIR_FAMILIES = (PAIRS_RR, PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RANDOM_SLOW)


def _mech(label, M, **params):
    return Instance(label, mechanism=M, params=params)


_SPACES = (
    Hamming([0, 1], 1),
    Hamming([0, 1, 2], 1),
    Hamming([0, 1], 2),
    Hamming.product([[0, 1], [0, 1, 2]]),
)


@functools.lru_cache(maxsize=None)
def _mechs_random(seed: int = 2016, count: int = 32):
    """Seeded random exact mechanisms on small Hamming spaces (1–2 records, alphabets 2–3),
    2–4 outputs, row denominators 2–6; half of them with zeros allowed."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        space = _SPACES[k % len(_SPACES)]
        ny = rng.choice([2, 3, 4] if space.size <= 3 else [2, 3])
        pos = rng.random() < 1 / 2
        rows = [_rpmf(rng, ny, rng.choice([2, 3, 4, 5, 6]), positive=pos) for _ in space.points]
        out.append(_mech(f"random mechanism #{k} (seed {seed})", Mechanism(space, list(range(ny)), rows)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _mechs_zoo():
    F = Fraction
    z = [
        zoo.randomized_response(2, exp_eps=1),
        zoo.randomized_response(2, exp_eps=2),
        zoo.randomized_response(2, exp_eps=3),
        zoo.randomized_response(3, exp_eps=2),
        zoo.binary_symmetric_channel(F(0)),
        zoo.binary_symmetric_channel(F(1, 10)),
        zoo.binary_symmetric_channel(F(1, 3)),
        zoo.erasure_channel(2, F(1, 2)),
        zoo.erasure_channel(3, F(1, 3)),
        zoo.erasure_channel(4, F(1)),
        zoo.count_query_geometric(2, exp_eps=2),
        zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=2),
        zoo.cuff_example_5_1(2, F(1, 2)),
        zoo.one_time_pad(2, part="both"),
        Mechanism(Hamming([0, 1], 2), ["a", "b"], [[F(1, 3), F(2, 3)]] * 4),  # constant: every level 0
        Mechanism(Hamming([0, 1], 1), [0, 1], [[F(1), F(0)], [F(1, 2), F(1, 2)]]),  # Z-channel
    ]
    return tuple(_mech(repr(M), M) for M in z)


MECHS_ZOO = Family("mechanisms-zoo", _mechs_zoo,
                   "randomized response, BSC, erasure channels, geometric count query, E_d, Ex. 5.1, "
                   "one-time pad, a constant and a Z-channel (all exact)")
MECHS_RANDOM = Family("mechanisms-random", _mechs_random,
                      "32 seeded random exact mechanisms on {0,1}, {0,1,2}, {0,1}^2, {0,1}x{0,1,2}")
MECHS_RANDOM_SLOW = Family("mechanisms-random-large", lambda: _mechs_random(2017, 160),
                           "160 more seeded random exact mechanisms (seed 2017)", slow=True)
MECH_FAMILIES = (MECHS_ZOO, MECHS_RANDOM, MECHS_RANDOM_SLOW)

_BSC_PS = (Fraction(0), Fraction(1, 100), Fraction(1, 10), Fraction(1, 4), Fraction(1, 3), Fraction(2, 5),
           Fraction(49, 100), Fraction(1, 2), Fraction(3, 4))


@functools.lru_cache(maxsize=None)
def _mechs_bsc():
    return tuple(_mech(f"BSC(p={p})", zoo.binary_symmetric_channel(p), p=p) for p in _BSC_PS)


MECHS_BSC = Family("binary-symmetric-channels", _mechs_bsc,
                   "BSC with crossover p in " + ", ".join(map(str, _BSC_PS)))


# ======================================================================================
# symbolic proofs (all-parameter statements)
# ======================================================================================
def _prove_identity(expr, what: str) -> Decision:
    """TRUE iff ``expr`` is proved identically 0 by exact rewriting (never numerically)."""
    if prove_zero(expr):
        return Decision.true("sympy-simplify", f"{what}: the difference simplifies exactly to 0",
                             certificate={"difference": sympy.sstr(expr)})
    return Decision.undecided("sympy-simplify", f"{what}: no exact simplification to 0 found")


def _prove_limit(expr, var, point, target, what: str, direction: str = "+") -> Decision:
    """TRUE iff sympy's (Gruntz) limit of ``expr`` at ``point`` is exactly ``target``."""
    try:
        lim = sympy.limit(expr, var, point, direction) if point != _OO else sympy.limit(expr, var, point)
    except Exception as exc:  # sympy internals: no proof
        return Decision.undecided("sympy-limit", f"{what}: limit failed ({type(exc).__name__})")
    if lim == target:
        return Decision.true("sympy-limit", f"{what}: limit = {target} (Gruntz algorithm, exact)",
                             certificate={"expression": sympy.sstr(expr), "limit": sympy.sstr(lim)})
    return Decision.false("sympy-limit", f"{what}: limit = {lim}, not {target}") if lim.is_number else \
        Decision.undecided("sympy-limit", f"{what}: limit {lim} not decided")


def _certify(lhs, op, rhs, what: str, **kw) -> Decision:
    """An all-ε inequality by the certifier (:func:`exactpriv.certify.prove_inequality`)."""
    from exactpriv.certify import prove_inequality

    res = prove_inequality(lhs, op, rhs, **kw)
    d = res.to_decision()
    return Decision(d.truth, d.method, f"{what}: {res.reason}", d.precision, d.certificate)


def _prove_eq82() -> Decision:
    e = EPS
    return _combine([
        _certify(e * sympy.tanh(e / 2), "<=", e * (1 - sympy.exp(-e)), "(82) first step, all eps >= 0"),
        _certify(e * (1 - sympy.exp(-e)), "<=", sympy.Min(e, e ** 2), "(82) second step, all eps >= 0"),
    ], "(82)")


def _prove_eq99() -> Decision:
    """(99) h(x) <= ln 2 − 2(x − ½)² on [0, 1], equivalently (x = (1 − d)/2, h symmetric)
    g(d) = ln 2 − h((1 − d)/2) − d²/2 >= 0 on [0, 1] — which is also the relaxation of (28)
    to (27), since ε = ln 2 − h((1 − δ')/2) along the BSCs.  Proof: g = ((1+d)ln(1+d) +
    (1−d)ln(1−d))/2 − d²/2 (identity), g(0) = 0, g'(d) = (ln(1+d) − ln(1−d))/2 − d (identity)
    is >= 0 on [0, 1) (certifier), so g is non-decreasing on [0, 1); g(1) = ln 2 − ½ > 0 (kernel)."""
    d = sympy.Symbol("d", nonnegative=True)
    h = lambda x: -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)  # noqa: E731
    g = ((1 + d) * sympy.log(1 + d) + (1 - d) * sympy.log(1 - d)) / 2 - d ** 2 / 2
    gp = (sympy.log(1 + d) - sympy.log(1 - d)) / 2 - d
    parts = [
        _prove_identity(sympy.log(2) - h((1 - d) / 2) - d ** 2 / 2 - g, "ln 2 - h((1-d)/2) - d^2/2 = g(d)"),
        compare(g.subs(d, 0), "==", 0),
        _prove_identity(sympy.diff(g, d) - gp, "g'(d) = (ln(1+d) - ln(1-d))/2 - d"),
        _certify((sympy.log(1 + EPS) - sympy.log(1 - EPS)) / 2, ">=", EPS, "g'(d) >= 0 on [0, 1)",
                 domain=(0, 1), closed=(True, False)),
        compare(LogForm.log(2) - Fraction(1, 2), ">=", 0),
    ]
    return _combine(parts, "(99) for all x in [0, 1] (monotone argument)")


# ======================================================================================
# Definition 1 ((ε, δ)-DP) and Definitions 5–7
# ======================================================================================
_GAMMAS = (Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3))


def _def1_check(inst: Instance) -> Outcome:
    """δ(γ) by brute force over all events and Hamming-distance-1 ordered pairs equals the
    exact profile approx_dp and the pairwise max of E_γ(P_x‖P_x'); at γ = 1 also tv_dp."""
    M = inst.mechanism
    rows = M.rows
    pairs = _hamming_pairs(M)
    parts, vals = [], {}
    for g in _GAMMAS:
        brute = Fraction(0)
        for a, b in pairs:
            brute = max(brute, max(pa - g * qa for pa, qa in _masses(rows[a], rows[b])))
        prof = _approx_delta(M, g)
        vals[str(g)] = (str(brute), str(prof))
        parts.append(compare(brute, "==", prof))
        parts.append(compare(brute, "==", _pairwise_delta(M, g)))
        if g == 1:
            parts.append(compare(brute, "==", _tv(M).value))
    return Outcome(_combine(parts, "events vs E_gamma profile"), {"delta(gamma): brute, profile": vals})


# ======================================================================================
# Definition 2 (MI-DP)
# ======================================================================================
def _grid_priors(space, den: int):
    """Every pmf on the space's points with denominator ``den`` (all joint priors of the grid,
    dependent ones included)."""
    k = space.size
    for comp in itertools.combinations(range(den + k - 1), k - 1):
        parts = [b - a - 1 for a, b in zip((-1,) + comp, comp + (den + k - 1,))]
        yield Prior(space, [Fraction(p, den) for p in parts])


def _witness_prior(M, m: Measured) -> Prior:
    by_repr = {repr(p): p for p in M.inputs.points}
    return Prior.from_dict(M.inputs, {by_repr[k]: Fraction(v) for k, v in m.witness["prior"].items()})


def _def2_check(inst: Instance) -> Outcome:
    """sup over priors: every grid prior's I(X_i;Y|X_{-i}) is <= mi_dp (decided against the
    certified lower side), and the witness prior of mi_dp attains it (exactly, or to within 2^-30
    of the certified upper bound when only enclosures are known)."""
    M = inst.mechanism
    m = _mi(M)
    parts = []
    n = M.inputs.n
    worst = None
    for pr in _grid_priors(M.inputs, inst.params.get("den", 3)):
        for i in range(n):
            c = conditional_mi(M, prior=pr, record=i)
            d = _measured_ge(m, c)
            parts.append(d)
            if d.is_false:
                worst = (repr(pr), i, c)
                break
        if worst:
            break
    wp = _witness_prior(M, m)
    att = conditional_mi(M, prior=wp, record=m.witness["record"])
    if m.value is not None and att.value is not None:
        parts.append(compare(att.value, "==", m.value))
    else:
        # attained up to the enclosure: the witness prior's CMI lies below the certified upper
        # bound of the sup and within 2^-30 of it (the BA prior is optimal to ~1e-12)
        parts.append(compare(att.lower, "<=", m.upper))
        close = compare(m.upper - att.lower, "<=", Fraction(1, 2 ** 30))
        # a missed tolerance is no refutation of "attained": UNDECIDED, never FALSE
        parts.append(close if not close.is_false else Decision.undecided(
            "enclosure", "the witness prior's CMI is more than 2^-30 below the certified sup"))
    return Outcome(_combine(parts, "sup over priors of I(X_i;Y|X_-i) = mi_dp"),
                   {"mi_dp": m, "attained": att, "violation": worst})


@functools.lru_cache(maxsize=None)
def _def2_instances():
    F = Fraction
    rng = random.Random(7)
    out = [
        _mech("count_query_geometric(2, exp_eps=2)", zoo.count_query_geometric(2, exp_eps=2), den=3),
        _mech("cuff_example_5_1(2, 1/2)", zoo.cuff_example_5_1(2, F(1, 2)), den=3),
        _mech("randomized_response(3, exp_eps=2)", zoo.randomized_response(3, exp_eps=2), den=6),
    ]
    for k in range(3):
        space = Hamming([0, 1], 2)
        rows = [_rpmf(rng, 2, rng.choice([3, 4, 5])) for _ in space.points]
        out.append(_mech(f"random mechanism on {{0,1}}^2 #{k} (seed 7)", Mechanism(space, [0, 1], rows), den=3))
    for k in range(3):
        space = Hamming([0, 1, 2], 1)
        rows = [_rpmf(rng, 3, rng.choice([3, 4, 5])) for _ in space.points]
        out.append(_mech(f"random mechanism on {{0,1,2}} #{k} (seed 7)", Mechanism(space, [0, 1, 2], rows), den=6))
    return tuple(out)


# ======================================================================================
# Definition 3 (neighbours)
# ======================================================================================
def _def3_check(inst: Instance) -> Outcome:
    space = inst.extra["space"] if "space" in inst.extra else inst.mechanism.inputs
    pts = space.points
    brute = {(a, b) for a in range(len(pts)) for b in range(a + 1, len(pts))
             if sum(u != v for u, v in zip(pts[a], pts[b])) == 1}
    lib = {tuple(sorted(map(int, e))) for e in space.edges}
    return Outcome(Decision.true("exact", "edge sets equal") if brute == lib else
                   Decision.false("exact", f"edges differ: {sorted(brute ^ lib)[:5]}"),
                   {"edges": len(lib)})


@functools.lru_cache(maxsize=None)
def _def3_instances():
    spaces = [Hamming([0, 1], 1), Hamming([0, 1], 3), Hamming([0, 1, 2], 2),
              Hamming.product([[0, 1], [0, 1, 2], ["a", "b"]])]
    out = []
    for s in spaces:
        M = Mechanism(s, [0], [[Fraction(1)]] * s.size)
        out.append(_mech(repr(s), M))
    return tuple(out)


# ======================================================================================
# Definition 4 and (7), (8), E_γ remark
# ======================================================================================
def _def4_events_check(inst: Instance) -> Outcome:
    """(5)-(6) by brute force over events equals the E_γ characterisation, and is_close agrees."""
    P, Q = inst.params["P"], inst.params["Q"]
    parts, vals = [], {}
    for g in _GAMMAS:
        brute = max(max(pa - g * qa, qa - g * pa) for pa, qa in _masses(P, Q))
        d = _pair_delta(P, Q, g)
        vals[str(g)] = str(brute)
        parts.append(compare(brute, "==", d))
        if g in (1, 2):  # the library predicate agrees (tightest delta accepted, below rejected)
            eps = _log(g)
            parts.append(is_close(P, Q, eps, brute))
            if brute > 0:
                parts.append(is_close(P, Q, eps, brute - Fraction(1, 1000)).negate())
    return Outcome(_combine(parts, "(5)-(6) vs E_gamma"), {"delta(gamma)": vals})


def _def4_eq7_check(inst: Instance) -> Outcome:
    """(7): (ε,0)-close by events ⟺ mutually a.c. and |ln dP/dQ| <= ε pointwise."""
    P, Q = inst.params["P"], inst.params["Q"]
    parts = []
    for g in _GAMMAS + (Fraction(5), Fraction(100)):
        by_events = all(pa <= g * qa and qa <= g * pa for pa, qa in _masses(P, Q))
        ac = all((p == 0) == (q == 0) for p, q in zip(P, Q))
        # |ln(p/q)| <= ln g  <=>  p/q <= g and q/p <= g (exact rationals)
        pointwise = ac and all(p <= g * q and q <= g * p for p, q in zip(P, Q) if p > 0)
        parts.append(Decision.true("exact", f"gamma={g}: both {by_events}") if by_events == pointwise else
                     Decision.false("exact", f"gamma={g}: events say {by_events}, pointwise says {pointwise}"))
    return Outcome(_combine(parts, "(7)"))


def _def4_eq8_check(inst: Instance) -> Outcome:
    """(8): max_A |P(A) − Q(A)| (brute force) equals tv(P, Q)."""
    P, Q = inst.params["P"], inst.params["Q"]
    brute = max(abs(pa - qa) for pa, qa in _masses(P, Q))
    return Outcome(compare(brute, "==", tv(P, Q)), {"brute": brute, "tv": tv(P, Q)})


# ======================================================================================
# (9), Property 1 and its tight form (11)
# ======================================================================================
def pair_kl_bound_check(bound):
    """Check D(P‖Q) <= bound(ε) and D(Q‖P) <= bound(ε), ε the tightest (ε,0)-closeness level
    (vacuous when ε = oo).  ``bound`` maps an exact finite ε (LogForm) to an exact value."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        eps = _pair_eps(P, Q)
        if eps is _OO:
            return Outcome(Decision.true("vacuous", "not (eps,0)-close for any finite eps"), {"eps": "oo"})
        b = bound(eps)
        d1, d2 = kl(P, Q), kl(Q, P)
        return Outcome(_combine([compare(d1, "<=", b), compare(d2, "<=", b)], "KL <= bound(eps)"),
                       {"eps": eps, "D(P||Q)": d1, "D(Q||P)": d2, "bound": b})

    return check


def _tanh_bound(eps: LogForm) -> LogForm:
    """ε·tanh(ε/2) = ε (e^ε − 1)/(e^ε + 1) for ε = ln γ, γ rational: an exact LogForm."""
    g = _exp_of(eps)
    return eps * ((g - 1) / (g + 1))


def _tight_equality_check(inst: Instance) -> Outcome:
    """On the binary extremal pair: D(P‖Q) = D(Q‖P) = ε tanh(ε/2) exactly."""
    P, Q = inst.params["P"], inst.params["Q"]
    eps = _pair_eps(P, Q)
    b = _tanh_bound(eps)
    return Outcome(_combine([compare(kl(P, Q), "==", b), compare(kl(Q, P), "==", b)], "equality in (11)"),
                   {"eps": eps, "bound": b})


def _prove_tight_equality() -> Decision:
    t = sympy.exp(EPS)
    P, Q = (t / (1 + t), 1 / (1 + t)), (1 / (1 + t), t / (1 + t))
    d1 = sum(p * sympy.log(p / q) for p, q in zip(P, Q))
    d2 = sum(q * sympy.log(q / p) for p, q in zip(P, Q))
    paper = EPS * (t - 1) * (1 - 1 / t) / ((t - 1) + (1 - 1 / t))
    return _combine([_prove_identity(d1 - paper, "D(P||Q) = (11) for all eps >= 0"),
                     _prove_identity(d2 - paper, "D(Q||P) = (11) for all eps >= 0")], "equality in (11)")


def _prove_tanh_form() -> Decision:
    t = sympy.exp(EPS)
    paper = EPS * (t - 1) * (1 - 1 / t) / ((t - 1) + (1 - 1 / t))
    return _combine([_prove_identity(paper - EPS * sympy.tanh(EPS / 2), "(11) = eps tanh(eps/2)"),
                     _prove_identity(paper - EPS * (t - 1) / (t + 1), "(11) = eps (e^eps-1)/(e^eps+1)")],
                    "closed form of (11)")


def _prove_tight_asymptotic() -> Decision:
    return _prove_limit(EPS * sympy.tanh(EPS / 2) / (EPS ** 2 / 2), EPS, 0, 1, "(11) ~ eps^2/2 as eps -> 0")


def _prove_half_eps_squared() -> Decision:
    return _certify(EPS * sympy.tanh(EPS / 2), "<=", EPS ** 2 / 2, "eps tanh(eps/2) <= eps^2/2 for all eps >= 0")


_EPS_GRID = tuple(_log(g) for g in (Fraction(1), Fraction(1001, 1000), Fraction(101, 100), Fraction(11, 10),
                                     Fraction(3, 2), Fraction(2), Fraction(8, 3), Fraction(3), Fraction(10),
                                     Fraction(100), Fraction(10 ** 6)))


@functools.lru_cache(maxsize=None)
def _eps_grid_instances():
    return tuple(Instance(f"eps=log({_exp_of(e)})", params={"gamma": _exp_of(e)}) for e in _EPS_GRID)


EPS_GRID = Family("eps-grid", _eps_grid_instances, "eps = log(g) for g in 1, 1001/1000, ..., 10^6")


def _eq82_check(inst: Instance) -> Outcome:
    """(82): ε tanh(ε/2) <= ε(1 − e^{−ε}) <= min{ε, ε²} at ε = ln γ."""
    g = inst.params["gamma"]
    eps = _log(g)
    a = _tanh_bound(eps)
    b = eps * (1 - 1 / g)
    c = _min_eps_eps2(eps)
    return Outcome(_combine([compare(a, "<=", b), compare(b, "<=", c)], "(82)"), {"eps": eps})


# ======================================================================================
# Property 2 (Pinsker)
# ======================================================================================
def pinsker_check(factor: Fraction = Fraction(1, 2)):
    """D(P‖Q) <= ε ⇒ TV <= sqrt(factor·ε); checked with the tightest ε = D(P‖Q) as
    TV² <= factor·D(P‖Q) (exact: a rational vs a LogForm).  The paper's factor is 1/2."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        d = kl(P, Q)
        t = tv(P, Q)
        if d is _OO:
            return Outcome(Decision.true("vacuous", "D(P||Q) = oo"), {"tv": t})
        return Outcome(compare(t * t, "<=", d * factor), {"tv": t, "D(P||Q)": d})

    return check


_PINSKER_DS = tuple(Fraction(1, 2 ** k) for k in range(1, 13))


@functools.lru_cache(maxsize=None)
def _pinsker_tight_instances():
    out = []
    for d in _PINSKER_DS:
        P = ((1 + d) / 2, (1 - d) / 2)
        out.append(_pair(f"binary pair TV={d}", P, P[::-1], d=d))
    return tuple(out)


def _pinsker_tight_check(inst: Instance) -> Outcome:
    """On P_d = ((1+d)/2, (1−d)/2), Q_d reversed: TV >= (1/2)·sqrt(D/2) (i.e. D <= 8 TV²)."""
    P, Q = inst.params["P"], inst.params["Q"]
    t, d = tv(P, Q), kl(P, Q)
    return Outcome(compare(d, "<=", 8 * t * t), {"tv": t, "D(P||Q)": d})


def _prove_pinsker_tight() -> Decision:
    d = sympy.Symbol("d", positive=True)
    D = d * sympy.log((1 + d) / (1 - d))  # D(P_d||Q_d), TV = d
    return _prove_limit(d ** 2 / (D / 2), d, 0, 1,
                        "TV^2 / (D/2) -> 1 on the binary family (Pinsker's constant is sharp)")


# ======================================================================================
# strictness of Properties 1 and 2
# ======================================================================================
_SMALL = tuple(Fraction(1, 2 ** k) for k in (1, 2, 4, 8, 16, 32))


@functools.lru_cache(maxsize=None)
def _strict_tv_instances():
    out = []
    for u in _SMALL:
        out.append(_pair(f"P=(1-u,u,0), Q=(1-u,0,u), u={u}", (1 - u, u, Fraction(0)), (1 - u, Fraction(0), u), u=u))
    return tuple(out)


def _strict_tv_check(inst: Instance) -> Outcome:
    """TV = u (arbitrarily small) but D(P‖Q) = D(Q‖P) = oo: no KL bound, finite or not."""
    P, Q, u = inst.params["P"], inst.params["Q"], inst.params["u"]
    parts = [compare(tv(P, Q), "<=", u),
             Decision.true("exact", "D(P||Q) = oo") if kl(P, Q) is _OO else Decision.false("exact", "D(P||Q) finite"),
             Decision.true("exact", "D(Q||P) = oo") if kl(Q, P) is _OO else Decision.false("exact", "D(Q||P) finite")]
    return Outcome(_combine(parts, "small TV, infinite KL"))


@functools.lru_cache(maxsize=None)
def _strict_kl_one_instances():
    return tuple(_pair(f"P=(1,0), Q=(1-u,u), u={u}", (Fraction(1), Fraction(0)), (1 - u, u), u=u) for u in _SMALL)


def _strict_kl_one_check(inst: Instance) -> Outcome:
    """D(P‖Q) = −ln(1−u) <= 2u (small) but ε = oo (Q(1) > 0 = P(1))."""
    P, Q, u = inst.params["P"], inst.params["Q"], inst.params["u"]
    parts = [compare(kl(P, Q), "<=", 2 * u),
             Decision.true("exact", "eps = oo") if _pair_eps(P, Q) is _OO else Decision.false("exact", "eps finite")]
    return Outcome(_combine(parts, "small one-sided KL, infinite eps"), {"D(P||Q)": kl(P, Q)})


@functools.lru_cache(maxsize=None)
def _strict_kl_both_instances():
    """For a = 1/2^k and E in {1, 5, 20}: P = (1−u, u), Q = (1−u/r, u/r) with r = 4^E and u
    halved until both KLs are <= a."""
    out = []
    for k in (1, 3, 6, 10):
        a = Fraction(1, 2 ** k)
        for E in (1, 5, 20):
            r = Fraction(4) ** E  # ln r = 2E ln 2 > E; D_inf > E is decided exactly by the check
            u = Fraction(1, 2)
            while True:
                P, Q = (1 - u, u), (1 - u / r, u / r)
                if compare(kl(P, Q), "<=", a).is_true and compare(kl(Q, P), "<=", a).is_true:
                    break
                u /= 2
            out.append(_pair(f"both KL <= {a}, eps > {E}: u={u}, ratio={r}", P, Q, a=a, E=Fraction(E)))
    return tuple(out)


def _strict_kl_both_check(inst: Instance) -> Outcome:
    P, Q, a, E = (inst.params[k] for k in ("P", "Q", "a", "E"))
    parts = [compare(kl(P, Q), "<=", a), compare(kl(Q, P), "<=", a), compare(_pair_eps(P, Q), ">", E)]
    return Outcome(_combine(parts, "both KL small, eps large"), {"eps": _pair_eps(P, Q)})


def _prove_finiteness_fails_on_finite_spaces() -> Decision:
    """Refute: "exists P, Q on a finite set with D(P‖Q), D(Q‖P) finite and ε = oo".

    Reduction: finiteness of D(P‖Q), D(Q‖P) and of ε depends only on the support pattern
    (sign of P(y), sign of Q(y)) of each point y: D(P‖Q) < oo iff no y has (+, 0); D(Q‖P) < oo
    iff no y has (0, +); ε < oo iff no y has (+, 0) or (0, +).  So "both KL finite" and
    "ε = oo" are incompatible for every finite set.  We verify the three equivalences with the
    library's measures on pmfs realising every support pattern on 2 and 3 points."""
    F = Fraction
    checked = 0
    for k in (2, 3):
        pats = list(itertools.product([(1, 1), (1, 0), (0, 1), (0, 0)], repeat=k))
        for pat in pats:
            sp, sq = sum(a for a, _ in pat), sum(b for _, b in pat)
            if sp == 0 or sq == 0:
                continue
            P = tuple(F(a, sp) for a, _ in pat)
            Q = tuple(F(b, sq) for _, b in pat)
            fin_pq = kl(P, Q) is not _OO
            fin_qp = kl(Q, P) is not _OO
            fin_eps = _pair_eps(P, Q) is not _OO
            if fin_pq != all(not (a and not b) for a, b in pat) or fin_qp != all(not (b and not a) for a, b in pat) \
                    or fin_eps != (fin_pq and fin_qp):
                return Decision.undecided("support patterns", f"pattern {pat} does not follow the reduction")
            if fin_pq and fin_qp and not fin_eps:  # pragma: no cover - would be a witness
                return Decision.true("support patterns", f"pattern {pat} is a witness")
            checked += 1
    return Decision.false("support patterns",
                          "on a finite set, D(P||Q) < oo and D(Q||P) < oo imply equal supports, hence eps < oo: "
                          f"the equivalences were verified on all {checked} support patterns on 2 and 3 points",
                          certificate={"patterns_checked": checked})


# ======================================================================================
# Property 3
# ======================================================================================
def prop3_delta_prime(delta, g, gp):
    """δ' = 1 − (e^{ε'} + 1)(1 − δ)/(e^ε + 1) with γ = e^ε, γ' = e^{ε'} (Property 3)."""
    return 1 - (gp + 1) * (1 - delta) / (g + 1)


_PROP3_GRID = ((Fraction(2), Fraction(1)), (Fraction(3, 2), Fraction(1)), (Fraction(3), Fraction(1)),
               (Fraction(3), Fraction(2)), (Fraction(10), Fraction(3)), (Fraction(2), Fraction(3, 2)))


def prop3_check(delta_map=prop3_delta_prime):
    """(ε,δ)-close ⇒ (ε',δ')-close for the tightest δ at ε (δ' is increasing in δ)."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        parts, vals = [], {}
        for g, gp in _PROP3_GRID:
            d = _pair_delta(P, Q, g)
            dp = delta_map(d, g, gp)
            actual = _pair_delta(P, Q, gp)
            vals[f"{g}->{gp}"] = (str(d), str(dp), str(actual))
            parts.append(compare(actual, "<=", dp))
        return Outcome(_combine(parts, "Property 3"), {"(delta, delta', delta at eps')": vals})

    return check


@functools.lru_cache(maxsize=None)
def _prop3_tight_instances():
    out = []
    for g, gp in _PROP3_GRID:
        for d in (Fraction(0), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10)):
            c = 1 - d
            P = (d, c * g / (1 + g), c / (1 + g), Fraction(0))
            Q = (Fraction(0), c / (1 + g), c * g / (1 + g), d)
            out.append(_pair(f"extremal 4-point pair e^eps={g}, e^eps'={gp}, delta={d}", P, Q,
                             gamma=g, gamma_prime=gp, delta=d))
    return tuple(out)


def _prop3_tight_check(inst: Instance) -> Outcome:
    """The extremal pair is (ε,δ)-close with δ tight and E_{e^ε'} = δ' exactly."""
    P, Q = inst.params["P"], inst.params["Q"]
    g, gp, d = inst.params["gamma"], inst.params["gamma_prime"], inst.params["delta"]
    parts = [compare(_pair_delta(P, Q, g), "==", d),
             compare(_pair_delta(P, Q, gp), "==", prop3_delta_prime(d, g, gp))]
    return Outcome(_combine(parts, "Property 3 attained"))


@functools.lru_cache(maxsize=None)
def _prop3_delta_instances(deltas):
    out = []
    for d in deltas:
        for g, gp in _PROP3_GRID:
            out.append(Instance(f"delta={d}, e^eps={g}, e^eps'={gp}",
                                params={"delta": d, "gamma": g, "gamma_prime": gp}))
    return tuple(out)


def _prop3_delta_check(inst: Instance) -> Outcome:
    d, g, gp = inst.params["delta"], inst.params["gamma"], inst.params["gamma_prime"]
    dp = prop3_delta_prime(d, g, gp)
    return Outcome(compare(dp, ">", d), {"delta'": dp})


def _prove_prop3_delta_below_one() -> Decision:
    """δ' − δ = w·u/(γ' + u + 1) > 0 with w = 1 − δ > 0, γ = e^ε = γ' + u, u > 0, γ' >= 1
    (a bijective change of variables); sympy factors and decides the sign from the
    positivity assumptions."""
    w, u, gp = (sympy.Symbol(s, positive=True) for s in ("w", "u", "gp"))
    expr = (1 - (gp + 1) * w / (gp + u + 1)) - (1 - w)
    f = sympy.factor(sympy.cancel(sympy.together(expr)))
    if f.is_positive:
        return Decision.true("sympy-assumptions", f"delta' - delta = {f} > 0 for delta < 1, eps' < eps",
                             certificate={"factored": sympy.sstr(f)})
    return Decision.undecided("sympy-assumptions", f"sign of {f} not decided")


_NO_SMALLER = ((Fraction(1, 100), Fraction(1), Fraction(2)), (Fraction(1, 4), Fraction(2), Fraction(1)),
               (Fraction(1, 2), Fraction(3), Fraction(1000)), (Fraction(1), Fraction(2), Fraction(10 ** 6)),
               (Fraction(1, 10), Fraction(10), Fraction(10 ** 9)))


@functools.lru_cache(maxsize=None)
def _prop3_no_smaller_instances():
    return tuple(_pair(f"P=(delta,1-delta), Q=(0,1), delta={d}, e^eps={g}, e^eps'={gp}",
                       (d, 1 - d), (Fraction(0), Fraction(1)), delta=d, gamma=g, gamma_prime=gp)
                 for d, g, gp in _NO_SMALLER)


def _prop3_no_smaller_check(inst: Instance) -> Outcome:
    """The pair is (ε,δ)-close and E_{e^ε'}(P‖Q) = δ, so (ε',δ'')-closeness fails for all δ'' < δ."""
    P, Q = inst.params["P"], inst.params["Q"]
    d, g, gp = inst.params["delta"], inst.params["gamma"], inst.params["gamma_prime"]
    parts = [is_close(P, Q, _log(g), d), compare(hockey_stick(P, Q, gp), ">=", d)]
    return Outcome(_combine(parts, "no smaller delta"))


# ======================================================================================
# Definitions 5–7
# ======================================================================================
def _def567_check(inst: Instance) -> Outcome:
    """pure_dp, tv_dp, kl_dp equal their definitions by brute force (events over Hamming-
    distance-1 ordered pairs; KL summed by hand)."""
    M = inst.mechanism
    rows = M.rows
    pairs = _hamming_pairs(M)
    parts = []
    # Def. 5: smallest ε with P(A) <= e^ε Q(A) for all events A and ordered pairs
    ratio, infinite = Fraction(1), False
    for a, b in pairs:
        for pa, qa in _masses(rows[a], rows[b]):
            if pa > 0 and qa == 0:
                infinite = True
            elif qa > 0:
                ratio = max(ratio, pa / qa)
    pv = _pure(M).value
    parts.append(Decision.true("exact", "pure_dp = oo") if infinite and pv == _OO else
                 compare(pv, "==", _log(ratio)) if not infinite else Decision.false("exact", f"pure_dp={pv}, brute=oo"))
    # Def. 6
    brute_tv = max((max(pa - qa for pa, qa in _masses(rows[a], rows[b])) for a, b in pairs), default=Fraction(0))
    parts.append(compare(_tv(M).value, "==", brute_tv))
    # Def. 7
    best = Fraction(0)
    for a, b in pairs:
        P, Q = rows[a], rows[b]
        if any(p > 0 and q == 0 for p, q in zip(P, Q)):
            best = _OO
            break
        d = LogForm(0, logs=[(p / q, p) for p, q in zip(P, Q) if p > 0])
        if compare(d, ">", best).is_true:
            best = d
    kv = _kl(M).value
    parts.append(Decision.true("exact", "kl_dp = oo") if best is _OO and kv == _OO else compare(kv, "==", best)
                 if best is not _OO and kv != _OO else Decision.false("exact", f"kl_dp={kv}, brute={best}"))
    return Outcome(_combine(parts, "Defs. 5-7 by brute force"))


# ======================================================================================
# Definition 8 (orderings): finite-family collapse
# ======================================================================================
def _def8_check(inst: Instance) -> Outcome:
    """On a finite family, α ⪰ β (Def. 8) iff α(M) = 0 ⇒ β(M) = 0.  For the notions of (20)
    the zero sets coincide: pure_dp = 0 ⟺ kl_dp = 0 ⟺ mi_dp = 0 ⟺ tv_dp = 0."""
    M = inst.mechanism
    zs = {}
    for name, m in (("pure_dp", _pure(M)), ("kl_dp", _kl(M)), ("tv_dp", _tv(M)), ("mi_dp", _mi(M))):
        if m.value is not None:
            z = compare(m.value, "==", 0)
            if z.is_undecided:
                return Outcome(Decision.undecided(z.method, f"{name} = 0 not decided: {z.reason}"))
            zs[name] = z.is_true
        else:
            if compare(m.lower, ">", 0).is_true:
                zs[name] = False
            else:
                return Outcome(Decision.undecided("enclosure", f"{name} enclosure touches 0"))
    same = len(set(zs.values())) == 1
    return Outcome(Decision.true("exact", f"zero sets agree: {zs}") if same else
                   Decision.false("exact", f"zero sets differ: {zs}"), {"zero": zs})


# ======================================================================================
# Example 1
# ======================================================================================
def _ex1_pure_check(inst: Instance) -> Outcome:
    """ε-DP ⇒ (ε,δ)-DP for every δ >= 0: at e^ε = e^{pure_dp} (and above), δ(γ) = 0."""
    M = inst.mechanism
    pv = _pure(M).value
    g = _exp_of(pv)
    if g is None:
        return Outcome(Decision.true("vacuous", "pure_dp = oo"))
    parts = [compare(_approx_delta(M, g * k), "==", 0) for k in (1, 2)]
    return Outcome(_combine(parts, "eps-DP => (eps,0)-DP"))


def _ex1_tv_check(inst: Instance) -> Outcome:
    """(δ)-DP ⇒ (ε,δ)-DP: δ(γ) <= δ(1) = tv_dp for every γ >= 1."""
    M = inst.mechanism
    t = _tv(M).value
    return Outcome(_combine([compare(_approx_delta(M, g), "<=", t) for g in _GAMMAS], "(delta)-DP => (eps,delta)-DP"))


def _ex1_prop3_check(inst: Instance) -> Outcome:
    """(D): (ε,δ)-DP ⇒ (0, δ₀)-DP with δ₀ = 1 − 2(1 − δ)/(e^ε + 1) (Property 3 with ε' = 0)."""
    M = inst.mechanism
    t = _tv(M).value
    parts = []
    for g in _GAMMAS:
        d0 = prop3_delta_prime(_approx_delta(M, g), g, Fraction(1))
        parts.append(compare(t, "<=", d0))
    return Outcome(_combine(parts, "(eps,delta)-DP => (delta0)-DP"))


@functools.lru_cache(maxsize=None)
def _ex1_limit_instances():
    out = []
    for g in (Fraction(1), Fraction(101, 100), Fraction(3, 2), Fraction(2), Fraction(10)):
        for d in (Fraction(0), Fraction(1, 1000), Fraction(1, 10), Fraction(1, 2), Fraction(1)):
            out.append(Instance(f"e^eps={g}, delta={d}", params={"gamma": g, "delta": d}))
    return tuple(out)


def _ex1_limit_check(inst: Instance) -> Outcome:
    """δ₀ = (e^ε − 1 + 2δ)/(e^ε + 1) <= ε/2 + δ, so δ₀ → 0 as ε, δ → 0 (finite quantitative form;
    uses tanh(ε/2) <= ε/2 at ε = ln γ, decided exactly)."""
    g, d = inst.params["gamma"], inst.params["delta"]
    d0 = prop3_delta_prime(d, g, Fraction(1))
    return Outcome(compare(d0, "<=", _log(g) / 2 + d), {"delta0": d0})


def _prove_ex1_limit() -> Decision:
    """δ₀ = tanh(ε/2) + 2δ/(e^ε + 1) (identity) <= ε/2 + δ: tanh(ε/2) <= ε/2 for all ε >= 0
    (certifier) and 2/(e^ε + 1) <= 1 (e^ε >= 1); hence δ₀ -> 0 as (ε, δ) -> 0."""
    d = sympy.Symbol("d", nonnegative=True)
    t = sympy.exp(EPS)
    d0 = 1 - 2 * (1 - d) / (t + 1)
    return _combine([
        _prove_identity(d0 - ((t - 1) / (t + 1) + 2 * d / (t + 1)), "delta0 = tanh(eps/2) + 2 delta/(e^eps+1)"),
        _certify((t - 1) / (t + 1), "<=", EPS / 2, "tanh(eps/2) <= eps/2"),
        _certify(2 / (t + 1), "<=", sympy.Integer(1), "2/(e^eps + 1) <= 1"),
    ], "delta0 <= eps/2 + delta")


# ======================================================================================
# Lemma 1 (orderings (A), (B)) and Theorem 1's first half
# ======================================================================================
def lemma1_21_check(bound):
    """(21): ε-DP ⇒ bound(ε)-KL-DP, checked as kl_dp(M) <= bound(pure_dp(M))."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        eps = _pure(M).value
        if eps == _OO:
            return Outcome(Decision.true("vacuous", "pure_dp = oo"), {"pure_dp": "oo"})
        b = bound(eps)
        return Outcome(compare(_kl(M).value, "<=", b), {"pure_dp": eps, "kl_dp": _kl(M).value, "bound": b})

    return check


def lemma1_22_check(scale=Fraction(1)):
    """(22): ε-KL-DP ⇒ ε-MI-DP, checked as mi_dp(M) <= scale·kl_dp(M) (the paper: scale 1)."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        k = _kl(M).value
        if k == _OO:
            return Outcome(Decision.true("vacuous", "kl_dp = oo"))
        return Outcome(_measured_cmp(_mi(M), "<=", k * scale), {"kl_dp": k, "mi_dp": _mi(M)})

    return check


def _lemma1_23_check(inst: Instance) -> Outcome:
    """(23): ε-DP ⇒ min{ε, ε²}-MI-DP, checked as mi_dp(M) <= min(pure, pure²)."""
    M = inst.mechanism
    eps = _pure(M).value
    if eps == _OO:
        return Outcome(Decision.true("vacuous", "pure_dp = oo"))
    return Outcome(_measured_cmp(_mi(M), "<=", _min_eps_eps2(eps)), {"pure_dp": eps, "mi_dp": _mi(M)})


@functools.lru_cache(maxsize=None)
def _lemma1_24_instances():
    rng = random.Random(24)
    out = []
    for k, space in enumerate([Hamming([0, 1], 2), Hamming.product([[0, 1], [0, 1, 2]]), Hamming([0, 1, 2], 1)] * 2):
        ny = 3
        rows = [_rpmf(rng, ny, rng.choice([3, 4, 6])) for _ in space.points]
        M = Mechanism(space, list(range(ny)), rows)
        pmf = _rpmf(rng, space.size, 12)
        out.append(Instance(f"random mechanism + dependent prior #{k} (seed 24)", mechanism=M,
                            prior=Prior(space, pmf)))
    return tuple(out)


def _lemma1_24_check(inst: Instance) -> Outcome:
    """(24): I(X_i;Y|X_{-i}) = E[D(P_{Y|X^n} ‖ P_{Y|X_{-i}})], computed by hand as an exact
    LogForm from the definition, equals the library's conditional_mi."""
    M, pr = inst.mechanism, inst.prior
    pts = M.inputs.points
    parts = []
    for i in range(M.inputs.n):
        groups: dict = {}
        for x, p in zip(pts, pr.pmf):
            groups.setdefault(x[:i] + x[i + 1:], []).append((x, p))
        total = LogForm(0)
        for key, members in groups.items():
            mass = sum((p for _, p in members), Fraction(0))
            if mass == 0:
                continue
            mix = [sum((p * M.rows[M.inputs.index(x)][y] for x, p in members), Fraction(0)) / mass
                   for y in range(len(M.outputs))]
            for x, p in members:
                if p == 0:
                    continue
                row = M.rows[M.inputs.index(x)]
                total = total + LogForm(0, logs=[(w / mix[y], p * w) for y, w in enumerate(row) if w > 0])
        parts.append(compare(conditional_mi(M, prior=pr, record=i, method="exact").value, "==", total))
    return Outcome(_combine(parts, "(24)"))


# ======================================================================================
# Lemma 2 (ordering (C)) and Appendix C
# ======================================================================================
def lemma2_27_check(bound_sq):
    """(27): ε-MI-DP ⇒ (0, b(ε))-DP, checked as tv_dp² <= bound_sq(ε) using the certified side
    of mi_dp; ``bound_sq(ε)`` is b(ε)² (the paper: 2ε), non-decreasing and linear in ε here."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        t = _tv(M).value
        m = _mi(M)
        # t^2 <= bound_sq(mi)  <=>  mi >= the smallest eps with bound_sq(eps) >= t^2
        need = bound_sq.inverse(t * t)
        return Outcome(_measured_cmp(m, ">=", need), {"tv_dp": t, "mi_dp": m, "mi needed": need})

    return check


class LinearSq:
    """b(ε)² = c·ε (the paper's (27): c = 2); ``inverse(s)`` = s / c."""

    def __init__(self, c: Fraction):
        self.c = Fraction(c)

    def inverse(self, s):
        return s / self.c


def lemma2_28_check(shrink=Fraction(1)):
    """(28): ε-MI-DP ⇒ (0, δ'(ε))-DP with δ'(ε) = 1 − 2h⁻¹(ln 2 − ε) for ε <= ln 2 (1 above).
    With ``shrink`` s <= 1 the claimed bound is s·δ'(ε); tv <= s·δ'(ε) ⟺
    h((1 − tv/s)/2) >= ln 2 − ε (h increasing on [0, 1/2]), decided exactly or from the
    certified side of mi_dp."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        t = _tv(M).value
        m = _mi(M)
        if t > shrink:
            # s·δ' <= s < tv: refuted iff ε <= ln 2 (else the claim is (s)-DP: also refuted)
            return Outcome(Decision.false("exact", f"tv_dp = {t} > {shrink} >= claimed delta'"), {"tv_dp": t})
        above = _measured_cmp(m, ">=", _LN2)
        if above.is_true and shrink == 1:
            return Outcome(Decision.true("exact", "mi_dp >= ln 2: the implication is (1)-DP, vacuous"), {"mi_dp": m})
        need = _LN2 - _h((1 - t / shrink) / 2)  # mi >= need  <=>  tv <= shrink·delta'(mi)
        return Outcome(_measured_cmp(m, ">=", need), {"tv_dp": t, "mi_dp": m, "ln2 - h((1-tv)/2)": need})

    return check


def _lemma2_bsc_check(inst: Instance) -> Outcome:
    """BSC(p): mi_dp = ln 2 − h(p), tv_dp = |1 − 2p|, and equality in (28): h((1 − tv)/2) = ln 2 − mi."""
    M, p = inst.mechanism, inst.params["p"]
    m, t = _mi(M), _tv(M).value
    parts = [compare(m.value, "==", _LN2 - _h(p)), compare(t, "==", abs(1 - 2 * p)),
             compare(_h((1 - t) / 2) + m.value, "==", _LN2)]
    return Outcome(_combine(parts, "BSC equality in (28)"), {"mi_dp": m, "tv_dp": t})


@functools.lru_cache(maxsize=None)
def _bsc_near_half():
    return tuple(_mech(f"BSC(p=1/2-1/2^{k})", zoo.binary_symmetric_channel(Fraction(1, 2) - Fraction(1, 2 ** k)),
                       k=k) for k in range(2, 12))


def _lemma2_asym_check(inst: Instance) -> Outcome:
    """On BSC(1/2 − d/2): 1 − tv² <= tv²/(2·mi) <= 1, i.e. √(2ε) is within a factor
    (1 − tv²)^{-1/2} of the tight δ' (finite quantitative form of 'asymptotically tight')."""
    M = inst.mechanism
    m, t = _mi(M), _tv(M).value
    parts = [compare(t * t, "<=", 2 * m.value), compare((1 - t * t) * 2 * m.value, "<=", t * t)]
    return Outcome(_combine(parts, "asymptotic tightness of (27)"), {"tv": t, "mi": m})


def _prove_lemma2_asym() -> Decision:
    d = sympy.Symbol("d", positive=True)
    h = lambda x: -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)  # noqa: E731
    eps = sympy.log(2) - h((1 - d) / 2)  # capacity of the BSC with TV d: delta'(eps) = d
    return _prove_limit(d ** 2 / (2 * eps), d, 0, 1, "delta'(eps)^2 / (2 eps) -> 1 as eps -> 0")


@functools.lru_cache(maxsize=None)
def _eq99_instances():
    return tuple(Instance(f"x={Fraction(k, 32)}", params={"x": Fraction(k, 32)}) for k in range(33))


def _eq99_check(inst: Instance) -> Outcome:
    """(99): h(x) <= ln 2 − 2(x − 1/2)²."""
    x = inst.params["x"]
    return Outcome(compare(_h(x), "<=", _LN2 - 2 * (x - Fraction(1, 2)) ** 2))


@functools.lru_cache(maxsize=None)
def _binary_channels():
    rng = random.Random(91)
    out = []
    vals = [Fraction(0), Fraction(1, 3), Fraction(1)]
    for a in vals:
        for b in vals:
            out.append((a, b))
    for _ in range(6):
        out.append((Fraction(rng.randint(0, 12), 12), Fraction(rng.randint(0, 10), 10)))
    res = []
    for a, b in out:
        M = Mechanism(Hamming([0, 1], 1), [0, 1], [[1 - a, a], [1 - b, b]])
        res.append(_mech(f"binary channel a={a}, b={b}", M, a=a, b=b))
    return tuple(res)


def _bsc_extremal_check(inst: Instance) -> Outcome:
    """(95)-(98): the symmetrised channel is a BSC with the same TV |a − b| and capacity
    ln 2 − h((1 − |a − b|)/2) <= the capacity of the original channel."""
    a, b = inst.params["a"], inst.params["b"]
    d = abs(a - b)
    hat = Mechanism(Hamming([0, 1], 1), [0, 1], [[Fraction(1, 2) - (a - b) / 2, Fraction(1, 2) + (a - b) / 2],
                                                 [Fraction(1, 2) + (a - b) / 2, Fraction(1, 2) - (a - b) / 2]])
    c_hat = capacity(hat)
    c = capacity(inst.mechanism)
    parts = [compare(tv_dp(hat).value, "==", d), compare(_tv(inst.mechanism).value, "==", d),
             compare(c_hat.value, "==", _LN2 - _h((1 - d) / 2)), _measured_cmp(c, ">=", c_hat.value)]
    return Outcome(_combine(parts, "BSC extremal"), {"C": c, "C_hat": c_hat})


@functools.lru_cache(maxsize=None)
def _convex_instances():
    rng = random.Random(93)
    out = []
    for k in range(8):
        W1 = [_rpmf(rng, 2, rng.choice([3, 4, 5, 6])) for _ in range(2)]
        W2 = [_rpmf(rng, 2, rng.choice([3, 4, 5, 6])) for _ in range(2)]
        if W1 == W2:
            continue
        lam = rng.choice([Fraction(1, 2), Fraction(1, 3), Fraction(3, 4)])
        sp = Hamming([0, 1], 1)
        out.append(Instance(f"convexity #{k} (seed 93), lambda={lam}", mechanism=Mechanism(sp, [0, 1], W1),
                            params={"lam": lam}, extra={"W2": Mechanism(sp, [0, 1], W2)}))
    return tuple(out)


def _convex_check(inst: Instance) -> Outcome:
    """Capacity is convex in the channel: C(λW1 + (1−λ)W2) <= λC(W1) + (1−λ)C(W2)."""
    W1, W2, lam = inst.mechanism, inst.extra["W2"], inst.params["lam"]
    mix = Mechanism(W1.inputs, W1.outputs, [[lam * p + (1 - lam) * q for p, q in zip(r1, r2)]
                                            for r1, r2 in zip(W1.rows, W2.rows)])
    c1, c2, cm = capacity(W1), capacity(W2), capacity(mix)
    lo = (c1.lower * lam) + (c2.lower * (1 - lam))
    hi = (c1.upper * lam) + (c2.upper * (1 - lam))
    if compare(cm.upper, "<=", lo).is_true:
        d = Decision.true("enclosure", "C(mix).upper <= lambda C1.lower + (1-lambda) C2.lower")
    elif compare(cm.lower, ">", hi).is_true:
        d = Decision.false("enclosure", "C(mix).lower > lambda C1.upper + (1-lambda) C2.upper")
    else:
        d = Decision.undecided("enclosure", "enclosures overlap")
    return Outcome(d, {"C1": c1, "C2": c2, "C_mix": cm})


# ======================================================================================
# Remark (33): positive threshold
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _threshold_instances():
    return tuple(_mech(f"erasure_channel(2, {d})", zoo.erasure_channel(2, d), delta=d)
                 for d in (Fraction(1, 2), Fraction(1, 8), Fraction(1, 64), Fraction(1, 1024)))


def _threshold_check(inst: Instance) -> Outcome:
    """The binary erasure channel with non-erasure probability d is (d ln 2)-MI-DP, yet
    E_γ(P_1‖P_2) = d for every γ: every (ε', δ')-DP guarantee it has needs δ' >= d > 0."""
    M, d = inst.mechanism, inst.params["delta"]
    parts = [_measured_cmp(_mi(M), "<=", _LN2 * d)]
    for g in (Fraction(1), Fraction(10), Fraction(10 ** 6), Fraction(10 ** 30)):
        parts.append(compare(_approx_delta(M, g), ">=", d))
    return Outcome(_combine(parts, "positive threshold"), {"mi_dp": _mi(M)})


# ======================================================================================
# Lemma 3 and (105), (106), (126), (127)
# ======================================================================================
def lemma3_bound(delta, m: int) -> LogForm:
    """ε'(δ) = 2h(δ) + 2δ ln m (35) with m = min{|Y|, max_i |X_i| + 1}."""
    return 2 * _h(delta) + LogForm(0, logs=[(m, 2 * Fraction(delta))])


def lemma3_check(bound=lemma3_bound):
    """(34)-(35): (δ)-DP ⇒ ε'(δ)-MI-DP.  A (tv_dp)-DP mechanism is (δ)-DP for every δ in
    [tv_dp, 1]; ε' is unimodal in δ (increasing up to m/(m+1), then decreasing), so the
    literal statement is mi_dp <= min(ε'(tv_dp), ε'(1))."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        t = _tv(M).value
        m = min(len(M.outputs), _max_alphabet(M) + 1)
        b0, b1 = bound(t, m), bound(Fraction(1), m)
        b = b0 if compare(b0, "<=", b1).is_true else b1
        return Outcome(_measured_cmp(_mi(M), "<=", b), {"tv_dp": t, "m": m, "bound": b, "mi_dp": _mi(M)})

    return check


def bound_105(delta, ny: int):
    """(105): h(δ) + δ ln(|Y| − 1) if δ <= (|Y| − 1)/|Y|, else ln |Y|."""
    delta = Fraction(delta)
    if ny == 1:
        return LogForm(0)
    if delta <= Fraction(ny - 1, ny):
        return _h(delta) + LogForm(0, logs=[(ny - 1, delta)])
    return _log(ny)


def bound_126(delta, nx: int):
    """(126): 2h(δ/(1+δ)) + 2 δ/(1+δ) ln |X~|."""
    r = Fraction(delta) / (1 + Fraction(delta))
    return 2 * _h(r) + LogForm(0, logs=[(nx, 2 * r)])


def _lemma3_105_check(inst: Instance) -> Outcome:
    M = inst.mechanism
    t = _tv(M).value
    b = bound_105(t, len(M.outputs))
    return Outcome(_measured_cmp(_mi(M), "<=", b), {"tv_dp": t, "bound": b, "mi_dp": _mi(M)})


def _lemma3_126_check(inst: Instance) -> Outcome:
    M = inst.mechanism
    t = _tv(M).value
    b = bound_126(t, _max_alphabet(M))
    return Outcome(_measured_cmp(_mi(M), "<=", b), {"tv_dp": t, "bound": b, "mi_dp": _mi(M)})


@functools.lru_cache(maxsize=None)
def _delta_card_grid():
    out = []
    for k in range(17):
        d = Fraction(k, 16)
        for c in (1, 2, 3, 4, 7, 16, 100):
            out.append(Instance(f"delta={d}, card={c}", params={"delta": d, "card": c}))
    return tuple(out)


def _eq106_127_check(inst: Instance) -> Outcome:
    """(106): (105) <= h(δ) + δ ln|Y|  and  (127): (126) <= 2h(δ) + 2δ ln(|X~| + 1)."""
    d, c = inst.params["delta"], inst.params["card"]
    parts = [compare(bound_105(d, c), "<=", _h(d) + LogForm(0, logs=[(c, d)])),
             compare(bound_126(d, c), "<=", 2 * _h(d) + LogForm(0, logs=[(c + 1, 2 * d)]))]
    return Outcome(_combine(parts, "(106), (127)"))


# ======================================================================================
# Example 3.3 (erasure channel)
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _erasure_instances():
    out = []
    for N in (2, 3, 4, 5, 8, 16):
        for d in (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1)):
            out.append(_mech(f"erasure_channel(N={N}, delta={d})", zoo.erasure_channel(N, d), N=N, delta=d))
    return tuple(out)


def _ex33_capacity_check(inst: Instance) -> Outcome:
    """(37)-(38): I(X_1;Y) at the uniform input = δ ln N = max_x D(W_x ‖ P_Y) (so the capacity
    is exactly δ ln N by I(P) <= C <= max_x D(W_x‖PW)); I(X_1;Y|X^{-1}) = I(X_1;Y); mi_dp agrees."""
    M, N, d = inst.mechanism, inst.params["N"], inst.params["delta"]
    target = LogForm(0, logs=[(N, d)])
    uni = Prior.uniform(M.inputs)
    i_uni = mi_privacy(M, prior=uni, method="exact").value
    q = [sum((r[y] for r in M.rows), Fraction(0)) / N for y in range(len(M.outputs))]
    ds = [kl(r, q) for r in M.rows]
    parts = [compare(i_uni, "==", target)] + [compare(v, "<=", target) for v in ds]
    parts.append(compare(conditional_mi(M, prior=uni, record=0, method="exact").value, "==", i_uni))
    parts.append(compare(_mi(M).value, "==", target))
    return Outcome(_combine(parts, "capacity of the erasure channel"), {"I(uniform)": i_uni, "target": target})


@functools.lru_cache(maxsize=None)
def _scaling_instances():
    out = []
    for d in (Fraction(1, 10), Fraction(1, 2), Fraction(1)):
        for k in (1, 2, 4, 8, 16):
            out.append(Instance(f"delta={d}, N=2^{k}", params={"delta": d, "N": 2 ** k}))
    return tuple(out)


def _ex33_scaling_check(inst: Instance) -> Outcome:
    """Lemma 3's bound ε' = 2h(δ) + 2δ ln(N + 1) (m = N + 1) exceeds 2C = 2δ ln N, and the
    ratio ε'/C decreases from N to 2N (it tends to 2, proved by the limit)."""
    d, N = inst.params["delta"], inst.params["N"]
    C1, C2 = LogForm(0, logs=[(N, d)]), LogForm(0, logs=[(2 * N, d)])
    e1, e2 = lemma3_bound(d, N + 1), lemma3_bound(d, 2 * N + 1)
    parts = [compare(e1, ">", 2 * C1), compare(_sym(e2) * _sym(C1), "<", _sym(e1) * _sym(C2))]
    return Outcome(_combine(parts, "factor-two scaling"), {"eps'": e1, "C": C1})


def _prove_ex33_limit() -> Decision:
    N, d = sympy.Symbol("N", positive=True), sympy.Symbol("delta", positive=True)
    h = -d * sympy.log(d) - (1 - d) * sympy.log(1 - d)
    return _prove_limit((2 * h + 2 * d * sympy.log(N + 1)) / (d * sympy.log(N)), N, _OO, 2,
                        "Lemma 3 bound / capacity -> 2 as N -> oo (any fixed delta in (0, 1))")


# ======================================================================================
# Theorem 1 (finite readings via the lemmas' parameter maps)
# ======================================================================================
def _thm1_c_check(inst: Instance) -> Outcome:
    """MI-DP ⪰ (ε,δ)-DP via (27): for every ε' >= 0, δ(e^{ε'}) <= √(2·mi_dp)."""
    M = inst.mechanism
    m = _mi(M)
    parts = [_measured_cmp(m, ">=", _approx_delta(M, g) ** 2 / 2) for g in _GAMMAS]
    return Outcome(_combine(parts, "(eps',delta)-profile <= sqrt(2 mi)"))


def _thm1_d_check(inst: Instance) -> Outcome:
    """(18): (ε,δ)-DP ⪰ MI-DP with the cardinality bound: Property 3 (ε' = 0) gives (δ₀)-DP,
    then Lemma 3: mi_dp <= ε'(δ₀) with m = min{|Y|, max|X_i| + 1}, for each ε in the grid."""
    M = inst.mechanism
    m = min(len(M.outputs), _max_alphabet(M) + 1)
    parts = []
    for g in _GAMMAS:
        d0 = prop3_delta_prime(_approx_delta(M, g), g, Fraction(1))
        parts.append(_measured_cmp(_mi(M), "<=", lemma3_bound(d0, m)))
    return Outcome(_combine(parts, "(18) via Property 3 + Lemma 3"))


@functools.lru_cache(maxsize=None)
def _cardinality_instances():
    return tuple(_mech(f"erasure_channel(N=2^{k}, 1/2)", zoo.erasure_channel(2 ** k, Fraction(1, 2)), N=2 ** k)
                 for k in (1, 2, 3, 5))


def _thm1_card_check(inst: Instance) -> Outcome:
    """Without a cardinality bound (δ)-DP does not bound MI: erasure channels with tv_dp = 1/2
    have mi_dp = (1/2) ln N, unbounded in N."""
    M, N = inst.mechanism, inst.params["N"]
    parts = [compare(_tv(M).value, "==", Fraction(1, 2)), _measured_cmp(_mi(M), ">=", _log(N) / 2)]
    return Outcome(_combine(parts, "MI grows with the cardinality"))


# ======================================================================================
# strictness of (A), (B); footnote 3
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _strict_a_instances():
    out = []
    sp = Hamming([0, 1], 1)
    for k in (1, 2, 4, 8, 12):
        a = Fraction(1, 2 ** k)
        u = Fraction(1, 2)
        while True:
            M = Mechanism(sp, [0, 1], [[1 - u, u], [1 - u / 8, u / 8]])
            if compare(kl_dp(M).value, "<=", a).is_true:
                break
            u /= 2
        out.append(_mech(f"rows (1-u,u), (1-u/8,u/8), u={u}: KL-DP <= {a}", M, alpha=a))
    return tuple(out)


def _strict_a_check(inst: Instance) -> Outcome:
    """(A) is strict: KL-DP <= α' (any α' in the sequence) with pure DP = ln 8 > β' = 1 fixed."""
    M, a = inst.mechanism, inst.params["alpha"]
    parts = [compare(_kl(M).value, "<=", a), compare(_pure(M).value, ">", 1)]
    return Outcome(_combine(parts, "small KL-DP, pure DP > 1"))


@functools.lru_cache(maxsize=None)
def _strict_b_instances():
    return tuple(_mech(f"erasure_channel(2, 1/2^{k})", zoo.erasure_channel(2, Fraction(1, 2 ** k)),
                       alpha=Fraction(1, 2 ** k)) for k in (1, 3, 6, 10, 20))


def _strict_b_check(inst: Instance) -> Outcome:
    """(B) is strict even with |X| = 2, |Y| = 3: mi_dp = α ln 2 <= α but kl_dp = pure_dp = oo
    (also footnote 3: ε-MI-DP but not ε'-DP for any ε')."""
    M, a = inst.mechanism, inst.params["alpha"]
    parts = [_measured_cmp(_mi(M), "<=", a),
             Decision.true("exact", "kl_dp = oo") if _kl(M).value == _OO else Decision.false("exact", "kl_dp finite"),
             Decision.true("exact", "pure_dp = oo") if _pure(M).value == _OO else
             Decision.false("exact", "pure_dp finite")]
    return Outcome(_combine(parts, "small MI-DP, infinite KL-DP and eps"))


# ======================================================================================
# §2.2 interpretation remarks
# ======================================================================================
def _interp_tv_test_check(inst: Instance) -> Outcome:
    """1 − TV = min over tests (reject region A) of P(A) + Q(A^c) (deterministic tests suffice:
    the objective is linear in a randomised test)."""
    P, Q = inst.params["P"], inst.params["Q"]
    best = min(pa + 1 - qa for pa, qa in _masses(P, Q))
    return Outcome(compare(best, "==", 1 - tv(P, Q)), {"min error sum": best})


def _interp_bayes_check(inst: Instance) -> Outcome:
    """Bayes factor: with prior π on {P, Q}, max over outputs of |ln posterior odds − ln prior
    odds| equals the tightest ε of (ε,0)-closeness, for every π in (0, 1)."""
    P, Q = inst.params["P"], inst.params["Q"]
    eps = _pair_eps(P, Q)
    parts = []
    for pi in (Fraction(1, 2), Fraction(1, 5), Fraction(9, 10)):
        prior_odds = pi / (1 - pi)
        worst, infinite = Fraction(1), False
        for p, q in zip(P, Q):
            py = pi * p + (1 - pi) * q
            if py == 0:
                continue
            post_p, post_q = pi * p / py, (1 - pi) * q / py
            if post_p == 0 or post_q == 0:
                infinite = True
                continue
            r = (post_p / post_q) / prior_odds
            worst = max(worst, r, 1 / r)
        if infinite:
            parts.append(Decision.true("exact", "both infinite") if eps is _OO else
                         Decision.false("exact", "posterior odds degenerate but eps finite"))
        else:
            parts.append(Decision.false("exact", "eps infinite but posterior odds finite") if eps is _OO else
                         compare(_log(worst), "==", eps))
    return Outcome(_combine(parts, "Bayes factor"))


def _interp_region_check(inst: Instance) -> Outcome:
    """Kairouz et al.: (ε,δ)-close ⟺ every test A has P(A) + e^ε Q(A^c) >= 1 − δ and
    e^ε P(A) + Q(A^c) >= 1 − δ (a piecewise-linear error region)."""
    P, Q = inst.params["P"], inst.params["Q"]
    parts = []
    for g in _GAMMAS:
        # the smallest left-hand side over all tests A; the region constraint is "<= ... >= 1 - delta"
        worst = min(min(pa + g * (1 - qa), g * pa + (1 - qa)) for pa, qa in _masses(P, Q))
        for d in (Fraction(0), Fraction(1, 10), Fraction(1, 3)):
            region = worst >= 1 - d
            close = _pair_delta(P, Q, g) <= d  # the E_gamma form of Def. 4 (checked against (5)-(6) in def4)
            parts.append(Decision.true("exact", "agree") if close == region
                         else Decision.false("exact", f"gamma={g}, delta={d}: region {region}, close {close}"))
    return Outcome(_combine(parts, "error region"))


# ======================================================================================
# informal claims: finite analogues
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _correlated_instances():
    out = []
    for n in (2, 3):
        M = zoo.count_query_geometric(n, exp_eps=2)
        pts = M.inputs.points
        pr = Prior(M.inputs, [Fraction(1, 2) if len(set(x)) == 1 else Fraction(0) for x in pts])
        out.append(Instance(f"count_query_geometric(n={n}, exp_eps=2), X_1 = ... = X_n ~ Bern(1/2)", mechanism=M,
                            prior=pr))
    return tuple(out)


def _correlated_check(inst: Instance) -> Outcome:
    """With fully correlated entries the weak adversary's I(X_1;Y) exceeds the MI-DP level
    (the strong adversary's sup I(X_i;Y|X_{-i})): DP does not bound evidence of participation."""
    M = inst.mechanism
    r = record_mi(M, prior=inst.prior, record=0, method="exact")
    return Outcome(_measured_cmp(_mi(M), "<", r.value), {"I(X_1;Y)": r, "mi_dp": _mi(M)})


@functools.lru_cache(maxsize=None)
def _independent_instances():
    rng = random.Random(44)
    out = []
    mechs = [zoo.count_query_geometric(2, exp_eps=2), zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)]
    mechs += [m.mechanism for m in _mechs_random()[2::4][:4]]
    for k, M in enumerate(mechs):
        marg = [_rpmf(rng, len(a), rng.choice([2, 3, 5])) for a in M.inputs.records]
        out.append(Instance(f"{M!r} with product prior #{k} (seed 44)", mechanism=M,
                            prior=Prior.product(M.inputs, marg)))
    return tuple(out)


def _independent_check(inst: Instance) -> Outcome:
    """With independent entries, I(X_i;Y) <= mi_dp for every record (Property 4)."""
    M = inst.mechanism
    parts = [_measured_cmp(_mi(M), ">=", record_mi(M, prior=inst.prior, record=i, method="exact").value)
             for i in range(M.inputs.n)]
    return Outcome(_combine(parts, "independent entries"))


# ======================================================================================
# the claims
# ======================================================================================
def _R(name, statement, check=None, families=(), *, expected, prove=None, notes=""):
    return Reading(name, statement, check=check, families=tuple(families), prove=prove, expected=expected,
                   notes=notes)


_C, _P, _U, _X = Verdict.CHECKED, Verdict.PROVED, Verdict.UNDECIDED, Verdict.REFUTED

_CLAIMS_SECTIONS_1_3: list[Claim] = [
    Claim(
        "cuff2016.def1", "Definition 1 ((ε, δ)-differential privacy)", f"{SEED}, §1, Definition 1, eq. (1)",
        "A randomized mechanism P_{Y|X^n} satisfies (ε,δ)-differential privacy if for all neighboring database "
        "instances x^n and x~^n, P_{Y|X^n=x^n} ≈^(ε,δ) P_{Y|X^n=x~^n}, where the approximation in (1) is defined "
        "later in Definition 4, and neighboring database instances are defined in Definition 3.",
        "definition",
        [_R("events-brute-force",
            "For γ = e^ε in {1, 3/2, 2, 3}: the smallest δ with P_x(A) <= γ P_x'(A) + δ for every event A and "
            "every ordered pair at Hamming distance 1 (brute force over events) equals the exact profile approx_dp "
            "and the max over ordered neighbours of E_γ(P_x‖P_x'); at γ = 1 it equals tv_dp",
            _def1_check, MECH_FAMILIES, expected=_C)],
    ),
    Claim(
        "cuff2016.def2", "Definition 2 (mutual-information differential privacy)",
        f"{SEED}, §1, Definition 2, eq. (2)",
        "A randomized mechanism P_{Y|X^n} satisfies ε-mutual-information differential privacy if "
        "sup_{i, P_{X^n}} I(X_i; Y | X^{-i}) <= ε nats.",
        "definition",
        [_R("sup-over-all-joint-priors",
            "mi_dp(M) (max over i, x_{-i} of channel capacities) is an upper bound of I(X_i;Y|X_{-i}) for every "
            "joint prior of a rational grid (dependent priors included) and is attained by its witness prior",
            _def2_check, [Family("mechanisms-def2", _def2_instances,
                                 "geometric count query, Ex. 5.1, 3-ary RR and random mechanisms on {0,1}^2, "
                                 "{0,1,2}, with every grid prior of denominator 3 (6 for one record)")],
            expected=_C)],
    ),
    Claim(
        "cuff2016.def3", "Definition 3 (neighbours)", f"{SEED}, §2.1, Definition 3, eq. (3)",
        "Two database instances x^n and x~^n are neighbors if they differ in only one entry. In other words, "
        "d_H(x^n, x~^n) = 1, where d_H is Hamming distance.",
        "definition",
        [_R("hamming-distance-one", "The neighbour edges of Hamming spaces are exactly the pairs at Hamming "
                                    "distance 1 (brute force over all pairs of points)",
            _def3_check, [Family("hamming-spaces", _def3_instances, "{0,1}, {0,1}^3, {0,1,2}^2, {0,1}x{0,1,2}x{a,b}")],
            expected=_C)],
    ),
    Claim(
        "cuff2016.def4", "Definition 4 ((ε, δ)-closeness), equivalences (7), (8) and the E_γ remark",
        f"{SEED}, §2.2, Definition 4, eqs. (4)-(8); §3.2 (E_γ)",
        "Two probability distributions P and Q over the same measurable space are (ε,δ)-close if "
        "P(A) <= e^ε Q(A) + δ for all A (5) and Q(A) <= e^ε P(A) + δ for all A (6). If δ = 0, then P and Q are "
        "mutually absolutely continuous and (ε,0)-closeness is |ln dP/dQ(a)| <= ε for all a (7). With ε = 0, "
        "(0,δ)-closeness is ||P − Q||_TV <= δ (8). P ≈(ε,δ) Q is equivalent to the pair of statements "
        "E_{e^ε}(P‖Q) <= δ and E_{e^ε}(Q‖P) <= δ.",
        "definition",
        [_R("events-vs-E_gamma",
            "Brute force over events of (5)-(6) gives the smallest δ = max(E_γ(P‖Q), E_γ(Q‖P)) for γ in "
            "{1, 3/2, 2, 3}; is_close agrees at that δ and rejects δ − 1/1000",
            _def4_events_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C),
         _R("eq7-pointwise", "(7): (ε,0)-closeness by events ⟺ mutual absolute continuity and |ln P(a)/Q(a)| <= ε "
                             "pointwise, for e^ε in {1, 3/2, 2, 3, 5, 100}",
            _def4_eq7_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C),
         _R("eq8-tv", "(8): max_A |P(A) − Q(A)| (brute force) equals the total variation ½Σ|P − Q|",
            _def4_eq8_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C)],
    ),
    Claim(
        "cuff2016.eq9", "Claim (9)", f"{SEED}, §2.2, eq. (9)",
        "By relaxing the right side of (7) to be an expected value rather than a statement about all a, we "
        "immediately get: P ≈(ε,0) Q ⟹ D(P‖Q) <= ε nats, D(Q‖P) <= ε nats.",
        "implication",
        [_R("literal", "D(P‖Q) <= ε and D(Q‖P) <= ε for the tightest ε of (ε,0)-closeness",
            pair_kl_bound_check(lambda e: e), PAIR_FAMILIES, expected=_C)],
    ),
    Claim(
        "cuff2016.prop1", "Property 1", f"{SEED}, §2.2, Property 1, eq. (10); Appendix A",
        "P ≈(ε,0) Q ⟹ D(P‖Q) <= min{ε, ε²} nats, D(Q‖P) <= min{ε, ε²} nats.",
        "implication",
        [_R("literal", "D(P‖Q), D(Q‖P) <= min{ε, ε²} for the tightest ε of (ε,0)-closeness",
            pair_kl_bound_check(_min_eps_eps2), PAIR_FAMILIES, expected=_C,
            notes="Mechanism-level form: cuff2016.lemma1/(21).  The bound is loose by a factor 2 as ε -> 0 "
                  "(the tight form is ε tanh(ε/2) ~ ε²/2, cuff2016.prop1_tight).")],
    ),
    Claim(
        "cuff2016.prop1_tight", "Property 1, tight form (11), equality and asymptotics",
        f"{SEED}, §2.2, eq. (11) and the sentences after it; Appendix A, eqs. (81)-(82)",
        "In fact, the tightest possible statement of this form is P ≈(ε,0) Q ⟹ D(P‖Q), D(Q‖P) <= "
        "ε (e^ε − 1)(1 − e^{−ε}) / ((e^ε − 1) + (1 − e^{−ε})) nats. Equality on the right side of (11) can be "
        "achieved with binary distributions. For small ε, the right side of (11) is asymptotically ½ε² nats. "
        "[App. A:] This extreme is achieved by a symmetric pair of binary distributions ... D(P‖Q) = D(Q‖P). "
        "The relaxation in Property 1: ε(...)/(...) <= ε(1 − e^{−ε}) <= min{ε, ε²} (82).",
        "tightness",
        [_R("bound-11", "D(P‖Q), D(Q‖P) <= ε tanh(ε/2) = ε (e^ε − 1)/(e^ε + 1) (an exact LogForm at ε = ln γ)",
            pair_kl_bound_check(_tanh_bound), (PAIRS_RR, PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C),
         _R("binary-equality", "For P = (e^ε, 1)/(1 + e^ε), Q = (1, e^ε)/(1 + e^ε): D(P‖Q) = D(Q‖P) = (11) — "
                               "proved for all ε >= 0 symbolically, and exactly at the grid points",
            _tight_equality_check, (PAIRS_RR,), prove=_prove_tight_equality, expected=_P),
         _R("closed-form", "(11) equals ε tanh(ε/2) = ε (e^ε − 1)/(e^ε + 1) for all ε (identity)",
            prove=_prove_tanh_form, expected=_P),
         _R("asymptotic-half-eps-squared", "(11) / (ε²/2) -> 1 as ε -> 0", prove=_prove_tight_asymptotic, expected=_P),
         _R("half-eps-squared-upper-bound", "(11) <= ε²/2 for every ε >= 0 (the asymptotic form is also a bound)",
            prove=_prove_half_eps_squared, expected=_P,
            notes="Not stated in the paper: with Property 1's proof, ε-closeness gives KL <= ε²/2, a factor 2 "
                  "better than min{ε, ε²} for ε <= 2."),
         _R("relaxation-82", "(82): ε tanh(ε/2) <= ε(1 − e^{−ε}) <= min{ε, ε²} for all ε >= 0 (exact at ε = ln γ, "
                             "γ from 1 to 10^6)",
            _eq82_check, (EPS_GRID,), prove=_prove_eq82, expected=_P,
            notes="Both steps proved for all ε >= 0 by exactpriv.certify; the grid is a cross-check.")],
    ),
    Claim(
        "cuff2016.prop2", "Property 2 (Pinsker)", f"{SEED}, §2.2, Property 2, eq. (12) and the remark after it",
        "By Pinsker's inequality, D(P‖Q) <= ε nats ⟹ P ≈(0, sqrt(ε/2)) Q. ... Property 2 is known to be tight up "
        "to a multiplicative constant.",
        "implication",
        [_R("literal", "TV(P, Q) <= sqrt(D(P‖Q)/2), checked as TV² <= D/2 exactly",
            pinsker_check(Fraction(1, 2)), PAIR_FAMILIES, expected=_C),
         _R("tight-up-to-constant",
            "On P_d = ((1+d)/2, (1−d)/2), Q_d reversed (d = 1/2, ..., 1/4096): TV >= ½ sqrt(D/2) (finite form), "
            "and TV²/(D/2) -> 1 as d -> 0 (proved: the constant is in fact sharp)",
            _pinsker_tight_check, [Family("pinsker-binary", _pinsker_tight_instances, "d = 1/2^k, k = 1..12")],
            prove=_prove_pinsker_tight, expected=_P)],
    ),
    Claim(
        "cuff2016.prop12_strict", "Claim: Properties 1 and 2 are strict", f"{SEED}, §2.2, paragraph after (12)",
        "Property 1 and Property 2 are strict in the sense that the reverse implications are not true in any form "
        "(i.e. closeness bounds on the right, no matter how small the parameters, do not even imply finiteness of "
        "the parameters on the left).",
        "non-implication",
        [_R("prop2-reverse", "TV = u arbitrarily small with D(P‖Q) = D(Q‖P) = oo (u = 1/2, ..., 1/2^32)",
            _strict_tv_check, [Family("tv-small-kl-infinite", _strict_tv_instances, "P=(1-u,u,0), Q=(1-u,0,u)")],
            expected=_C),
         _R("prop1-reverse-one-sided", "D(P‖Q) <= 2u arbitrarily small with ε = oo (P = (1,0), Q = (1−u,u))",
            _strict_kl_one_check, [Family("kl-small-eps-infinite", _strict_kl_one_instances, "u = 1/2, ..., 1/2^32")],
            expected=_C),
         _R("prop1-reverse-unbounded", "For a in {1/2, 1/8, 1/64, 1/1024} and E in {1, 5, 20}: a pair with "
                                       "D(P‖Q), D(Q‖P) <= a and ε > E (small two-sided KL gives no bound on ε)",
            _strict_kl_both_check, [Family("kl-small-eps-large", _strict_kl_both_instances,
                                           "P=(1-u,u), Q=(1-u/r,u/r), r a power of 2, u halved until both KL <= a")],
            expected=_C),
         _R("prop1-reverse-finiteness-finite-spaces",
            "On a finite set there is a pair with D(P‖Q) <= a and D(Q‖P) <= a (both finite) that is not "
            "(ε,0)-close for any finite ε",
            prove=_prove_finiteness_fails_on_finite_spaces, expected=_X,
            notes="REFUTED on finite spaces: both KL finite => equal supports => finite ε (refuted by the support-"
                  "pattern reduction, no instance needed).  The paper works on general measurable spaces, where "
                  "an unbounded density ratio gives both KL finite and ε = oo, so the parenthetical is a "
                  "finite-space caveat, not an error of the paper; the quantitative non-implication holds "
                  "(prop1-reverse-unbounded).")],
    ),
    Claim(
        "cuff2016.prop3", "Property 3 (ε-δ trade-off) and its tightness claims",
        f"{SEED}, §2.2, Property 3, eq. (13) and the paragraph after it; Appendix B",
        "For any non-negative ε' < ε, let δ' = 1 − (e^{ε'} + 1)(1 − δ)/(e^ε + 1). P ≈(ε,δ) Q ⟹ P ≈(ε',δ') Q. "
        "Property 3 is the tightest possible trade-off between ε and δ with respect to (ε,δ)-closeness. Notice "
        "that δ' > δ. It is not possible for a larger δ to imply a smaller one, for any finite ε and ε'.",
        "implication",
        [_R("literal", "For the tightest δ at e^ε = γ and γ' < γ in a grid, max(E_γ'(P‖Q), E_γ'(Q‖P)) <= δ'",
            prop3_check(), (PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RR), expected=_C),
         _R("tightest", "The 4-point pair P = (δ, (1−δ)γ/(1+γ), (1−δ)/(1+γ), 0), Q its mirror image is (ε,δ)-close "
                        "with δ tight and has E_{γ'}(P‖Q) = δ' exactly (no smaller δ' is possible)",
            _prop3_tight_check, [Family("prop3-extremal", _prop3_tight_instances,
                                        "grid of (γ, γ') and δ in {0, 1/10, 1/2, 9/10}")], expected=_C),
         _R("delta-prime-exceeds-delta", "δ' > δ for every δ in [0, 1] and 0 <= ε' < ε",
            _prop3_delta_check, [Family("delta-grid", lambda: _prop3_delta_instances(
                (Fraction(0), Fraction(1, 2), Fraction(1))), "delta in {0, 1/2, 1} x (γ, γ') grid")],
            expected=_X,
            notes="REFUTED at δ = 1: δ' − δ = (1 − δ)(e^ε − e^{ε'})/(e^ε + 1) = 0 (both are 1, the vacuous "
                  "level).  Boundary case; true for δ < 1 (reading delta-prime-exceeds-delta-below-one)."),
         _R("delta-prime-exceeds-delta-below-one", "δ' > δ for every δ in [0, 1) and 0 <= ε' < ε",
            _prop3_delta_check, [Family("delta-grid-below-one", lambda: _prop3_delta_instances(
                (Fraction(0), Fraction(1, 3), Fraction(99, 100))), "delta in {0, 1/3, 99/100} x (γ, γ') grid")],
            prove=_prove_prop3_delta_below_one, expected=_P),
         _R("no-smaller-delta", "For P = (δ, 1−δ), Q = (0, 1): (ε,δ)-close for every ε, yet E_{e^ε'}(P‖Q) = δ for "
                                "every ε' (also ε' > ε): no (ε', δ'') with δ'' < δ follows",
            _prop3_no_smaller_check, [Family("no-smaller-delta", _prop3_no_smaller_instances,
                                             "δ in {1/100, 1/10, 1/4, 1/2, 1}, e^ε' up to 10^9")], expected=_C)],
    ),
    Claim(
        "cuff2016.def5_6_7", "Definitions 5, 6, 7 (ε-DP, (δ)-DP, ε-KL-DP)", f"{SEED}, §2.3, Definitions 5-7, eq. (14)",
        "A randomized mechanism satisfies ε-DP if it satisfies (ε,0)-DP. ... satisfies (δ)-DP if it satisfies "
        "(0,δ)-DP. ... satisfies ε-KL-DP if for all neighboring database instances x^n and x~^n, "
        "D(P_{Y|X^n=x^n} ‖ P_{Y|X^n=x~^n}) <= ε nats.",
        "definition",
        [_R("brute-force", "pure_dp = ln max_A P_x(A)/P_x'(A) (oo if some P_x(A) > 0 = P_x'(A)), tv_dp = max_A "
                           "P_x(A) − P_x'(A), kl_dp = max Σ p ln(p/q), all over ordered pairs at Hamming distance 1",
            _def567_check, MECH_FAMILIES, expected=_C)],
    ),
    Claim(
        "cuff2016.def8", "Definition 8 (stronger privacy metric)", f"{SEED}, §2.4, Definition 8, eqs. (15)-(16)",
        "We say that α-DP is stronger than β-DP, denoted α-DP ⪰ β-DP, if for all β' > 0 there exists an α' > 0 "
        "such that α'-DP ⟹ β'-DP. If the parameters are vectors, then β' > 0 and α' > 0 should be interpreted "
        "as inequalities on each coordinate.",
        "definition",
        [_R("finite-family-collapse",
            "On a finite family of mechanisms, α ⪰ β iff α(M) = 0 ⇒ β(M) = 0 (take α' below the least positive "
            "α(M)); for the notions of (20) the zero sets coincide: pure_dp = 0 ⟺ kl_dp = 0 ⟺ mi_dp = 0 ⟺ tv_dp = 0",
            _def8_check, MECH_FAMILIES, expected=_C,
            notes="Consequence: every ordering of (20) holds in both directions on any finite family; Def. 8 has "
                  "content only for parameter sequences tending to 0, so the orderings are checked through their "
                  "explicit parameter maps (ex1, thm1, lemma1-3) and the strictness claims through witness "
                  "sequences (strict_AB, prop12_strict).  The quantifier 'for all β' there is α'' over all "
                  "mechanisms is not finitely checkable.")],
    ),
    Claim(
        "cuff2016.ex1", "Example 1 (orderings of ε-DP, (δ)-DP and (ε, δ)-DP)", f"{SEED}, §2.4, Example 1",
        "It is clear that ε-DP ⪰ (ε,δ)-DP and (δ)-DP ⪰ (ε,δ)-DP, since ε-DP implies (ε,δ)-DP for any non-negative "
        "δ, and likewise for (δ)-DP, by definition. Also, (ε,δ)-DP = (δ)-DP by Property 3. Notice that even if we "
        "set ε' = 0, the quantity δ', as defined in the property, goes to zero as ε and δ go to zero.",
        "equivalence",
        [_R("eps-DP-implies-eps-delta", "At e^ε = e^{pure_dp(M)} (and 2e^ε) the hockey-stick profile is 0",
            _ex1_pure_check, MECH_FAMILIES, expected=_C),
         _R("delta-DP-implies-eps-delta", "δ(e^ε) <= tv_dp for e^ε in {1, 3/2, 2, 3}",
            _ex1_tv_check, MECH_FAMILIES, expected=_C),
         _R("equality-D-via-prop3", "(ε,δ)-DP ⇒ (0, δ₀)-DP, δ₀ = 1 − 2(1−δ)/(e^ε+1): tv_dp <= δ₀(δ(e^ε)) on the grid",
            _ex1_prop3_check, MECH_FAMILIES, expected=_C),
         _R("delta0-vanishes", "δ₀ <= ε/2 + δ on a grid (so δ₀ -> 0 as ε, δ -> 0); δ₀ is continuous with δ₀(0,0) = 0",
            _ex1_limit_check, [Family("eps-delta-grid", _ex1_limit_instances, "e^ε in {1..10}, δ in {0..1}")],
            prove=_prove_ex1_limit, expected=_P)],
    ),
    Claim(
        "cuff2016.thm1", "Theorem 1 (main result)", f"{SEED}, §3.1, Theorem 1, eqs. (17)-(19); §3.3 (20)",
        "ε-DP ⪰ MI-DP ⪰ (ε,δ)-DP. Furthermore, if the cardinality of the database entries or the query response is "
        "bounded, then MI-DP = (ε,δ)-DP, where the relationship (ε,δ)-DP ⪰ MI-DP is dependent on the cardinality "
        "bound min{|Y|, max_i |X_i|}.",
        "equivalence",
        [_R("eps-DP-over-MI-DP", "Parameter map of (23): mi_dp <= min{pure_dp, pure_dp²}",
            _lemma1_23_check, MECH_FAMILIES, expected=_C),
         _R("MI-DP-over-eps-delta-DP", "Parameter map of (27): δ(e^ε') <= sqrt(2 mi_dp) for e^ε' in {1, 3/2, 2, 3}",
            _thm1_c_check, MECH_FAMILIES, expected=_C),
         _R("eps-delta-DP-over-MI-DP", "(18) via Property 3 (ε' = 0) and Lemma 3: mi_dp <= 2h(δ₀) + 2δ₀ ln m with "
                                       "δ₀ = 1 − 2(1 − δ(e^ε))/(e^ε + 1), m = min{|Y|, max|X_i| + 1}",
            _thm1_d_check, MECH_FAMILIES, expected=_C),
         _R("cardinality-needed", "Without a cardinality bound the last ordering fails: erasure channels with "
                                  "tv_dp = 1/2 have mi_dp >= ½ ln N for N = 2, 4, 8, 32",
            _thm1_card_check, [Family("erasure-growing-N", _cardinality_instances, "N = 2, 4, 8, 32, delta = 1/2")],
            expected=_C)],
    ),
    Claim(
        "cuff2016.strict_AB", "Claim: orderings (A) and (B) are strict; footnote 3",
        f"{SEED}, §3.3 after (20); §1 footnote 3",
        "It is worth noting both (A) and (B) are in fact strict orderings — the reverse implications do not hold, "
        "even if cardinality bounds are assumed. [Footnote 3:] The other direction is not true in general, as "
        "there exist mechanisms which satisfy ε-MI-DP but not ε'-DP for any ε'.",
        "non-implication",
        [_R("A-strict", "For β' = 1 and every α' in 1/2, 1/4, ..., 1/4096 there is a binary mechanism with "
                        "kl_dp <= α' and pure_dp = ln 8 > 1",
            _strict_a_check, [Family("kl-small-pure-large", _strict_a_instances, "rows (1-u,u), (1-u/8,u/8)")],
            expected=_C),
         _R("B-strict-and-footnote-3", "For α' = 2^-k, the binary erasure channel with δ = α' has mi_dp = α' ln 2 <= "
                                       "α' but kl_dp = pure_dp = oo (|X| = 2, |Y| = 3)",
            _strict_b_check, [Family("erasure-small-delta", _strict_b_instances, "delta = 1/2^k")], expected=_C)],
    ),
    Claim(
        "cuff2016.lemma1", "Lemma 1 (orderings (A) and (B))", f"{SEED}, §3.3, Lemma 1, eqs. (21)-(26)",
        "ε-DP ⟹ min{ε, ε²}-KL-DP (21); ε-KL-DP ⟹ ε-MI-DP (22). Therefore, ε-DP ⟹ min{ε, ε²}-MI-DP (23). "
        "[Proof:] I(X_i;Y|X^{-i}) = E[D(P_{Y|X^n=X̄^n} ‖ P_{Y|X^{-i}=X̄^{-i}})] (24).",
        "implication",
        [_R("eq21", "kl_dp(M) <= min{pure_dp(M), pure_dp(M)²}", lemma1_21_check(_min_eps_eps2), MECH_FAMILIES,
            expected=_C),
         _R("eq22", "mi_dp(M) <= kl_dp(M) (decided from the certified upper side of mi_dp)", lemma1_22_check(),
            MECH_FAMILIES, expected=_C),
         _R("eq23", "mi_dp(M) <= min{pure_dp(M), pure_dp(M)²}", _lemma1_23_check, MECH_FAMILIES, expected=_C),
         _R("eq24-identity", "I(X_i;Y|X_{-i}) equals the expected KL of (24), computed from the definition, for "
                             "random mechanisms and random dependent priors",
            _lemma1_24_check, [Family("mechanism-prior-pairs", _lemma1_24_instances, "6 random (seed 24)")],
            expected=_C)],
    ),
    Claim(
        "cuff2016.lemma2", "Lemma 2 (ordering (C)), tight form (28) and Appendix C",
        f"{SEED}, §3.3, Lemma 2, eqs. (27)-(32); Appendix C, eqs. (90)-(99)",
        "ε-MI-DP ⟹ (0, sqrt(2ε))-DP (27). In fact, the tightest possible statement of this form is ε-MI-DP ⟹ "
        "(0, δ')-DP (28), with δ' = 1 − 2h^{-1}(ln 2 − ε), where h^{-1} is the inverse of the increasing part of "
        "the binary entropy function in units of nats. This formula holds for ε ∈ [0, ln 2]. For ε > ln 2, the "
        "implication becomes (1)-DP, which is vacuous. The claim in (27) is looser than that in (28) but "
        "asymptotically tight for small ε. [App. C:] For every binary channel, there is a binary symmetric channel "
        "with the same capacity but with greater or equal total variation ... channel capacity is a convex "
        "function of the channel parameters ... h(x) <= ln 2 − 2(x − ½)² (99).",
        "implication",
        [_R("eq27", "tv_dp(M) <= sqrt(2 mi_dp(M)), checked as mi_dp >= tv_dp²/2", lemma2_27_check(LinearSq(2)),
            MECH_FAMILIES + (MECHS_BSC,), expected=_C),
         _R("eq28-tight-form", "tv_dp <= 1 − 2h^{-1}(ln 2 − mi_dp) when mi_dp <= ln 2, checked as "
                               "h((1 − tv_dp)/2) >= ln 2 − mi_dp (h increasing on [0, ½])",
            lemma2_28_check(), MECH_FAMILIES + (MECHS_BSC,), expected=_C),
         _R("eq28-equality-bsc", "BSC(p): mi_dp = ln 2 − h(p), tv_dp = |1 − 2p| and h((1 − tv)/2) + mi = ln 2 "
                                 "exactly: (28) is attained for every ε in [0, ln 2] (p = 0: ε = ln 2, δ' = 1)",
            _lemma2_bsc_check, (MECHS_BSC,), expected=_C),
         _R("eq27-asymptotically-tight", "tv²/(2 mi) -> 1 along BSCs with tv -> 0 (proved), and 1 − tv² <= "
                                         "tv²/(2 mi) <= 1 on BSC(½ − 1/2^k), k = 2..11",
            _lemma2_asym_check, [Family("bsc-near-half", _bsc_near_half, "p = 1/2 - 1/2^k")],
            prove=_prove_lemma2_asym, expected=_P),
         _R("eq99", "h(x) <= ln 2 − 2(x − ½)² for all x in [0, 1] (exact at x = k/32)", _eq99_check,
            [Family("x-grid", _eq99_instances, "x = k/32, k = 0..32")], prove=_prove_eq99, expected=_P,
            notes="The certifier alone is UNDECIDED on (99) (touch point x = ½, log singularity at 0); the "
                  "proof differentiates once and certifies the derivative (see _prove_eq99)."),
         _R("relaxation-27-of-28", "1 − 2h^{-1}(ln 2 − ε) <= sqrt(2ε) for all ε in [0, ln 2], i.e. with "
                                   "δ' = d: d²/2 <= ln 2 − h((1 − d)/2) for all d in [0, 1]",
            prove=_prove_eq99, expected=_P, notes="Same inequality as (99) after x = (1 − d)/2."),
         _R("bsc-extremal", "The symmetrised channel (95)-(96) is a BSC with the same TV and capacity <= the "
                            "original channel's", _bsc_extremal_check,
            [Family("binary-channels", _binary_channels, "grid a, b in {0, 1/3, 1} and 6 random (seed 91)")],
            expected=_C),
         _R("capacity-convex", "C(λW1 + (1−λ)W2) <= λC(W1) + (1−λ)C(W2) for random binary channels",
            _convex_check, [Family("channel-pairs", _convex_instances, "8 random pairs (seed 93)")], expected=_C)],
    ),
    Claim(
        "cuff2016.lemma2_general", "Remark (33): a complete characterisation ε-MI-DP ⟹ (ε', δ')-DP",
        f"{SEED}, §3.3, after Appendix-C reference, eq. (33)",
        "A more complete characterization is also possible, of the form ε-MI-DP ⟹ (ε', δ')-DP (33), for a particular "
        "set of values (ε', δ') which, among other things, has the property that δ' must be greater than some "
        "positive threshold which depends on ε, and as δ' approaches this threshold, ε' must go to infinity. ... "
        "a description of the trade-off is too unwieldy for this discussion.",
        "informal",
        [_R("positive-threshold", "For ε = d ln 2 (d = 1/2, 1/8, 1/64, 1/1024) the binary erasure channel is "
                                  "ε-MI-DP with δ(e^ε') >= d for e^ε' up to 10^30: every (ε', δ') implied by "
                                  "ε-MI-DP has δ' >= d > 0",
            _threshold_check, [Family("erasure-threshold", _threshold_instances, "binary erasure channels")],
            expected=_C,
            notes="Finite analogue of 'δ' must exceed a positive threshold'.  The characterisation itself is not "
                  "stated in the paper ('too unwieldy'), so its existence and the blow-up of ε' are not encodable.")],
        reason="The paper does not state the characterisation; only the positive-threshold property has a finite "
               "analogue.",
    ),
    Claim(
        "cuff2016.lemma3", "Lemma 3 (reverse direction) and the bounds (105), (106), (126), (127)",
        f"{SEED}, §3.3, Lemma 3, eqs. (34)-(35); Appendix D, eqs. (100)-(127)",
        "If |X_i| is finite for all i, or if |Y| is finite, then (δ)-DP ⟹ ε'-MI-DP (34), where, for any δ ∈ [0, 1], "
        "ε' = 2h(δ) + 2δ ln(min{|Y|, max_i |X_i| + 1}) (35). Slightly tighter bounds can be found in (105) and "
        "(126) of the proof. [(105):] I <= h(δ) + δ ln(|Y| − 1) if δ <= (|Y| − 1)/|Y|, ln |Y| otherwise; "
        "(106) <= h(δ) + δ ln |Y|. [(126):] I <= 2h(δ/(δ+1)) + 2 δ/(δ+1) ln |X~| (127) <= 2h(δ) + 2δ ln(|X~| + 1).",
        "implication",
        [_R("eq35", "mi_dp <= min(ε'(tv_dp), ε'(1)), ε'(δ) = 2h(δ) + 2δ ln min{|Y|, max|X_i| + 1} (every δ in "
                    "[tv_dp, 1] is a valid (δ)-DP level; ε' is unimodal)",
            lemma3_check(), MECH_FAMILIES + (Family("erasure-channels", _erasure_instances, "N up to 16"),),
            expected=_C),
         _R("eq105", "mi_dp <= (105) at δ = tv_dp with |Y| the number of outputs", _lemma3_105_check,
            MECH_FAMILIES + (Family("erasure-channels", _erasure_instances, "N up to 16"),), expected=_C),
         _R("eq126", "mi_dp <= (126) at δ = tv_dp with |X~| = max_i |X_i|", _lemma3_126_check,
            MECH_FAMILIES + (Family("erasure-channels", _erasure_instances, "N up to 16"),), expected=_C),
         _R("eq106-eq127", "(105) <= h(δ) + δ ln|Y| and (126) <= 2h(δ) + 2δ ln(|X~| + 1) for δ = k/16 and "
                           "cardinalities 1, 2, 3, 4, 7, 16, 100", _eq106_127_check,
            [Family("delta-cardinality-grid", _delta_card_grid, "delta = k/16, card in {1,2,3,4,7,16,100}")],
            expected=_C, notes="The certifier is UNDECIDED on the all-δ form of (127) within 10 s (log "
                               "singularities at δ = 0); the exact grid is the evidence.")],
    ),
    Claim(
        "cuff2016.ex3_3", "Example 3.3 (erasure channel)", f"{SEED}, §3.3, Example 3.3, eqs. (36)-(38)",
        "Consider a database with only one entry, X_1. Let X_1 = [N] and Y = [N] ∪ {0}. P_{Y|X_1=x_1} = 1 − δ at "
        "y = 0, δ at y = x_1 (36). It is known that the capacity of this channel is C = δ log N (37), where "
        "N = |X_1| = |Y| − 1. This implies that there exists a distribution of the database (in this case, the "
        "uniform distribution) such that I(X_1;Y|X^{-1}) = I(X_1;Y) = δ log |X_1| = δ log(|Y| − 1) (38). "
        "[Before:] these bounds ... get roughly within a factor of two of the correct scaling for large "
        "cardinalities.",
        "value",
        [_R("capacity", "I at the uniform input = max_x D(W_x‖P_Y) = δ ln N exactly (so C = δ ln N), "
                        "I(X_1;Y|X^{-1}) = I(X_1;Y), and mi_dp agrees",
            _ex33_capacity_check, [Family("erasure-channels", _erasure_instances,
                                          "N in {2,3,4,5,8,16}, delta in {0,1/4,1/2,1}")], expected=_C),
         _R("factor-two-scaling", "Lemma 3's ε' > 2C and ε'/C decreases in N (N = 2, 4, 16, 256, 2^16), with limit 2 "
                                  "(proved)", _ex33_scaling_check,
            [Family("N-grid", _scaling_instances, "delta in {1/10, 1/2, 1}, N = 2^k")],
            prove=_prove_ex33_limit, expected=_P)],
    ),
    Claim(
        "cuff2016.interp", "Remarks: interpretation of the divergences (§2.2)",
        f"{SEED}, §2.2, paragraph before Property 3",
        "Total variation distance precisely captures the error probability in a binary hypothesis test. That is, one "
        "minus the total variation distance is the minimum sum of the two types of binary error probability. "
        "Kullback-Leibler divergence precisely captures the asymptotic hypothesis testing error upon observing many "
        "independent observations. ... (ε,0)-closeness has an interpretation in the Bayesian setting as a bound on "
        "the Bayes factor. That is, the log-posterior-odds-ratio cannot change by more than ε due to the "
        "observation. Finally, (ε,δ)-closeness is shown in [17] to be precisely a piecewise linear constraint on "
        "the error region in a binary hypothesis test.",
        "identity",
        [_R("tv-min-error", "1 − TV(P, Q) = min over tests A of P(A) + Q(A^c) (brute force over tests)",
            _interp_tv_test_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C),
         _R("bayes-factor", "max_y |ln posterior odds − ln prior odds| = tightest ε of (ε,0)-closeness, for priors "
                            "1/2, 1/5, 9/10", _interp_bayes_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C),
         _R("error-region", "(ε,δ)-close ⟺ every test has P(A) + e^ε Q(A^c) >= 1 − δ and e^ε P(A) + Q(A^c) >= 1 − δ",
            _interp_region_check, (PAIRS_EXHAUSTIVE, PAIRS_RANDOM), expected=_C,
            notes="The Stein-lemma remark (KL as the asymptotic error exponent) is a limit over i.i.d. "
                  "sample sizes and is not encoded.")],
        reason="The KL / Stein error-exponent remark is asymptotic in the number of observations (not encoded).",
    ),
    Claim(
        "cuff2016.informal", "Informal claims (abstract, §1)", f"{SEED}, abstract and §1",
        "The definition prevents a strong adversary who knows all but one entry in the database from further "
        "inferring about the last one. This strong adversary assumption can be overlooked, resulting in "
        "misinterpretation of the privacy guarantee. ... MI-DP makes this explicit ... it is shown in [18] that a "
        "weaker adversary can compromise privacy severely if the entries in the database are correlated ... "
        "Clearly, this does not bound the unconditional mutual information when correlations are present.",
        "informal",
        [_R("correlated-weak-adversary", "With all entries equal (X_1 = ... = X_n ~ Bern(½)), the count query with "
                                         "geometric noise leaks I(X_1;Y) > mi_dp (n = 2, 3)",
            _correlated_check, [Family("correlated-priors", _correlated_instances, "n = 2, 3, e^eps = 2")],
            expected=_C, notes="Finite analogue of 'does not bound the unconditional mutual information when "
                               "correlations are present' (cf. Example 4.1, part 2)."),
         _R("independent-entries", "With a product prior, I(X_i;Y) <= mi_dp for every record",
            _independent_check, [Family("product-priors", _independent_instances, "6 mechanisms (seed 44)")],
            expected=_C, notes="Finite analogue of 'DP protects evidence of participation for independent entries' "
                               "(Property 4 / Corollary 4, part 2).")],
        reason="'Strong adversary assumption', 'misinterpretation', 'MI is a well-understood quantity' and the "
               "remarks on correlated query responses ([15], [6]) are interpretations; only the two finite analogues "
               "are encoded.",
    ),
]

try:
    from theorems._cuff2016_part2 import CLAIMS as _PART2
except ModuleNotFoundError:
    _PART2 = []
CLAIMS = _CLAIMS_SECTIONS_1_3 + _PART2

# the all-ε readings of theorems/_tightness.py for these claims (to move beside their claims)
from theorems._tightness import attach_all_eps_readings  # noqa: E402

CLAIMS = attach_all_eps_readings(CLAIMS)
