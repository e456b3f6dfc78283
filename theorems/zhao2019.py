"""Zhao, "Relations among different privacy notions" (arXiv:1911.00761), all claims.

Seed: ``shared/seeds/003_0ace9223eb283908.txt``.  Notions: ε-DP, ε-Bayesian DP (Yang et al.,
(19)), ε-semantic privacy (Kasiviswanathan–Smith, Def. 1, (4)), ε-Bayesian semantic privacy
(Def. 2, (17)) and <D, ε>-membership privacy (Def. 3, (21)-(22), over Zhao's two-point family
D*).  The bars of "x̄_i" (record x_i absent) were lost in the seed's text extraction; the
quotes below restore them.

How the claims are checked
--------------------------
* **Measures** (exact): :func:`~exactpriv.measures.divergence.pure_dp`,
  :func:`~exactpriv.measures.bayesian.bayesian_dp` (BDP = ln r with r rational),
  :func:`~exactpriv.measures.semantic.semantic_privacy` and
  :func:`~exactpriv.measures.semantic.bayesian_semantic_privacy` (value H(R) =
  (√R − 1)/(√R + 1) with R the largest cross-ratio, rational or +oo, read from the witness),
  :func:`~exactpriv.measures.membership.positive_membership` with ``family="two_point"`` (D*).
  The default value ⊥ is the first value of each record alphabet (seed 003: "any valid value in
  D will do"; the families vary which row plays ⊥ instead).
* **Implications with exact algebra instead of transcendental comparisons.**  With BDP = ln r
  and BSP = H(R):
    - forward  "ε-BDP ⇒ (e^{2ε} − 1)-BSP"  ⟺  H(R) ≤ r² − 1  ⟺  (r² ≥ 2) or √R ≤ r²/(2 − r²);
    - converse "(½ − 1/(e^ε+1))-BSP ⇒ ε-BDP": the map s(ε) = ½ − 1/(e^ε + 1) = (e^ε − 1)/(2(e^ε + 1))
      is increasing, so the tightest form of the implication is  s(BDP) ≤ BSP, i.e.
      BDP ≤ g(BSP) with g = s⁻¹ = ln((1 + 2s)/(1 − 2s)) (+oo for s ≥ ½), i.e.
      H(R) ≥ (r − 1)/(2(r + 1))  (= ½ for r = +oo).
  Both reduce to comparing R with the square of a rational: exact Fraction arithmetic
  (:func:`_H_le`, :func:`_H_ge`).  The test-suite cross-checks these rewritings against
  :func:`exactpriv.exact.kernel.compare` on the unreduced expressions.
* **Definitions** are checked against definitional brute force written here from the seed's
  formulas (conditional likelihoods summed over the prior in Fractions, all output *events*,
  random exact beliefs and the measures' optimal beliefs rounded to rationals).
* **All-ε statements** (``improve``, ``g_mono``) use the certifier
  :func:`exactpriv.certify.prove_inequality` and exact sympy identities (``cancel`` in
  t = e^ε); Lemma 1, Corollary 1 and the step (39) of Theorem 4 are checked on exhaustive grids
  of exact (e^ε, P[x_i], P[Y|x_i], P[Y|x̄_i]).

Readings of Bayesian semantic privacy (Def. 2 does not say how the unknown records X_K of
x_{i+S} are distributed): ``resample`` — under the data prior, Game i drawing X_K given
(⊥, x_S) (the reading under which the proof of Theorem 1 works); ``replace`` — under the data
prior, the database drawn given (x_i, x_S) and record i then replaced by ⊥; ``belief`` — X_K
drawn from the adversary's belief b itself, which makes BSP equal to SP (the posteriors are
marginals of SP's; S = N∖{i} recovers SP; see
:func:`~exactpriv.measures.semantic.bayesian_semantic_privacy`).

Findings (expected verdicts; details in the readings' ``notes``)
-----------------------------------------------------------------
* Theorem 1 (converse) holds only in the ``resample`` reading, and only when Game i is
  well defined: REFUTED for ``replace`` and ``belief`` even with positive mechanisms and
  full-support priors (correlated records: a two-output noisy count on {0,1}^2), and for
  ``resample`` when the prior gives (⊥, x_S) probability 0 or when an output has probability 0
  whenever record i is ⊥ (undefined Game-i posteriors are excluded by the measures).
* Theorem 2 (converse) is REFUTED in the same degenerate way (an output impossible when record
  i is ⊥: DP = +oo, SP < ½); it holds when such undefined posteriors count as a breach and for
  positive mechanisms.
* Theorem 1 (forward) holds in the ``resample`` reading for every prior; in the ``replace`` and
  ``belief`` readings it fails for priors with zeros (BDP = 0 under a diagonal or point-mass
  prior) and holds for full-support priors.  ``bsp_sp`` fails for priors with zeros in both
  data-prior readings (BSP only sees configurations of positive prior probability) and holds
  for full-support priors.
* Theorem 3 holds with equality in the ``conditional`` reading of D* (Zhao's (24)-(25)); with
  the remaining records drawn from the prior's *marginal* it fails for priors with zeros.
* Lemma 1 and its steps (28), (29) fail at the boundary P_D[x_i] ∈ {0, 1} (the division by
  P_D[x_i] in (31)-(32)); they hold for 0 < P_D[x_i] < 1, which is all Corollary 1 needs.
* ``improve``: ½ − 1/(e^ε+1) > ε/6 is PROVED on (0, 1.35] and even on (0, 5/2]; it fails at
  ε = 13/5 (the difference is concave for ε > 0, so the curves cross once, near ε ≈ 2.576)
  and at ε = 0 (both sides 0).
Everything else is CHECKED or PROVED.
"""

from __future__ import annotations

import functools
import itertools
import random
import zlib
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS
from exactpriv.measures.bayesian import bayesian_dp
from exactpriv.measures.divergence import max_divergence, pure_dp, tv
from exactpriv.measures.membership import positive_membership
from exactpriv.measures.semantic import bayesian_semantic_privacy, semantic_privacy
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, Hamming, Subsets

__all__ = ["CLAIMS"]

SEED = "seed 003_0ace9223eb283908.txt"
_OO = sympy.oo
_F = Fraction


# ======================================================================================
# exact helpers: ratios, H(R), decisions
# ======================================================================================
def _ratio_of(v):
    """e^v for a measure value v = ln r (LogForm, 0) or +oo: the Fraction r, or ``sympy.oo``."""
    if v == _OO:
        return _OO
    if isinstance(v, Fraction):
        if v != 0:
            raise ValueError(f"{v} is not the log of a rational")
        return Fraction(1)
    if not isinstance(v, LogForm) or v.q0 != 0:
        raise ValueError(f"{v!r} is not the log of a rational")
    r = Fraction(1)
    for p, c in v.coefficients.items():
        if c.denominator != 1:
            raise ValueError(f"{v!r} is not the log of a rational")
        r *= Fraction(p) ** int(c)
    return r


def _cross_ratio(m):
    """R of a semantic measure (value H(R)); R = 1 when the value is 0 without a witness."""
    R = m.witness.get("cross_ratio")
    if R is None:
        if m.value != 0:
            raise InvalidArgument(f"{m!r} has no cross ratio")
        return Fraction(1)
    return R if R == _OO else Fraction(R)


def _H_le(R, c) -> bool:
    """H(R) = (√R − 1)/(√R + 1) ≤ c, exactly (R ≥ 1 rational or +oo; c rational).

    H(R) ≤ c ⟺ √R (1 − c) ≤ 1 + c ⟺ R ≤ ((1 + c)/(1 − c))² for 0 ≤ c < 1."""
    if c >= 1:
        return True
    if c < 0 or R == _OO:
        return False
    return R <= ((1 + c) / (1 - c)) ** 2


def _H_ge(R, c) -> bool:
    """H(R) ≥ c, exactly (H(+oo) = 1)."""
    if c <= 0:
        return True
    if R == _OO:
        return c <= 1
    if c >= 1:
        return False
    return R >= ((1 + c) / (1 - c)) ** 2


def _s_of_ratio(r, scale=Fraction(1)):
    """scale·s(ε) with e^ε = r, s(ε) = ½ − 1/(e^ε + 1) = (r − 1)/(2(r + 1)); s(+oo) = ½."""
    if r == _OO:
        return scale / 2
    return scale * (r - 1) / (2 * (r + 1))


def _lt(a, b) -> bool:
    """a < b for Fractions / +oo."""
    if a == _OO:
        return False
    if b == _OO:
        return True
    return a < b


def _le(a, b) -> bool:
    return not _lt(b, a)


def _dec(ok: bool, method: str, what: str, **cert) -> Decision:
    cert = {k: (str(v) if isinstance(v, (Fraction, sympy.Basic)) else v) for k, v in cert.items()}
    if ok:
        return Decision.true(method, f"holds: {what}", certificate=cert)
    return Decision.false(method, f"violated: {what}", certificate=cert)


def _attained(R, s, what: str) -> Decision:
    """The witness belief's exact SD s against the measured sup H(R): s > H(R) refutes the
    measure (FALSE); s within _ATTAIN_SLACK below it confirms attainment (TRUE); a larger gap
    is UNDECIDED (a missed tolerance is never a refutation)."""
    if not _H_ge(R, s):
        return _dec(False, "beliefs", f"{what}: a belief exceeds the measured sup")
    if _H_le(R, s + _ATTAIN_SLACK):
        return _dec(True, "beliefs", f"{what} (rounded optimal belief within 1e-4 of the sup)")
    return Decision.undecided("beliefs", f"{what}: the rounded optimal belief is more than 1e-4 below the sup")


def _q(x) -> str:
    return "oo" if x == _OO else str(x)


# ======================================================================================
# cached measures (instances are shared by many readings)
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _bdp(M, prior):
    return bayesian_dp(M, prior=prior)


@functools.lru_cache(maxsize=None)
def _bsp(M, prior, game_i):
    return bayesian_semantic_privacy(M, prior=prior, game_i=game_i)


@functools.lru_cache(maxsize=None)
def _sp(M):
    return semantic_privacy(M)


@functools.lru_cache(maxsize=None)
def _dp(M):
    return pure_dp(M)


@functools.lru_cache(maxsize=None)
def _mp(M, prior, remaining):
    return positive_membership(M, family="two_point", form="gamma", prior=prior, remaining=remaining)


def _semantic(inst: Instance, reading: str):
    """The BSP measure of a reading: resample/replace (data prior) or belief (= SP)."""
    if reading == "belief":
        return _sp(inst.mechanism)
    return _bsp(inst.mechanism, inst.prior, reading)


def _full_support(inst: Instance) -> bool:
    return inst.prior is not None and inst.prior.has_full_support


def _positive(inst: Instance) -> bool:
    return all(v > 0 for row in inst.mechanism.rows for v in row)


def _positive_full(inst: Instance) -> bool:
    return _positive(inst) and _full_support(inst)


# ======================================================================================
# definitional brute force (written from the seed's formulas, independent of the measures)
# ======================================================================================
class _Tables:
    """Fractions of a (mechanism, prior) on D^n: points, pmf, rows, alphabets, ⊥ codes."""

    def __init__(self, M: Mechanism, prior: Prior | None):
        sp = M.inputs
        self.space = sp
        self.points = sp.points
        self.index = {x: k for k, x in enumerate(self.points)}
        self.rows = M.rows
        self.pmf = prior.pmf if prior is not None else None
        self.alphabets = sp.records
        self.n = len(self.alphabets)
        self.ny = len(M.outputs)
        self.bot = tuple(a[0] for a in self.alphabets)  # default value ⊥ of each record

    def with_bot(self, x, i):
        return x[:i] + (self.bot[i],) + x[i + 1:]

    @functools.lru_cache(maxsize=None)  # noqa: B019 - tables live as long as their cache entry
    def likelihood(self, cond: tuple, bot_at=None):
        """P[Y = . | X_j = v for (j, v) in cond] with the database drawn from the prior given the
        condition; record ``bot_at`` replaced by ⊥ before the mechanism runs.  None if the
        condition has prior probability 0."""
        tot = Fraction(0)
        acc = [Fraction(0)] * self.ny
        for x, p, row in zip(self.points, self.pmf, self.rows):
            if p == 0 or any(x[j] != v for j, v in cond):
                continue
            if bot_at is not None:
                row = self.rows[self.index[self.with_bot(x, bot_at)]]
            tot += p
            for k, q in enumerate(row):
                acc[k] += p * q
        if tot == 0:
            return None
        return tuple(a / tot for a in acc)

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def marginal_likelihood(self, fixed: tuple):
        """Σ_{x_R} p_R(x_R) P[Y = . | fixed, x_R] with R the records not fixed and p_R the prior's
        marginal on R (Zhao's D_{i,K} with the remaining records drawn independently)."""
        fixed_d = dict(fixed)
        rest = [j for j in range(self.n) if j not in fixed_d]
        marg: dict = {}
        for x, p in zip(self.points, self.pmf):
            key = tuple(x[j] for j in rest)
            marg[key] = marg.get(key, Fraction(0)) + p
        acc = [Fraction(0)] * self.ny
        for key, w in marg.items():
            if w == 0:
                continue
            x = [None] * self.n
            for j, v in fixed_d.items():
                x[j] = v
            for j, v in zip(rest, key):
                x[j] = v
            row = self.rows[self.index[tuple(x)]]
            for k, q in enumerate(row):
                acc[k] += w * q
        return tuple(acc)


@functools.lru_cache(maxsize=None)
def _tables(M, prior):
    return _Tables(M, prior)


def _events(ny: int):
    """All non-empty output events (index tuples)."""
    return [E for r in range(1, ny + 1) for E in itertools.combinations(range(ny), r)]


def _event_max_ratio(P, Q, events):
    """max over events E of P(E)/Q(E) (0/0 ignored, a/0 = +oo); 1 if every ratio is 0/0."""
    best = None
    for E in events:
        a = sum((P[k] for k in E), Fraction(0))
        b = sum((Q[k] for k in E), Fraction(0))
        if a == 0 and b == 0:
            continue
        r = _OO if b == 0 else a / b
        if best is None or _lt(best, r):
            best = r
            if r == _OO:
                return r
    return best


def _subsets(others):
    for r in range(len(others) + 1):
        yield from itertools.combinations(others, r)


def _configs(T: _Tables, S):
    return itertools.product(*(T.alphabets[j] for j in S))


def _brute_bdp_ratio(T: _Tables):
    """e^{BDP} by the definition: sup over i, S, x_S, x_i ≠ x_i' and output *events* of
    P[Y ∈ E | x_i, x_S]/P[Y ∈ E | x_i', x_S] (unknown records integrated under the prior)."""
    events = _events(T.ny)
    best = Fraction(1)
    for i in range(T.n):
        for S in _subsets([j for j in range(T.n) if j != i]):
            for xs in _configs(T, S):
                base = tuple(zip(S, xs))
                for a, b in itertools.permutations(T.alphabets[i], 2):
                    u = T.likelihood(tuple(sorted(base + ((i, a),))))
                    w = T.likelihood(tuple(sorted(base + ((i, b),))))
                    if u is None or w is None:
                        continue
                    r = _event_max_ratio(u, w, events)
                    if r is not None and _lt(best, r):
                        best = r
    return best


def _sd(P, Q) -> Fraction:
    """SD(P, Q) = max over events S of |P(S) − Q(S)| (seed 003, before Def. 1), by brute force
    over the subsets of the union of supports (at most 2^8 of them)."""
    sup = [k for k in range(len(P)) if P[k] or Q[k]]
    if len(sup) > 8:  # pragma: no cover - beliefs here have small supports
        return sum((abs(p - q) for p, q in zip(P, Q)), Fraction(0)) / 2
    best = Fraction(0)
    for r in range(1, len(sup) + 1):
        for S in itertools.combinations(sup, r):
            d = abs(sum((P[k] - Q[k] for k in S), Fraction(0)))
            best = max(best, d)
    return best


def _posteriors(weights, u, v):
    """(b_0, b_i) ∝ (b·u, b·v), or None when a posterior is undefined (normaliser 0)."""
    z0 = sum((w * a for w, a in zip(weights, u)), Fraction(0))
    zi = sum((w * a for w, a in zip(weights, v)), Fraction(0))
    if z0 == 0 or zi == 0:
        return None
    return [w * a / z0 for w, a in zip(weights, u)], [w * a / zi for w, a in zip(weights, v)]


def _random_weights(rng, k):
    w = [rng.randint(1, 9) for _ in range(k)]
    s = sum(w)
    return [Fraction(a, s) for a in w]


def _belief_weight(spec, other_spec):
    """A rational weight near a witness belief weight (floats only choose the belief; every
    decision about it is exact)."""
    if isinstance(spec, str):
        if "->" in spec:
            return Fraction(1) - Fraction(1, 10 ** 12)
        if "any" in spec:
            return Fraction(1, 2)
        return None  # the complement, filled in by the caller
    if isinstance(spec, Fraction):
        return spec
    w = Fraction(float(sympy.N(spec, 30))).limit_denominator(10 ** 9)
    return min(max(w, Fraction(1, 10 ** 12)), 1 - Fraction(1, 10 ** 12))


def _witness_pair_weights(belief, pair):
    a, b = pair
    wa = _belief_weight(belief[a], belief[b])
    wb = _belief_weight(belief[b], belief[a])
    if wa is None:
        wa = 1 - wb
    if wb is None:
        wb = 1 - wa
    return wa, wb


_ATTAIN_SLACK = Fraction(1, 10 ** 4)


# ======================================================================================
# instance families
# ======================================================================================
def _H(m: int, n: int) -> Hamming:
    return Hamming(tuple(range(m)), n)


def _mech(space, rows, outputs=None) -> Mechanism:
    rows = [[_F(v) for v in r] for r in rows]
    return Mechanism(space, list(outputs if outputs is not None else range(len(rows[0]))), rows)


def _product_mech(factor_rows, n: int) -> Mechanism:
    """n records, each passed independently through the same channel (rows per value)."""
    m = len(factor_rows)
    sp = _H(m, n)
    ny = len(factor_rows[0])
    outs = list(itertools.product(range(ny), repeat=n))
    rows = []
    for x in sp.points:
        rows.append([_prod(factor_rows[x[j]][y[j]] for j in range(n)) for y in outs])
    return Mechanism(sp, outs, rows)


def _prod(it):
    out = Fraction(1)
    for v in it:
        out *= v
    return out


def _rpmf(rng, k, *, zeros: bool, den: int = 6):
    while True:
        w = [rng.randint(0 if zeros else 1, den) for _ in range(k)]
        if sum(w):
            return [Fraction(a, sum(w)) for a in w]


def _near_diagonal(sp: Hamming, mass_off: Fraction) -> Prior:
    """All records equal with probability 1 − mass_off (spread uniformly on the diagonal),
    the rest uniform on the other points: a strongly correlated full-support prior."""
    diag = [x for x in sp.points if len(set(x)) == 1]
    off = [x for x in sp.points if len(set(x)) > 1]
    pmf = [((1 - mass_off) / len(diag)) if len(set(x)) == 1 else (mass_off / len(off)) for x in sp.points]
    return Prior(sp, pmf)


def _diagonal(sp: Hamming) -> Prior:
    """Perfectly correlated records (all equal), uniform on the diagonal."""
    diag = [x for x in sp.points if len(set(x)) == 1]
    return Prior(sp, [Fraction(1, len(diag)) if len(set(x)) == 1 else Fraction(0) for x in sp.points])


def _inst(label, M, prior=None, **params) -> Instance:
    return Instance(label, M, prior, params)


@functools.lru_cache(maxsize=None)
def _minimal_instances() -> tuple:
    """Hand-made smallest instances (first, so that refutations are found on them)."""
    sp1 = _H(2, 1)
    sp13 = _H(3, 1)
    sp2 = _H(2, 2)
    zero_col = _mech(sp1, [[0, 1], [_F(1, 2), _F(1, 2)]])  # output 0 impossible when record = ⊥
    rr = _mech(sp1, [[_F(3, 4), _F(1, 4)], [_F(1, 4), _F(3, 4)]])
    three = _mech(sp13, [[_F(1, 2), _F(1, 2)], [_F(1, 2), _F(1, 2)], [_F(1, 4), _F(3, 4)]])
    rr2 = _product_mech([[_F(3, 4), _F(1, 4)], [_F(1, 4), _F(3, 4)]], 2)
    # equal rows on the diagonal (so BDP = 0 under the diagonal prior), other rows differ
    two_out = _mech(sp2, [[_F(1, 2), _F(1, 2)], [_F(3, 4), _F(1, 4)], [_F(1, 4), _F(3, 4)], [_F(1, 2), _F(1, 2)]])
    # a noisy count of ones with two outputs (P(Y = 1 | count c) = 1/4, 1/2, 3/4)
    count2 = _mech(sp2, [[_F(1, 4), _F(3, 4)], [_F(1, 2), _F(1, 2)], [_F(1, 2), _F(1, 2)], [_F(3, 4), _F(1, 4)]])
    return (
        _inst("min/zero-column/uniform", zero_col, Prior.uniform(sp1)),
        _inst("min/rr(3/4)/point-mass", rr, Prior.point_mass(sp1, (1,))),
        _inst("min/rr(3/4)/uniform", rr, Prior.uniform(sp1)),
        _inst("min/D3/zero-at-bot", three, Prior(sp13, [0, _F(1, 2), _F(1, 2)])),
        _inst("min/2-output-n2/diagonal", two_out, _diagonal(sp2)),
        _inst("min/count-2-outputs/near-diagonal(1/10)", count2, _near_diagonal(sp2, _F(1, 10))),
        _inst("min/rr2(3/4)/near-diagonal(1/50)", rr2, _near_diagonal(sp2, _F(1, 50))),
        _inst("min/rr2(3/4)/diagonal", rr2, _diagonal(sp2)),
    )


@functools.lru_cache(maxsize=None)
def _zoo_instances() -> tuple:
    """Randomized response, product randomized response, the exponential mechanism and
    geometric count queries, with uniform, product, correlated and degenerate priors."""
    out = []
    for k, e in ((2, 3), (2, _F(3, 2)), (3, 2)):
        M = zoo.randomized_response(k, exp_eps=e)
        sp = M.inputs
        skew = [_F(j + 1, k * (k + 1) // 2) for j in range(k)]
        out += [_inst(f"rr(k={k},e^eps={e})/uniform", M, Prior.uniform(sp)),
                _inst(f"rr(k={k},e^eps={e})/skewed", M, Prior(sp, skew))]
    for e in (_F(3), _F(3, 2)):
        a = e / (1 + e)
        M = _product_mech([[a, 1 - a], [1 - a, a]], 2)
        sp = M.inputs
        out += [_inst(f"rr2(e^eps={e})/uniform", M, Prior.uniform(sp)),
                _inst(f"rr2(e^eps={e})/product", M, Prior.product(sp, [[_F(1, 3), _F(2, 3)], [_F(3, 4), _F(1, 4)]])),
                _inst(f"rr2(e^eps={e})/near-diagonal(1/10)", M, _near_diagonal(sp, _F(1, 10))),
                _inst(f"rr2(e^eps={e})/diagonal", M, _diagonal(sp))]
    em = zoo.exponential_mechanism_hamming((0, 1), 2, exp_eps=2)
    out += [_inst("exp-mech(n=2,e^eps=2)/uniform", em, Prior.uniform(em.inputs)),
            _inst("exp-mech(n=2,e^eps=2)/near-diagonal(1/5)", em, _near_diagonal(em.inputs, _F(1, 5)))]
    for n, e in ((2, 2), (3, _F(3, 2))):
        cq = zoo.count_query_geometric(n, exp_eps=e)
        sp = cq.inputs
        out += [_inst(f"count-geo(n={n},e^eps={e})/uniform", cq, Prior.uniform(sp)),
                _inst(f"count-geo(n={n},e^eps={e})/near-diagonal(1/20)", cq, _near_diagonal(sp, _F(1, 20))),
                _inst(f"count-geo(n={n},e^eps={e})/diagonal", cq, _diagonal(sp))]
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _random_instances(seed: int, count: int, kind: str) -> tuple:
    """Seeded random exact instances on D^n (n ≤ 3, |D| ≤ 3, |D|^n ≤ 9), 2-3 outputs.

    kind: "any" (zeros allowed in mechanisms and priors), "full" (full-support priors,
    mechanisms with zeros), "positive-full" (positive mechanisms, full-support priors),
    "product" (independent full-support records), "correlated" (positive mechanisms,
    near-diagonal full-support priors)."""
    rng = random.Random(seed)
    out = []
    shapes = [(2, 1), (3, 1), (2, 2), (3, 2), (2, 3)]
    for t in range(count):
        m, n = shapes[t % len(shapes)]
        sp = _H(m, n)
        ny = rng.choice((2, 3))
        pos = kind in ("positive-full", "correlated")
        M = _mech(sp, [_rpmf(rng, ny, zeros=not pos) for _ in sp.points])
        if kind == "any":
            prior = Prior(sp, _rpmf(rng, sp.size, zeros=True))
        elif kind == "product":
            prior = Prior.product(sp, [_rpmf(rng, m, zeros=False) for _ in range(n)])
        elif kind == "correlated":
            if n > 1:
                prior = _near_diagonal(sp, Fraction(1, rng.choice((10, 50))))
            else:
                prior = Prior(sp, _rpmf(rng, m, zeros=False))
        else:
            prior = Prior(sp, _rpmf(rng, sp.size, zeros=False))
        out.append(_inst(f"random[{kind},seed={seed}]#{t}(m={m},n={n},|Y|={ny})", M, prior))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _random_big_instances(seed: int, count: int) -> tuple:
    """Slow family: n = 3 records with |D| = 3 (27 databases), correlated and random priors."""
    rng = random.Random(seed)
    sp = _H(3, 3)
    out = []
    for t in range(count):
        pos = t % 2 == 0
        M = _mech(sp, [_rpmf(rng, 3, zeros=not pos) for _ in sp.points])
        prior = _near_diagonal(sp, _F(1, 20)) if t % 3 == 0 else Prior(sp, _rpmf(rng, sp.size, zeros=t % 3 == 2))
        out.append(_inst(f"random-big[seed={seed}]#{t}", M, prior))
    return tuple(out)


def _fam(name, build, description, slow=False) -> Family:
    return Family(name, build, description, slow)


MINIMAL = _fam("minimal", _minimal_instances, "hand-made smallest instances (zero columns, zero at ⊥, diagonals)")
ZOO = _fam("zoo", _zoo_instances, "randomized response (k=2,3), product RR on {0,1}^2, exponential mechanism, "
                                  "geometric count queries; uniform/product/correlated/diagonal priors")
RANDOM_ANY = _fam("random-any", lambda: _random_instances(11, 40, "any"),
                  "40 seeded random mechanisms and priors with zeros (n ≤ 3, |D| ≤ 3)")
RANDOM_FULL = _fam("random-full", lambda: _random_instances(12, 25, "full"),
                   "25 random mechanisms (zeros allowed) with full-support random priors")
RANDOM_POS = _fam("random-positive-full", lambda: _random_instances(13, 30, "positive-full"),
                  "30 positive random mechanisms with full-support random priors")
RANDOM_PRODUCT = _fam("random-product", lambda: _random_instances(14, 20, "product"),
                      "20 random mechanisms with independent full-support records")
RANDOM_CORR = _fam("random-correlated", lambda: _random_instances(15, 20, "correlated"),
                   "20 positive random mechanisms with strongly correlated full-support priors")
RANDOM_BIG = _fam("random-n3-D3", lambda: _random_big_instances(16, 30),
                  "30 random mechanisms on {0,1,2}^3 (27 databases)", slow=True)

#: the families of the mechanism-level readings (hypotheses filter the instances)
MECH_FAMILIES = (MINIMAL, ZOO, RANDOM_CORR, RANDOM_ANY, RANDOM_FULL, RANDOM_POS, RANDOM_PRODUCT, RANDOM_BIG)
DEF_FAMILIES = (MINIMAL, ZOO, _fam("random-any-small", lambda: _random_instances(21, 15, "any"),
                                   "15 random instances with zeros"),
                _fam("random-correlated-small", lambda: _random_instances(22, 10, "correlated"),
                     "10 correlated random instances"))


# ======================================================================================
# checks: definitions
# ======================================================================================
def check_def_dp_events(inst: Instance) -> Outcome:
    """pure_dp(M) (pointwise, max over outputs) == max over neighbours and output events."""
    M = inst.mechanism
    T = _tables(M, None)
    events = _events(T.ny)
    best = Fraction(1)
    for a, b in M.inputs.directed_edges().tolist():
        r = _event_max_ratio(T.rows[a], T.rows[b], events)
        if r is not None and _lt(best, r):
            best = r
    m = _dp(M)
    r_m = _ratio_of(m.value)
    return Outcome(_dec(r_m == best, "brute-force events", f"e^DP = {_q(r_m)} vs event max {_q(best)}"),
                   {"pure_dp": m, "event_max_ratio": best})


def check_def_bdp_events(inst: Instance) -> Outcome:
    """bayesian_dp == definitional brute force over (i, S, x_S, x_i, x_i', events)."""
    T = _tables(inst.mechanism, inst.prior)
    brute = _brute_bdp_ratio(T)
    m = _bdp(inst.mechanism, inst.prior)
    r = _ratio_of(m.value)
    return Outcome(_dec(r == brute, "brute-force (i,S,events)", f"e^BDP = {_q(r)} vs brute force {_q(brute)}"),
                   {"bayesian_dp": m, "brute_ratio": brute})


def check_bdp_equals_dp_independent(inst: Instance) -> Outcome:
    """For independent full-support records BDP = DP (S = N∖{i} gives DP; mixtures do not exceed it)."""
    b, d = _bdp(inst.mechanism, inst.prior), _dp(inst.mechanism)
    return Outcome(_dec(_ratio_of(b.value) == _ratio_of(d.value), "exact", f"BDP = {b.value} vs DP = {d.value}"),
                   {"bayesian_dp": b, "pure_dp": d})


def _sp_uv(T: _Tables, i: int, y: int):
    """Game-0 and Game-i likelihoods of every database for record i, transcript y."""
    u = [row[y] for row in T.rows]
    v = [T.rows[T.index[T.with_bot(x, i)]][y] for x in T.points]
    return u, v


def check_def_sp(inst: Instance) -> Outcome:
    """SP's exact sup vs beliefs: 6 random exact beliefs never exceed it, and the measure's
    optimal two-point belief (rounded to rationals) comes within 10^-4 of it."""
    M = inst.mechanism
    T = _tables(M, None)
    m = _sp(M)
    R = _cross_ratio(m)
    rng = random.Random(zlib.crc32(inst.label.encode()))
    X = len(T.points)
    worst = Fraction(0)
    for _ in range(6):
        supp = rng.sample(range(X), min(X, rng.choice((2, 3, 4))))
        w = _random_weights(rng, len(supp))
        for i in range(T.n):
            for y in range(T.ny):
                u, v = _sp_uv(T, i, y)
                post = _posteriors(w, [u[k] for k in supp], [v[k] for k in supp])
                if post is None:
                    continue
                s = _sd(*post)
                worst = max(worst, s)
                if not _H_ge(R, s):
                    return Outcome(_dec(False, "random belief", f"SD {s} > SP = {m.value} (record {i}, output {y})",
                                        belief=str(dict(zip(supp, w)))), {"semantic_privacy": m})
    # the optimal belief of the witness
    wit = m.witness
    i, y = wit["record"], M.output_index(wit["output"])
    u, v = _sp_uv(T, i, y)
    if isinstance(wit.get("belief"), dict):
        xa, xb = wit["pair"]
        wa, wb = _witness_pair_weights(wit["belief"], (xa, xb))
        ka, kb = T.index[tuple(xa)], T.index[tuple(xb)]
        post = _posteriors([wa, wb], [u[ka], u[kb]], [v[ka], v[kb]])
        if post is None:
            return Outcome(Decision.undecided("witness belief", "the witness belief has an undefined posterior"),
                           {"semantic_privacy": m})
        s = _sd(*post)
        return Outcome(_attained(R, s, f"random beliefs reach SD {worst} <= SP = {m.value}; the rounded "
                                       f"optimal belief reaches {float(s):.6f}"),
                       {"semantic_privacy": m, "witness_sd": s})
    return Outcome(_dec(True, "beliefs", f"random beliefs reach SD {worst} <= SP = {m.value} = 0"),
                   {"semantic_privacy": m})


def _bsp_uv(T: _Tables, i: int, S: tuple, game: str):
    """Configurations c = (x_i, x_S) admissible in Def. 2 and their Game-0 / Game-i likelihood
    rows (9), (15) for the given reading of Game i (unknown records integrated under the prior)."""
    out = []
    for xs in _configs(T, S):
        base = tuple(zip(S, xs))
        for a in T.alphabets[i]:
            cond = tuple(sorted(base + ((i, a),)))
            u = T.likelihood(cond)
            if u is None:
                continue
            if game == "resample":
                v = T.likelihood(tuple(sorted(base + ((i, T.bot[i]),))))
            else:
                v = T.likelihood(cond, bot_at=i)
            if v is None:
                continue
            out.append((cond, u, v))
    return out


def check_def_bsp(game: str):
    """BSP's exact sup vs beliefs on configurations x_{i+S} computed from (9), (15) directly."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        T = _tables(M, inst.prior)
        m = _bsp(M, inst.prior, game)
        R = _cross_ratio(m)
        rng = random.Random(zlib.crc32(inst.label.encode()))
        worst = Fraction(0)
        for i in range(T.n):
            for S in _subsets([j for j in range(T.n) if j != i]):
                cfgs = _bsp_uv(T, i, S, game)
                if not cfgs:
                    continue
                for _ in range(3):
                    pick = rng.sample(range(len(cfgs)), min(len(cfgs), rng.choice((2, 3))))
                    w = _random_weights(rng, len(pick))
                    for y in range(T.ny):
                        post = _posteriors(w, [cfgs[k][1][y] for k in pick], [cfgs[k][2][y] for k in pick])
                        if post is None:
                            continue
                        s = _sd(*post)
                        worst = max(worst, s)
                        if not _H_ge(R, s):
                            return Outcome(_dec(False, "random belief", f"SD {s} > BSP = {m.value} (i={i}, S={S})"),
                                           {"bsp": m})
        wit = m.witness
        if isinstance(wit.get("belief"), dict):
            i, S, y = wit["record"], tuple(wit["known_records"]), M.output_index(wit["output"])
            cfgs = {c: (u, v) for c, u, v in _bsp_uv(T, i, tuple(sorted(S)), game)}
            ca, cb = (tuple(c) for c in wit["pair"])
            wa, wb = _witness_pair_weights(wit["belief"], (wit["pair"][0], wit["pair"][1]))
            if ca not in cfgs or cb not in cfgs:
                return Outcome(_dec(False, "witness belief", f"witness configurations {ca}, {cb} not admissible"),
                               {"bsp": m})
            post = _posteriors([wa, wb], [cfgs[ca][0][y], cfgs[cb][0][y]], [cfgs[ca][1][y], cfgs[cb][1][y]])
            if post is None:
                return Outcome(Decision.undecided("witness belief", "undefined posterior at the witness belief"),
                               {"bsp": m})
            s = _sd(*post)
            return Outcome(_attained(R, s, f"random beliefs reach {worst} <= BSP = {m.value}; rounded optimal "
                                           f"belief reaches {float(s):.6f}"), {"bsp": m, "witness_sd": s})
        return Outcome(_dec(True, "beliefs", f"random beliefs reach {worst} <= BSP = {m.value}"), {"bsp": m})

    return check


def check_bsp_readings_agree_independent(inst: Instance) -> Outcome:
    """With independent full-support records the two Game-i readings coincide."""
    a, b = _bsp(inst.mechanism, inst.prior, "resample"), _bsp(inst.mechanism, inst.prior, "replace")
    return Outcome(_dec(_cross_ratio(a) == _cross_ratio(b), "exact", f"resample {a.value} vs replace {b.value}"),
                   {"resample": a, "replace": b})


def _two_point_likelihood(T: _Tables, i, a, K, xk, remaining):
    fixed = tuple(sorted(tuple(zip(K, xk)) + ((i, a),)))
    if remaining == "conditional":
        return T.likelihood(fixed)
    return T.marginal_likelihood(fixed)


@functools.lru_cache(maxsize=None)
def _brute_mp_of(M, prior, remaining: str):
    return _brute_mp(_tables(M, prior), remaining)


def _brute_mp(T: _Tables, remaining: str, ps=(_F(1, 2), _F(1, 100))):
    """(A_max, max γ over the grid of p): over D_{i,K} in D*, A = P[E|x_i]/P[E|x̄_i] over output
    events E; γ(D) = max_E max(P[x_i|E]/P[x_i], P[x̄_i]/P[x̄_i|E]) by Bayes (Def. 3 (21)-(22))."""
    events = _events(T.ny)
    a_max, g_max = Fraction(1), Fraction(1)
    for i in range(T.n):
        for K in _subsets([j for j in range(T.n) if j != i]):
            for xk in _configs(T, K):
                for a, b in itertools.permutations(T.alphabets[i], 2):
                    u = _two_point_likelihood(T, i, a, K, xk, remaining)
                    w = _two_point_likelihood(T, i, b, K, xk, remaining)
                    if u is None or w is None:
                        continue
                    r = _event_max_ratio(u, w, events)
                    if r is not None and _lt(a_max, r):
                        a_max = r
                    for p in ps:
                        for E in events:
                            pu = sum((u[k] for k in E), Fraction(0))
                            pw = sum((w[k] for k in E), Fraction(0))
                            pe = p * pu + (1 - p) * pw
                            if pe == 0:
                                continue
                            post_in = p * pu / pe
                            post_out = (1 - p) * pw / pe
                            gam = max(post_in / p, _OO if post_out == 0 else (1 - p) / post_out)
                            if _lt(g_max, gam):
                                g_max = gam
    return a_max, g_max


def check_def_mp(remaining: str):
    def check(inst: Instance) -> Outcome:
        m = _mp(inst.mechanism, inst.prior, remaining)
        a_max, g_max = _brute_mp_of(inst.mechanism, inst.prior, remaining)
        gam = m.value if m.value == _OO else Fraction(m.value)
        ok = gam == a_max and _le(g_max, gam)
        return Outcome(_dec(ok, "brute-force D*", f"sup γ = {_q(gam)}; brute-force max_E A = {_q(a_max)}; "
                                                  f"γ(D_p) on the p-grid <= {_q(g_max)}"),
                       {"membership": m, "A_max": a_max, "grid_gamma": g_max})

    return check


# ======================================================================================
# checks: Theorems 1-4 and bsp_sp
# ======================================================================================
def check_forward(reading: str, *, bound=None) -> callable:
    """Theorem 1 (forward): BSP ≤ e^{2 BDP} − 1  (``bound``: a variant map r = e^BDP -> rational)."""
    bound = bound or (lambda r: r * r - 1)

    def check(inst: Instance) -> Outcome:
        b = _bdp(inst.mechanism, inst.prior)
        s = _semantic(inst, reading)
        r, R = _ratio_of(b.value), _cross_ratio(s)
        ok = True if r == _OO else _H_le(R, bound(r))
        return Outcome(_dec(ok, "exact (R vs rational square)",
                            f"BSP = {s.value} vs e^(2 BDP) - 1 with BDP = {b.value}", R=_q(R), r=_q(r)),
                       {"bayesian_dp": b, "bsp": s})

    return check


def check_converse(reading: str, *, scale=Fraction(1)) -> callable:
    """Theorem 1 (converse) in its tightest form s(BDP) ≤ BSP (⟺ BDP ≤ g(BSP)); ``scale``
    multiplies s (the broken variant "s doubled" is scale = 2)."""

    def check(inst: Instance) -> Outcome:
        b = _bdp(inst.mechanism, inst.prior)
        s = _semantic(inst, reading)
        r, R = _ratio_of(b.value), _cross_ratio(s)
        need = _s_of_ratio(r, scale)
        return Outcome(_dec(_H_ge(R, need), "exact (R vs rational square)",
                            f"BDP = {b.value} <= g(BSP) with BSP = {s.value}, i.e. BSP >= s(BDP) = {need}",
                            R=_q(R), r=_q(r)),
                       {"bayesian_dp": b, "bsp": s})

    return check


def check_bsp_sp(reading: str) -> callable:
    def check(inst: Instance) -> Outcome:
        a, b = _sp(inst.mechanism), _bsp(inst.mechanism, inst.prior, reading)
        Ra, Rb = _cross_ratio(a), _cross_ratio(b)
        return Outcome(_dec(_le(Ra, Rb), "exact (H increasing in R)", f"SP = {a.value} <= BSP = {b.value}"),
                       {"semantic_privacy": a, "bsp": b})

    return check


def check_sp_forward(*, bound=None):
    """Theorem 2 (forward): SP ≤ e^{2 DP} − 1 (``bound``: variant map r = e^DP -> rational)."""
    bound = bound or (lambda r: r * r - 1)

    def check(inst: Instance) -> Outcome:
        d, s = _dp(inst.mechanism), _sp(inst.mechanism)
        r, R = _ratio_of(d.value), _cross_ratio(s)
        ok = True if r == _OO else _H_le(R, bound(r))
        return Outcome(_dec(ok, "exact", f"SP = {s.value} vs e^(2 DP) - 1 with DP = {d.value}"),
                       {"pure_dp": d, "semantic_privacy": s})

    return check


def _sp_breach(T: _Tables) -> bool:
    """Some database x, record i and transcript y with P[Y(x) = y] > 0 = P[Y(x_{-i}) = y]: the belief
    δ_x has a defined Game-0 and an undefined Game-i posterior."""
    for i in range(T.n):
        for k, x in enumerate(T.points):
            vb = T.rows[T.index[T.with_bot(x, i)]]
            if any(a > 0 and b == 0 for a, b in zip(T.rows[k], vb)):
                return True
    return False


def check_sp_converse(*, breach: bool = False, scale=Fraction(1)):
    """Theorem 2 (converse): s(DP) ≤ SP.  ``breach``: an undefined Game-i posterior counts as SD = 1."""

    def check(inst: Instance) -> Outcome:
        d, s = _dp(inst.mechanism), _sp(inst.mechanism)
        r, R = _ratio_of(d.value), _cross_ratio(s)
        if breach and _sp_breach(_tables(inst.mechanism, None)):
            R = _OO
        need = _s_of_ratio(r, scale)
        return Outcome(_dec(_H_ge(R, need), "exact", f"SP = {s.value} >= s(DP) = {need} with DP = {d.value}"
                            + (" (undefined posteriors count as SD = 1)" if breach else "")),
                       {"pure_dp": d, "semantic_privacy": s})

    return check


def check_thm3(remaining: str, *, scale=Fraction(1)):
    """ε-BDP ⇒ ε-MP over D*: γ_MP ≤ e^{BDP} (``scale``: variant γ_MP ≤ e^{BDP·scale})."""

    def check(inst: Instance) -> Outcome:
        b, m = _bdp(inst.mechanism, inst.prior), _mp(inst.mechanism, inst.prior, remaining)
        r = _ratio_of(b.value)
        g = m.value if m.value == _OO else Fraction(m.value)
        if scale == 1 or r == _OO:
            ok = _le(g, r)
        else:  # γ ≤ r^scale with scale = 1/k: γ^k ≤ r
            k = int(1 / scale)
            ok = g != _OO and g ** k <= r
        return Outcome(_dec(ok, "exact", f"MP level γ = {_q(g)} vs e^BDP = {_q(r)}"),
                       {"bayesian_dp": b, "membership": m})

    return check


def check_thm4_two_point(inst: Instance) -> Outcome:
    """D* (p free) is downward scalable: e^{BDP} ≤ γ_MP(D*, conditional)."""
    b, m = _bdp(inst.mechanism, inst.prior), _mp(inst.mechanism, inst.prior, "conditional")
    r = _ratio_of(b.value)
    g = m.value if m.value == _OO else Fraction(m.value)
    return Outcome(_dec(_le(r, g), "exact", f"e^BDP = {_q(r)} vs MP level {_q(g)}"),
                   {"bayesian_dp": b, "membership": m})


# ----- Li et al. families on datasets (Thm 4 for D_I and D^2_B)
def _subsets_instances() -> tuple:
    rng = random.Random(31)
    out = []
    for t in range(12):
        U = ("a", "b") if t % 2 == 0 else ("a", "b", "c")
        sp = Subsets(U)
        ny = rng.choice((2, 3))
        M = _mech(sp, [_rpmf(rng, ny, zeros=t % 3 == 0) for _ in sp.points])
        out.append(_inst(f"subsets{U}#{t}", M))
    for t in range(6):
        sp = Bounded(("a", "b", "c"), 2) if t % 2 == 0 else Bounded(("a", "b", "c", "d"), 2)
        ny = rng.choice((2, 3))
        M = _mech(sp, [_rpmf(rng, ny, zeros=t % 3 == 0) for _ in sp.points])
        out.append(_inst(f"bounded#{t}", M))
    return tuple(out)


SUBSETS = _fam("datasets", functools.lru_cache(maxsize=None)(_subsets_instances),
               "12 random mechanisms on Subsets({a,b}), Subsets({a,b,c}) and 6 on Bounded(U, 2)")


def _li_family_ratios(M: Mechanism, family: str):
    """Likelihood ratios A = Pr[y|t]/Pr[y|¬t] over a grid of members of Li's families:
    D_I (each other entity present independently with p_s ∈ {0, 1/3, 1}) on Subsets;
    D^2_B (exactly one of t, s present, the others fixed) on Bounded; D_N (all p_s = 1/2)."""
    sp = M.inputs
    U = sp.universe
    rows = {T: M.rows[k] for k, T in enumerate(sp.points)}
    ny = len(M.outputs)
    out = []
    if family in ("independent", "uniform"):
        grid = (_F(1, 2),) if family == "uniform" else (_F(0), _F(1, 3), _F(1))
        for t in U:
            others = [s for s in U if s != t]
            for ps in itertools.product(grid, repeat=len(others)):
                num = [Fraction(0)] * ny
                den = [Fraction(0)] * ny
                for bits in itertools.product((0, 1), repeat=len(others)):
                    w = _prod(p if b else 1 - p for p, b in zip(ps, bits))
                    if w == 0:
                        continue
                    T = frozenset(s for s, b in zip(others, bits) if b)
                    for y in range(ny):
                        num[y] += w * rows[T | {t}][y]
                        den[y] += w * rows[T][y]
                for y in range(ny):
                    if num[y] or den[y]:
                        out.append(_OO if den[y] == 0 else num[y] / den[y])
    else:  # one_of_two on Bounded
        for T in sp.points:
            for t in T:
                for s in U:
                    if s in T:
                        continue
                    T2 = (T - {t}) | {s}
                    for y in range(ny):
                        a, b = rows[T][y], rows[T2][y]
                        if a or b:
                            out.append(_OO if b == 0 else a / b)
    return out


def check_thm4_li(family_of=None):
    """Downward-scalable families of Li et al.: every likelihood ratio of a member is at most the
    family's MP level γ (so <D, ε>-MP bounds the family's BDP-type leakage, Thm 4)."""

    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        fam = family_of or ("independent" if isinstance(M.inputs, Subsets) else "one_of_two")
        m = positive_membership(M, family=fam, form="gamma")
        g = m.value if m.value == _OO else Fraction(m.value)
        ratios = _li_family_ratios(M, fam)
        worst = max(ratios, key=lambda v: (v == _OO, v if v != _OO else 0), default=Fraction(1))
        return Outcome(_dec(_le(worst, g), "grid of members", f"family {fam}: max A = {_q(worst)} vs MP level {_q(g)}"),
                       {"membership": m, "max_A": worst})

    return check


# ======================================================================================
# parameter-level claims: KS lemma, Lemma 1, Corollary 1, (39), g
# ======================================================================================
def _ks_pairs() -> tuple:
    out = []
    grid = [_F(k, 6) for k in range(7)]
    for a in grid:
        for b in grid:
            out.append(_inst(f"binary({a},{b})", None, P=(a, 1 - a), Q=(b, 1 - b)))
    for g in (_F(3, 2), _F(2), _F(3)):  # extremal binary pairs: ratio exactly g on both points
        out.append(_inst(f"extremal(g={g})", None, P=(g / (1 + g), 1 / (1 + g)), Q=(1 / (1 + g), g / (1 + g))))
    rng = random.Random(41)
    for t in range(60):
        k = rng.choice((3, 4))
        out.append(_inst(f"random#{t}(k={k})", None, P=tuple(_rpmf(rng, k, zeros=t % 4 == 0)),
                         Q=tuple(_rpmf(rng, k, zeros=t % 5 == 0))))
    return tuple(out)


KS_PAIRS = _fam("pmf-pairs", functools.lru_cache(maxsize=None)(_ks_pairs),
                "binary grid (step 1/6), extremal binary pairs, 60 random pairs on 3-4 points (zeros allowed)")


def _pointwise_gamma(P, Q):
    """e^ε of point-wise (ε, 0)-indistinguishability: max over a in supp P ∪ supp Q of the ratio
    P(a)/Q(a) both ways ([3, Def. 3.2]); +oo if the supports differ."""
    return max(_ratio_of(max_divergence(P, Q)), _ratio_of(max_divergence(Q, P)),
               key=lambda v: (v == _OO, v if v != _OO else 0))


def check_ks(part: str, *, sd_bound=None):
    """[3, Lemma 3.3, Property 5]: point-wise (ε,0)-indist. ⇒ (ε,0)-indist. (all events) and SD ≤ e^ε − 1."""

    def check(inst: Instance) -> Outcome:
        P, Q = inst.params["P"], inst.params["Q"]
        g = _pointwise_gamma(P, Q)
        if part == "events":
            events = _events(len(P))
            r = max((_event_max_ratio(P, Q, events), _event_max_ratio(Q, P, events)),
                    key=lambda v: (v == _OO, v if v != _OO else 0))
            return Outcome(_dec(_le(r, g), "brute-force events", f"max event ratio {_q(r)} <= e^eps = {_q(g)}"))
        d = tv(P, Q)
        bnd = (sd_bound or (lambda gg: gg - 1))(g) if g != _OO else _OO
        return Outcome(_dec(_le(d, bnd), "exact", f"SD = {d} <= {_q(bnd)} (e^eps = {_q(g)})"))

    return check


def _g_of(gamma: Fraction, b: Fraction):
    """g(b) of (26) with e^ε = gamma."""
    if b <= 1 / (1 + gamma):
        return (1 - b) / (1 / gamma - b)
    return (gamma - 1 + b) / b


def _lemma1_grid() -> tuple:
    """Exact (γ = e^ε, p = P_D[x_i], a = P[Y|x_i], b = P[Y|x̄_i]) with P[Y] > 0 (Y possible).

    p includes 0, 1, the break point 1/(1+γ) and e^-ε = 1/γ; (a, b) a grid with zeros plus the
    equality cases a = g(p)·b."""
    out = []
    base = [_F(0), _F(1, 6), _F(1, 3), _F(1, 2), _F(5, 6), _F(1)]
    for gamma in (_F(2), _F(1), _F(3, 2), _F(3)):
        ps = sorted({_F(0), _F(1), 1 / (1 + gamma), 1 / gamma, _F(1, 7), _F(1, 3), _F(1, 2), _F(5, 6)})
        for p in ps:
            pairs = [(a, b) for a in base for b in base]
            for b in base[1:]:
                a = _g_of(gamma, p) * b
                if a <= 1:
                    pairs.append((a, b))
                    if a + _F(1, 100) <= 1:
                        pairs.append((a + _F(1, 100), b))
            pairs.sort(key=lambda ab: ab[1] == 0)  # finite A first (A = +oo needs the cleared form)
            for a, b in dict.fromkeys(pairs):
                if p * a + (1 - p) * b == 0:
                    continue
                out.append(_inst(f"gamma={gamma},p={p},a={a},b={b}", None, gamma=gamma, p=p, a=a, b=b))
    return tuple(out)


LEMMA1_GRID = _fam("lemma1-grid", functools.lru_cache(maxsize=None)(_lemma1_grid),
                   "e^eps in {1, 3/2, 2, 3}; P[x_i] in {0, 1/7, 1/3, 1/(1+e^eps), 1/2, e^-eps, 5/6, 1}; "
                   "P[Y|x_i], P[Y|x̄_i] on a grid with zeros and the equality cases A = g(P[x_i])")


def _mp_conditions(gamma, p, a, b):
    """((21), (22)) by Bayes: P[x_i|Y] ≤ γ P[x_i] and P[x̄_i|Y] ≥ P[x̄_i]/γ (P[Y] > 0)."""
    pe = p * a + (1 - p) * b
    c21 = p * a / pe <= gamma * p
    c22 = (1 - p) * b / pe >= (1 - p) / gamma
    return c21, c22


def _A(a, b):
    """A = a/b with the seed's conventions 0/0 = 1, c/0 = +oo (footnote 4)."""
    if b == 0:
        return Fraction(1) if a == 0 else _OO
    return a / b


def check_lemma1(part: str, *, g=None):
    """Lemma 1 and its steps on one (γ, p, a, b).  part: "lemma" ((21)∧(22) ⟺ A ≤ g(p)),
    "eq28" ((21) ⟺ 1 − p ≥ A(e^-ε − p)), "eq29" ((22) ⟺ Ap + 1 − p ≤ e^ε), "eq30" (the algebra).

    In (28), (29) A = a/b appears multiplied by a number that may vanish; they are read with the
    denominator b cleared (the natural reading of A = +oo, i.e. 0·oo = 0), which is equivalent to
    the displayed form whenever b > 0."""
    g = g or _g_of

    def check(inst: Instance) -> Outcome:
        P = inst.params
        gamma, p, a, b = P["gamma"], P["p"], P["a"], P["b"]
        c21, c22 = _mp_conditions(gamma, p, a, b)
        A = _A(a, b)
        if part == "lemma":
            lhs, rhs = c21 and c22, _le(A, g(gamma, p))
            what = f"(21)&(22) = {lhs} vs A = {_q(A)} <= g(p) = {g(gamma, p)}: {rhs}"
        elif part == "eq28":  # A(e^-eps - p) <= 1 - p, denominators cleared: a(e^-eps - p) <= b(1 - p)
            lhs = c21
            rhs = a * (1 / gamma - p) <= b * (1 - p)
            what = f"(21) = {lhs} vs 1-p >= A(e^-eps - p): {rhs} (A = {_q(A)})"
        elif part == "eq29":  # A p + 1 - p <= e^eps, denominators cleared: a p + b(1 - p) <= e^eps b
            lhs = c22
            rhs = a * p + b * (1 - p) <= gamma * b
            what = f"(22) = {lhs} vs A p + 1 - p <= e^eps: {rhs} (A = {_q(A)})"
        else:  # eq30: x = p, A finite real >= 0
            if A == _OO:
                return Outcome(Decision.true("vacuous", "eq30 is about finite A"))
            lhs = (1 - p >= A * (1 / gamma - p)) and (A * p + 1 - p <= gamma)
            rhs = A <= g(gamma, p)
            what = f"conjunction = {lhs} vs A <= g(x) = {rhs} (x = {p}, A = {A})"
        return Outcome(_dec(lhs == rhs, "exact", what))

    return check


def _interior(inst: Instance) -> bool:
    return 0 < inst.params["p"] < 1


def cor1_hypothesis(*, level=None):
    """Corollary 1's hypothesis on one (γ, p, a, b): A ≤ e^ε (``level``: variant γ -> bound on A)."""
    level = level or (lambda gamma: gamma)
    return lambda inst: _le(_A(inst.params["a"], inst.params["b"]), level(inst.params["gamma"]))


def _finite_A(inst: Instance) -> bool:
    return inst.params["b"] != 0


def check_cor1(*, level=None):
    """Corollary 1 on one (γ, p, a, b): A ≤ e^ε ⇒ (21) and (22)  (``level``: variant γ -> bound on A)."""
    level = level or (lambda gamma: gamma)

    def check(inst: Instance) -> Outcome:
        P = inst.params
        gamma, p, a, b = P["gamma"], P["p"], P["a"], P["b"]
        A = _A(a, b)
        if not _le(A, level(gamma)):
            return Outcome(Decision.true("vacuous", f"hypothesis A = {_q(A)} <= {level(gamma)} fails"))
        c21, c22 = _mp_conditions(gamma, p, a, b)
        return Outcome(_dec(c21 and c22, "exact", f"A = {_q(A)} <= e^eps = {gamma} gives (21) {c21}, (22) {c22}"))

    return check


def check_cor1_two_point(inst: Instance) -> Outcome:
    """Corollary 1 on D*: with e^ε = max_{D ∈ D*} A (brute force), every D_p on the grid satisfies
    (21), (22) for every output event (computed by Bayes)."""
    a_max, g_max = _brute_mp_of(inst.mechanism, inst.prior, "conditional")
    return Outcome(_dec(_le(g_max, a_max), "brute-force D*", f"max_D A = {_q(a_max)}; level needed on the grid "
                                                              f"{_q(g_max)}"))


def _step39_grid() -> tuple:
    out = []
    for gamma in (_F(1), _F(3, 2), _F(2), _F(3)):
        for alpha in (gamma + _F(1, 10), gamma + 1, 2 * gamma, 10 * gamma):
            qmax = (alpha - gamma) / (gamma * (alpha - 1))
            for q in (qmax / 2, qmax * _F(99, 100), qmax / 1000, qmax):
                out.append(_inst(f"gamma={gamma},alpha={alpha},q={q}", None, gamma=gamma, alpha=alpha, q=q,
                                 at_bound=q == qmax))
    return tuple(out)


STEP39 = _fam("step39-grid", functools.lru_cache(maxsize=None)(_step39_grid),
              "e^eps in {1, 3/2, 2, 3}, alpha > e^eps, q below and at (alpha - e^eps)/(e^eps (alpha - 1))")


def check_step39(inst: Instance) -> Outcome:
    """(39): for α > e^ε and 0 < q < (α − e^ε)/(e^ε(α − 1)): α/(αq + 1 − q) > e^ε (at q equal to
    the bound the ratio is exactly e^ε — checked too, as equality)."""
    P = inst.params
    gamma, alpha, q = P["gamma"], P["alpha"], P["q"]
    ratio = alpha / (alpha * q + 1 - q)
    ok = ratio == gamma if P.get("at_bound") else ratio > gamma
    return Outcome(_dec(ok, "exact", f"alpha/(alpha q + 1 - q) = {ratio} vs e^eps = {gamma}"))


def _g_grid() -> tuple:
    return tuple(_inst(f"gamma={g}", None, gamma=_F(g)) for g in (_F(11, 10), _F(3, 2), 2, 3, 7))


G_GRID = _fam("g-grid", functools.lru_cache(maxsize=None)(_g_grid), "e^eps in {11/10, 3/2, 2, 3, 7}, b on a grid of "
                                                                     "step 1/240 plus the break points")


def check_g_mono(inst: Instance) -> Outcome:
    """On a grid of b: g strictly increasing on [0, 1/(1+e^ε)], strictly decreasing on (1/(1+e^ε), 1],
    g(0) = g(1) = e^ε = min g, g1 ≤ g2 on (0, 1/(1+e^ε)] and g1 ≥ g2 on (1/(1+e^ε), e^-ε)."""
    gamma = inst.params["gamma"]
    brk, einv = 1 / (1 + gamma), 1 / gamma
    bs = sorted({_F(k, 240) for k in range(241)} | {brk, einv})
    g1 = lambda b: (1 - b) / (einv - b)  # noqa: E731
    g2 = lambda b: (gamma - 1 + b) / b  # noqa: E731
    up = [b for b in bs if b <= brk]
    down = [b for b in bs if b > brk]
    ok = all(_g_of(gamma, x) < _g_of(gamma, y) for x, y in zip(up, up[1:]))
    ok &= all(_g_of(gamma, x) > _g_of(gamma, y) for x, y in zip(down, down[1:]))
    ok &= _g_of(gamma, _F(0)) == gamma == _g_of(gamma, _F(1))
    ok &= all(_g_of(gamma, b) > gamma for b in bs if 0 < b < 1)
    ok &= all(g1(b) <= g2(b) for b in bs if 0 < b <= brk)
    ok &= all(g1(b) >= g2(b) for b in bs if brk < b < einv)
    return Outcome(_dec(ok, "exact grid", f"monotonicity, minimum and g1/g2 order of g at e^eps = {gamma}"))


def prove_g_mono() -> Decision:
    """All ε > 0, by exact algebra in t = e^ε > 1 and the certifier for the sign facts in ε.

    Identities (sympy ``cancel`` to 0):  g1'(b) = (1 − 1/t)/(1/t − b)²,  g2'(b) = −(t − 1)/b²,
    g1(0) = t = g2(1),  g2 − g1 = (t − 1/t)(1/(1 + t) − b)/(b(1/t − b)).
    Signs: 1 − e^-ε > 0, e^ε − 1 > 0, e^ε − e^-ε > 0 for ε > 0 (certifier), 1/(1+t) < 1/t, and
    b(1/t − b) > 0 on (0, 1/t).  Hence g = g1 increases on [0, 1/(1+t)], g = g2 decreases on
    (1/(1+t), 1], min g = g(0) = g(1) = e^ε, and the g1/g2 order flips at 1/(1+t)."""
    from exactpriv.certify import prove_inequality

    t, b = sympy.symbols("t b", positive=True)
    g1 = (1 - b) / (1 / t - b)
    g2 = (t - 1 + b) / b
    ids = {
        "g1' = (1-1/t)/(1/t-b)^2": sympy.diff(g1, b) - (1 - 1 / t) / (1 / t - b) ** 2,
        "g2' = -(t-1)/b^2": sympy.diff(g2, b) + (t - 1) / b ** 2,
        "g1(0) = t": g1.subs(b, 0) - t,
        "g2(1) = t": g2.subs(b, 1) - t,
        "g2 - g1 = (t-1/t)(1/(1+t)-b)/(b(1/t-b))": g2 - g1 - (t - 1 / t) * (1 / (1 + t) - b) / (b * (1 / t - b)),
        "1/t - 1/(1+t) = 1/(t(1+t))": 1 / t - 1 / (1 + t) - 1 / (t * (1 + t)),
    }
    cert = {}
    for name, expr in ids.items():
        if sympy.cancel(expr) != 0:
            return Decision.undecided("exact-algebra", f"identity {name} not verified by cancel")
        cert[name] = "cancel -> 0"
    for lhs in (1 - sympy.exp(-EPS), sympy.exp(EPS) - 1, sympy.exp(EPS) - sympy.exp(-EPS)):
        r = prove_inequality(lhs, ">", 0, domain=(0, sympy.oo), closed=(False, False), seconds=5)
        if r.verdict != "PROVED":
            return Decision.undecided("certify", f"{lhs} > 0 on (0, oo): {r.verdict} ({r.reason})")
        cert[f"{lhs} > 0 on (0, oo)"] = r.method
    return Decision.true("exact-algebra + certify", "g increases then decreases, min g = e^eps at b = 0, 1; "
                                                    "g1/g2 order flips at 1/(1+e^eps)", certificate=cert)


_S_EPS = sympy.Rational(1, 2) - 1 / (sympy.exp(EPS) + 1)


def prove_improve(hi, *, closed_lo=False, rhs=EPS / 6):
    def prove() -> Decision:
        from exactpriv.certify import prove_inequality

        r = prove_inequality(_S_EPS, ">", rhs, domain=(0, hi), closed=(closed_lo, True), seconds=8)
        return r.to_decision()

    return prove


def check_improve_point(inst: Instance) -> Outcome:
    e = inst.params["eps"]
    es = sympy.Rational(e.numerator, e.denominator)
    return Outcome(compare(_S_EPS.subs(EPS, es), ">", es / 6))


def _improve_points(hi):
    return lambda: tuple(_inst(f"eps={_F(k, 20)}", None, eps=_F(k, 20)) for k in range(1, int(hi * 20) + 1))


# ======================================================================================
# the claims
# ======================================================================================
def _R(name, statement, check, families, expected, notes="", hypothesis=None, prove=None) -> Reading:
    return Reading(name, statement, check=check, families=tuple(families), expected=expected, notes=notes,
                   hypothesis=hypothesis, prove=prove)


_C, _P, _X = Verdict.CHECKED, Verdict.PROVED, Verdict.REFUTED

CLAIMS: list[Claim] = [
    Claim(
        "zhao2019.def_dp", "Definition (ε-differential privacy)", f"{SEED}, Sec. I (DP paragraph)",
        "A randomized algorithm Y satisfies ε-differentially privacy if for all adjacent databases x, x' and any "
        "event E, it holds that P[Y(x) ∈ E] ≤ e^ε P[Y(x') ∈ E].",
        "definition",
        [_R("events-vs-pointwise", "pure_dp(M) (max over neighbours and single outputs) equals the max over "
            "neighbours and all non-empty output events E of ln P[Y(x)∈E]/P[Y(x')∈E]",
            check_def_dp_events, DEF_FAMILIES, _C)],
    ),
    Claim(
        "zhao2019.def_bdp", "Definition (Bayesian DP, Yang et al.) and restatement (19)",
        f"{SEED}, Sec. I (BDP paragraph) and Sec. III-A2, eq. (19)",
        "An adversary denoted by A(i,S) knows the values of all tuples in S (denoted by x_S) and attempts to attack "
        "the value of tuple i (denoted by x_i). [...] BDPL_A(Y) = sup_{x_i, x'_i, x_S, Y} ln P[y∈Y|x_i,x_S] / "
        "P[y∈Y|x'_i,x_S]. The mechanism Y satisfies ε-Bayesian differential privacy if sup_A BDPL_A(Y) ≤ ε. [...] "
        "ε-Bayesian differential privacy means P[Y(x_{i+S}) = y] / P[Y(x'_{i+S}) = y] ≤ e^ε. (19)",
        "definition",
        [_R("events-and-integration", "bayesian_dp(M, prior) (single outputs, (19)) equals the brute-force sup over "
            "i, S ⊆ N∖{i}, x_S, x_i ≠ x'_i and output events Y of P[y∈Y|x_i,x_S]/P[y∈Y|x'_i,x_S], the unknown records "
            "integrated under the prior (configurations of prior probability 0 skipped)",
            check_def_bdp_events, DEF_FAMILIES, _C),
         _R("reduces-to-dp-independent", "for independent full-support records BDP = DP (consistency of 'BDP "
            "broadens DP when data records have dependencies')", check_bdp_equals_dp_independent,
            (RANDOM_PRODUCT, ZOO), _C, hypothesis=lambda i: _full_support(i) and i.prior.is_mutually_independent(),
            notes="not stated by Zhao; a consistency check of the definition (S = N∖{i} gives DP, mixtures with "
                  "the same weights cannot exceed it)")],
    ),
    Claim(
        "zhao2019.def1_sp", "Definition 1 (ε-semantic privacy, Kasiviswanathan–Smith)", f"{SEED}, Def. 1, eqs. (1)-(4)",
        "A randomized mechanism Y is said to be ε-semantically private if for all belief distributions b on D^n, "
        "for all possible transcripts y, and for all i = 1, ..., n: SD(b_0[·|y], b_i[·|y]) ≤ ε. (4)  [b_0[x|y] ∝ "
        "P[Y(x)=y] b[x] (2), b_i[x|y] ∝ P[Y(x_{-i})=y] b[x] (3), x_{-i}: position i replaced by the default ⊥; "
        "SD(X,Y) = max_S |P[X∈S] − P[Y∈S]|]",
        "definition",
        [_R("sup-over-beliefs", "semantic_privacy(M) (exact sup (√R−1)/(√R+1)) is never exceeded by SD of random "
            "exact beliefs (SD by brute force over events), and its optimal two-point belief, rounded to rationals, "
            "comes within 1e-4 of it", check_def_sp, DEF_FAMILIES, _C,
            notes="beliefs with an undefined posterior (normaliser 0) are excluded, as in the measure")],
    ),
    Claim(
        "zhao2019.def2_bsp", "Definition 2 (ε-Bayesian semantic privacy)", f"{SEED}, Def. 2, eqs. (5)-(17)",
        "A randomized mechanism Y is said to have ε-Bayesian semantical privacy if for all belief distributions b "
        "on D^n, for all possible transcripts y, for all i = 1, ..., n, and for all x_{i+S} and z_{i+S} defined in "
        "(7) and (8) with S ⊆ N∖{i}: SD(b_0[x_{i+S}|y], b_i[x_{i+S}|y]) ≤ ε. (17)  [x_{i+S} = [X_i = x_i, X_j = x_j "
        ": j ∈ S, X_j : j ∈ N∖{i}∖S]; b_0 by (9) with P[Y(x_{i+S}) = y], b_i by (15) with P[Y(x_{-i+S}) = y], "
        "x_{-i+S} = [X_i = ⊥, X_j = x_j : j ∈ S, X_j : j ∈ N∖{i}∖S] (13)]",
        "definition",
        [_R("resample-sup-over-beliefs", "bayesian_semantic_privacy(game_i='resample') vs (9), (15) computed here "
            "(Game i: X_K drawn from the prior given (⊥, x_S)): random beliefs on configurations never exceed it and "
            "its optimal belief comes within 1e-4", check_def_bsp("resample"), DEF_FAMILIES, _C),
         _R("replace-sup-over-beliefs", "as above with Game i = the database drawn given (x_i, x_S), then record i "
            "replaced by ⊥", check_def_bsp("replace"), DEF_FAMILIES, _C),
         _R("readings-agree-independent", "with independent full-support records the two Game-i readings give the "
            "same BSP", check_bsp_readings_agree_independent, (RANDOM_PRODUCT, ZOO), _C,
            hypothesis=lambda i: _full_support(i) and i.prior.is_mutually_independent())],
    ),
    Claim(
        "zhao2019.def3_mp", "Definition 3 (<D, ε>-membership privacy) and the adversary family D*",
        f"{SEED}, Def. 3, eqs. (21)-(22), and the paragraph defining D_{{i,K}} and D*",
        "A mechanism Y achieves ε-membership privacy under a family D of distributions, i.e., <D, ε>-membership "
        "privacy, if and only if for any distribution D ∈ D and for any record x_i, any possible set Y for the "
        "output, we have P_{D,Y}[x_i | Y] ≤ e^ε P_D[x_i] (21) and P_{D,Y}[x̄_i | Y] ≥ e^{-ε} P_D[x̄_i]. (22) [...] "
        "Let D_{i,K} denote a distribution where P[x_i, x_K] = p and P[x'_i, x_K] = 1 − p for some p. Define "
        "D* = ∪_{i, K ⊆ {1..n}∖{i}} D_{i,K}. [...] we will refer to <D*, ε>-membership privacy as "
        "ε-membership privacy.",
        "definition",
        [_R("two-point-conditional", "positive_membership(family='two_point', remaining='conditional') equals the "
            "brute-force max over D_{i,K} and output events of A = P[Y|x_i]/P[Y|x̄_i] (remaining records from the "
            "prior conditioned on (x_i, x_K), as in (24)-(25)), and bounds γ(D_p) computed by Bayes from (21)-(22) "
            "for p ∈ {1/2, 1/100}", check_def_mp("conditional"), DEF_FAMILIES, _C),
         _R("two-point-marginal", "as above with the remaining records drawn from the prior's marginal",
            check_def_mp("marginal"), DEF_FAMILIES, _C)],
    ),
    Claim(
        "zhao2019.thm1_fwd", "Theorem 1 (forward): ε-BDP ⇒ (e^{2ε} − 1)-BSP",
        f"{SEED}, Theorem 1 and its proof (Sec. III-A3)",
        "Theorem 1. ε-Bayesian differential privacy implies (e^{2ε} − 1)-Bayesian semantic privacy, and is implied "
        "by (1/2 − 1/(e^ε+1))-Bayesian semantic privacy.  [Proof: e^{-ε} P[Y(z_{-i+S}) = y] ≤ P[Y(z_{i+S}) = y] ≤ "
        "e^ε P[Y(z_{-i+S}) = y] ... the ratio of b_0[x_{i+S}|y] and b_i[x_{i+S}|y] is within e^{±2ε} ... point-wise "
        "(2ε, 0)-indistinguishable ... SD ≤ e^{2ε} − 1.]",
        "implication",
        [_R("resample", "BSP_resample(M, p) ≤ e^{2 BDP(M, p)} − 1 for every mechanism and prior",
            check_forward("resample"),
            MECH_FAMILIES, _C),
         _R("replace", "BSP_replace(M, p) ≤ e^{2 BDP(M, p)} − 1 for every mechanism and prior",
            check_forward("replace"),
            MECH_FAMILIES, _X,
            notes="fails for priors with zeros: BDP compares only configurations of positive probability, but Game i "
                  "'replace' evaluates Y(⊥, x_S, x_K) at databases the prior excludes (witness: perfectly correlated "
                  "records, BDP = 0 < BSP)"),
         _R("replace-full-support", "as 'replace' for full-support priors", check_forward("replace"), MECH_FAMILIES, _C,
            hypothesis=_full_support),
         _R("belief", "BSP with likelihoods under the belief (= SP) ≤ e^{2 BDP(M, p)} − 1", check_forward("belief"),
            MECH_FAMILIES, _X, notes="a point-mass prior has BDP = 0 while SP > 0"),
         _R("belief-full-support", "as 'belief' for full-support priors (BDP ≥ DP then)", check_forward("belief"),
            MECH_FAMILIES, _C, hypothesis=_full_support)],
    ),
    Claim(
        "zhao2019.thm1_conv", "Theorem 1 (converse): (1/2 − 1/(e^ε+1))-BSP ⇒ ε-BDP",
        f"{SEED}, Theorem 1, proof and eq. (20)",
        "Theorem 1. ε-Bayesian differential privacy [...] is implied by (1/2 − 1/(e^ε+1))-Bayesian semantic privacy.  "
        "[Proof: consider a belief distribution b which is uniform over x_{i+S} and x'_{i+S} [...] The distribution "
        "b_i[·|y] will be uniform over x_{i+S} and x'_{i+S} since they induce the same distribution on transcripts "
        "in Game i. [...] P[Y(x_{i+S}) = y]/P[Y(x'_{i+S}) = y] = b_0[x_{i+S}|y]/b_0[x'_{i+S}|y] ≤ e^ε. (20)]",
        "implication",
        [_R("resample", "BDP(M, p) ≤ g(BSP_resample(M, p)), g(s) = ln((1+2s)/(1−2s)) (+oo for s ≥ 1/2), for every "
            "mechanism and prior", check_converse("resample"), MECH_FAMILIES, _X,
            notes="fails when Game i is undefined: an output with P[Y(⊥, x_S, X_K) = y] = 0 (n = 1 witness: "
                  "P(.|⊥) = (0, 1), BDP = +oo, BSP = 3 − 2√2) or a prior with P(X_i = ⊥, x_S) = 0; the measure "
                  "excludes beliefs with undefined posteriors"),
         _R("resample-full-support", "as 'resample' for full-support priors (mechanisms with zeros allowed)",
            check_converse("resample"), MECH_FAMILIES, _X, hypothesis=_full_support,
            notes="still fails through outputs that are impossible when record i is ⊥ (undefined Game-i posterior)"),
         _R("resample-positive-mechanism", "as 'resample' for positive mechanisms (priors with zeros allowed)",
            check_converse("resample"), MECH_FAMILIES, _X, hypothesis=_positive,
            notes="fails when the prior gives (X_i = ⊥, x_S) probability 0: Game i is then undefined and BSP "
                  "sees no configuration (witness: D = {0,1,2}, prior (0, 1/2, 1/2))"),
         _R("resample-positive-full-support", "as 'resample' for positive mechanisms and full-support priors (Game i "
            "always defined): the paper's proof applies", check_converse("resample"), MECH_FAMILIES, _C,
            hypothesis=_positive_full),
         _R("replace", "BDP ≤ g(BSP_replace) for every mechanism and prior", check_converse("replace"),
            MECH_FAMILIES, _X,
            notes="fails already through undefined Game-i posteriors (the zero-column witness of 'resample'); see "
                  "'replace-positive-full-support' for the failure of the proof's step itself"),
         _R("replace-positive-full-support", "BDP ≤ g(BSP_replace) for positive mechanisms and full-support priors",
            check_converse("replace"), MECH_FAMILIES, _X, hypothesis=_positive_full,
            notes="'b_i[.|y] uniform' fails under 'replace' with correlated records: X_K given x_i differs from X_K "
                  "given x'_i.  Witness: a two-output noisy count on {0,1}^2 (P(Y=1|c) = 1/4, 1/2, 3/4) with a "
                  "near-diagonal prior: BDP = ln(29/11) ≈ 0.969 > g(3 − 2√2) ≈ 0.715"),
         _R("belief-positive-full-support", "BDP ≤ g(SP) (BSP with likelihoods under the belief equals SP)",
            check_converse("belief"), MECH_FAMILIES, _X, hypothesis=_positive_full,
            notes="correlation raises BDP (up to group privacy) but not SP")],
    ),
    Claim(
        "zhao2019.bsp_sp", "Claim: (e^{2ε} − 1)-BSP ⇒ (e^{2ε} − 1)-SP",
        f"{SEED}, Sec. II (ii) and the remark after Def. 2",
        "ε-BDP ⇒ (e^{2ε} − 1)-BSP ⇒ (e^{2ε} − 1)-SP.  [...] In the hypothetical scenario where we consider S only as "
        "N∖{i} in Definition 2, Definition 2 would reduce to Definition 1 for ε-semantical privacy.",
        "implication",
        [_R("resample", "SP(M) ≤ BSP_resample(M, p) for every mechanism and prior", check_bsp_sp("resample"),
            MECH_FAMILIES, _X, notes="BSP sees only configurations of positive prior probability: a point-mass prior "
                                     "gives BSP = 0 < SP"),
         _R("resample-full-support", "as 'resample' for full-support priors (S = N∖{i} is then exactly SP)",
            check_bsp_sp("resample"), MECH_FAMILIES, _C, hypothesis=_full_support),
         _R("replace", "SP(M) ≤ BSP_replace(M, p) for every mechanism and prior", check_bsp_sp("replace"),
            MECH_FAMILIES, _X, notes="as for 'resample'"),
         _R("replace-full-support", "as 'replace' for full-support priors", check_bsp_sp("replace"), MECH_FAMILIES, _C,
            hypothesis=_full_support)],
    ),
    Claim(
        "zhao2019.thm2_fwd", "Theorem 2 (forward, Kasiviswanathan–Smith): ε-DP ⇒ (e^{2ε} − 1)-SP", f"{SEED}, Theorem 2",
        "Theorem 2 (Improving the result of Kasiviswanathan and Smith [3]). ε-Differential privacy implies "
        "(e^{2ε} − 1)-semantic privacy, and is implied by (1/2 − 1/(e^ε+1))-semantic privacy.",
        "implication",
        [_R("literal", "SP(M) ≤ e^{2 DP(M)} − 1", check_sp_forward(), MECH_FAMILIES, _C),
         _R("sharper-tanh", "SP(M) ≤ tanh(DP(M)/2) = (e^DP − 1)/(e^DP + 1) (the exact sup reduction gives at most "
            "this; not claimed by the paper)", check_sp_forward(bound=lambda r: (r - 1) / (r + 1)), MECH_FAMILIES, _C)],
    ),
    Claim(
        "zhao2019.thm2_conv", "Theorem 2 (converse, new): (1/2 − 1/(e^ε+1))-SP ⇒ ε-DP", f"{SEED}, Theorem 2",
        "Theorem 2 [...] ε-Differential privacy [...] is implied by (1/2 − 1/(e^ε+1))-semantic privacy.  [Proof "
        "'similar to that of Theorem 1': uniform belief on neighbours x, x' differing at i.]",
        "implication",
        [_R("undefined-excluded", "DP(M) ≤ g(SP(M)) with SP's beliefs restricted to defined posteriors (the measure)",
            check_sp_converse(), MECH_FAMILIES, _X,
            notes="if P[Y(x_{-i}) = y] = 0 for every x then no belief defines b_i[.|y], SP ignores y, and the DP ratio "
                  "at y is unconstrained: P(.|⊥) = (0, 1), P(.|1) = (1/2, 1/2) has DP = +oo, SP = 3 − 2√2 < 1/2"),
         _R("undefined-is-breach", "as above, counting a belief with defined b_0[.|y] and undefined b_i[.|y] as SD = 1",
            check_sp_converse(breach=True), MECH_FAMILIES, _C),
         _R("positive-mechanism", "as 'undefined-excluded' for mechanisms with positive entries",
            check_sp_converse(), MECH_FAMILIES, _C, hypothesis=_positive)],
    ),
    Claim(
        "zhao2019.improve", "Claim: 1/2 − 1/(e^ε+1) > ε/6 for ε ≤ 1.35", f"{SEED}, Sec. II (after Theorem 2)",
        "The second part of Theorem 2 improves the corresponding result of Kasiviswanathan and Smith [3], which "
        "states that ε-differential privacy is implied by ε/6-semantic privacy for ε ≤ 1.35. The improvement can be "
        "seen from 1/2 − 1/(e^ε+1) > ε/6 for ε ≤ 1.35.",
        "inequality",
        [_R("literal", "1/2 − 1/(e^ε+1) > ε/6 for all ε ∈ (0, 27/20]", check_improve_point,
            (_fam("eps-points", _improve_points(_F(27, 20)), "eps = k/20 in (0, 27/20]"),), _P,
            prove=prove_improve(_F(27, 20))),
         _R("extension-to-5/2", "the same on (0, 5/2]", None, (), _P, prove=prove_improve(_F(5, 2)),
            notes="the inequality holds well beyond 1.35"),
         _R("extension-to-13/5", "the same on (0, 13/5]", None, (), _X, prove=prove_improve(_F(13, 5)),
            notes="fails at ε = 13/5: tanh(ε/2) = ε/3 has its positive root at ε ≈ 2.5757 (float estimate, "
                  "bracketed exactly by the PROVED (0, 5/2] and this REFUTED (0, 13/5])"),
         _R("including-zero", "the same on [0, 27/20]", None, (), _X, prove=prove_improve(_F(27, 20), closed_lo=True),
            notes="at ε = 0 both sides are 0: the strict inequality needs ε > 0")],
    ),
    Claim(
        "zhao2019.ks_lemma", "Cited lemma [3, Lemma 3.3, Property 5]", f"{SEED}, proof of Theorem 1",
        "Two discrete random variables X and Y are point-wise (ε, 0)-indistinguishable if it holds for a drawn from "
        "either X or Y that e^{-ε} P[Y = a] ≤ P[X = a] ≤ e^ε P[Y = a]. [...] Applying [3, Lemma 3.3-Property 5], we "
        "obtain SD(b_0[x_{i+S}|y], b_i[x_{i+S}|y]) ≤ (e^{2ε} − 1). [...] From [3, Lemma 3.3-Property 5], Y(x_{i+S}) "
        "and Y(x'_{i+S}) are (ε, 0)-indistinguishable.",
        "implication",
        [_R("indistinguishable", "point-wise (ε,0) ⇒ P(A) ≤ e^ε Q(A) and Q(A) ≤ e^ε P(A) for every event A",
            check_ks("events"), (KS_PAIRS,), _C),
         _R("sd-bound", "point-wise (ε,0) ⇒ SD(P, Q) ≤ e^ε − 1", check_ks("sd"), (KS_PAIRS,), _C),
         _R("sharper-tanh", "point-wise (ε,0) ⇒ SD(P, Q) ≤ (e^ε − 1)/(e^ε + 1) (stronger; not claimed)",
            check_ks("sd", sd_bound=lambda g: (g - 1) / (g + 1)), (KS_PAIRS,), _C)],
    ),
    Claim(
        "zhao2019.lemma1", "Lemma 1 (g-characterisation of <D, ε>-MP) with steps (28)-(30)",
        f"{SEED}, Lemma 1, eqs. (23a)-(23b), (27)-(38)",
        "Lemma 1. A mechanism Y achieves ε-membership privacy under a family D of distributions, i.e., <D, ε>-MP, if "
        "and only if it holds for any distribution D ∈ D that P_{D,Y}[Y | x_i]/P_{D,Y}[Y | x̄_i] ≤ (1 − P_D[x_i])/"
        "(e^{-ε} − P_D[x_i]) if 0 ≤ P_D[x_i] ≤ 1/(1+e^ε) (23a), (e^ε − 1 + P_D[x_i])/P_D[x_i] if 1/(1+e^ε) < "
        "P_D[x_i] ≤ 1 (23b).  [Footnote 4: We let 0/0 = 1 and non-zero/0 = ∞.]  Steps: (21) ⟺ 1 − P_D[x_i] ≥ "
        "A(e^{-ε} − P_D[x_i]) (28); (22) ⟺ A × P_D[x_i] + 1 − P_D[x_i] ≤ e^ε (29); their conjunction ⟺ A ≤ "
        "g(P_D[x_i]) (30), shown for real x ∈ [0, 1] (38).",
        "equivalence",
        [_R("literal", "for every e^ε, P_D[x_i] ∈ [0, 1] and P[Y|x_i], P[Y|x̄_i] with P[Y] > 0: (21)∧(22) ⟺ A ≤ "
            "g(P_D[x_i])", check_lemma1("lemma"), (LEMMA1_GRID,), _X,
            notes="at P_D[x_i] = 0 (or 1) MP holds vacuously while A ≤ g(0) = e^ε may fail: (31)-(32) divide by "
                  "P_D[x_i].  Per-output check is faithful: at P_D[x_i] ∈ {0, 1} every output set satisfies (21)-(22)"),
         _R("interior", "the same for 0 < P_D[x_i] < 1", check_lemma1("lemma"), (LEMMA1_GRID,), _C,
            hypothesis=_interior),
         _R("eq28-literal", "(21) ⟺ 1 − P_D[x_i] ≥ A(e^{-ε} − P_D[x_i]) on [0, 1]", check_lemma1("eq28"),
            (LEMMA1_GRID,), _X, notes="fails at P_D[x_i] = 0 (division by P_D[x_i] in (32))"),
         _R("eq28-interior", "(28) for 0 < P_D[x_i] < 1", check_lemma1("eq28"), (LEMMA1_GRID,), _C,
            hypothesis=_interior),
         _R("eq29-literal", "(22) ⟺ A P_D[x_i] + 1 − P_D[x_i] ≤ e^ε on [0, 1]", check_lemma1("eq29"),
            (LEMMA1_GRID,), _X,
            notes="fails at P_D[x_i] = 1: (22) is vacuous (P_D[x̄_i] = 0) but A ≤ e^ε is required"),
         _R("eq29-interior", "(29) for 0 < P_D[x_i] < 1", check_lemma1("eq29"), (LEMMA1_GRID,), _C,
            hypothesis=_interior),
         _R("eq30", "(30)/(38): for x ∈ [0, 1] and finite A ≥ 0: [1 − x ≥ A(e^{-ε} − x) and Ax + 1 − x ≤ e^ε] ⟺ "
            "A ≤ g(x)", check_lemma1("eq30"), (LEMMA1_GRID,), _C, hypothesis=_finite_A)],
    ),
    Claim(
        "zhao2019.g_mono", "Claim in the proof of Corollary 1 (shape of g)", f"{SEED}, proof of Corollary 1, eq. (26); "
                                                                               "proof of Lemma 1 (g1, g2)",
        "The function g(b) increases as b increases for 0 ≤ b ≤ 1/(1+e^ε) and decreases as b increases for "
        "1/(1+e^ε) < b ≤ 1. Hence, at b = 0 or b = 1, g(b) takes its minimum g(0) = g(1) = e^ε. [...] It is "
        "straightforward to show g1(x) ≤ g2(x) if 0 < x ≤ 1/(1+e^ε), and g1(x) ≥ g2(x) if 1/(1+e^ε) < x < e^{-ε}.",
        "inequality",
        [_R("literal", "for every ε > 0: the monotonicity, minimum and g1/g2 order stated", check_g_mono, (G_GRID,), _P,
            prove=prove_g_mono, notes="for ε = 0, g ≡ 1 (constant, not increasing); the claim's objects have ε > 0")],
    ),
    Claim(
        "zhao2019.cor1", "Corollary 1", f"{SEED}, Corollary 1",
        "Corollary 1. A mechanism Y achieves ε-membership privacy under a family D of distributions, i.e., <D, ε>-MP, "
        "if it holds for any distribution D ∈ D that P_{D,Y}[Y|x_i]/P_{D,Y}[Y|x̄_i] ≤ e^ε.",
        "implication",
        [_R("per-distribution", "for every e^ε, P_D[x_i] ∈ [0, 1], P[Y|x_i], P[Y|x̄_i] with P[Y] > 0: A ≤ e^ε ⇒ "
            "(21) and (22)", check_cor1(), (LEMMA1_GRID,), _C, hypothesis=cor1_hypothesis(),
            notes="holds at the boundary too (MP is vacuous there), so Lemma 1's boundary failure does not affect it"),
         _R("two-point-family", "on D*: with e^ε = max over D_{i,K} and output events of A (brute force), every "
            "D_{i,K} with p ∈ {1/2, 1/10, 1/100} satisfies (21)-(22) for every output event",
            check_cor1_two_point, DEF_FAMILIES, _C)],
    ),
    Claim(
        "zhao2019.thm3", "Theorem 3: ε-BDP ⇒ ε-MP", f"{SEED}, Theorem 3 and its proof, eqs. (24)-(25)",
        "Theorem 3. ε-Bayesian differential privacy implies ε-membership privacy.  [Proof: Under distribution D_{i,K} "
        "where P[x_i, x_K] = p and P[x'_i, x_K] = 1 − p for some p, we have P_{D_{i,K},Y}[Y | x_i] = "
        "P[Y(x_i, x_K, X_K̄) ∈ Y] (24), and P_{D_{i,K},Y}[Y | x̄_i] = P[Y(x'_i, x_K, X_K̄) ∈ Y] (25).]",
        "implication",
        [_R("conditional", "MP level over D* (remaining records from the prior given (x_i, x_K)) ≤ e^{BDP}",
            check_thm3("conditional"), MECH_FAMILIES, _C,
            notes="holds with equality: each D_{i,K} is a BDP adversary A(i, K), and sup over p of the MP level is A"),
         _R("marginal", "MP level over D* with the remaining records from the prior's marginal ≤ e^{BDP}",
            check_thm3("marginal"), MECH_FAMILIES, _X,
            notes="the marginal reading evaluates Y at databases the prior excludes (point-mass prior: BDP = 0 < MP)"),
         _R("marginal-full-support", "as 'marginal' for full-support priors", check_thm3("marginal"), MECH_FAMILIES, _C,
            hypothesis=_full_support)],
    ),
    Claim(
        "zhao2019.thm4", "Theorem 4: downward-scalable D, ε-MP ⇒ ε-BDP", f"{SEED}, Theorem 4 and its proof, eq. (39)",
        "Theorem 4. For a family of distributions that are downward scalable in the sense of Li et al. [4], "
        "ε-membership privacy implies ε-Bayesian differential privacy.  [Proof: [...] P_{D'}[x_i] = q for an "
        "arbitrarily small q [...] P_{D',Y}[x_i | Y]/P_{D'}[x_i] = α/(αq + 1 − q). (39) The above ratio is greater "
        "than e^ε given α > e^ε, once we ensure q < (α − e^ε)/(e^ε(α − 1)).]",
        "implication",
        [_R("two-point", "D* (p free, hence downward scalable): e^{BDP(M, prior)} ≤ MP level over D*",
            check_thm4_two_point, MECH_FAMILIES, _C),
         _R("li-families", "D_I (Subsets) and D^2_B (Bounded): every likelihood ratio Pr[y|t]/Pr[y|¬t] of a member "
            "(grid of members) is at most the family's MP level", check_thm4_li(), (SUBSETS,), _C),
         _R("step-39", "(39): α > e^ε and 0 < q < (α − e^ε)/(e^ε(α − 1)) give α/(αq + 1 − q) > e^ε (= at the bound)",
            check_step39, (STEP39,), _C)],
    ),
]

# the all-ε readings of theorems/_tightness.py for these claims (to move beside their claims)
from theorems._tightness import attach_all_eps_readings  # noqa: E402

CLAIMS = attach_all_eps_readings(CLAIMS)
