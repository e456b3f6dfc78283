"""Wang, Ying & Zhang, "On the relation between identifiability, differential privacy and
mutual-information privacy" (arXiv:1402.3757v2).  Seed: ``shared/seeds/000_ac51e572e2d31a77.txt``.

How the claims are checked
--------------------------
* **Privacy–distortion functions** are exact linear programs at rational e^ε = t
  (:mod:`exactpriv.measures.distortion`): D*_d(ε) (PD-DP), D*_i(ε) (PD-I, linearised in the joint),
  D*_relaxed(ε) (R-PD), each solved by HiGHS and certified exactly (rational primal/dual
  certificates or a Farkas certificate).  Instances: tiny D^n (n <= 3, m <= 3) with product priors,
  uniform priors and seeded random correlated full-support priors, and e^ε on grids placed
  relative to e^{ε_X} and t̃ = e^{ε̃_X} (hypotheses hold *by construction*).
* **ε̃_X** is computed exactly (real-root isolation of the numerators of p_Y = K_t^{-1} p_X);
  "t >= t̃" is decided exactly even when t̃ is an irrational algebraic number.
* **Privacy-form statements** (ε*(D)) are reduced to distortion form: D* is non-increasing in ε
  (the feasible sets nest), so ε*(D) <= ln t iff D*(t) <= D (the LP optimum is attained), and
  ε*(D) >= h^{-1}(D) for every D follows from D*(ε) >= h(ε) for every ε, which is certified for
  *all* ε at once by the relaxation (structural: PD-I and PD-DP solutions are R-PD solutions,
  (12) dropped / (28)) plus a closed-form dual certificate of R-PD verified symbolically in t
  (:func:`~exactpriv.measures.distortion.relaxed_dual_certificate`).  At rational D,
  e^{h^{-1}(D)} = (n/D - 1)(m - 1) is rational.
* **Theorem 2** is certified without a convex solver: R(h(ε)) = I(E_i) by Csiszár's dual bound
  (tight, exact log-forms), and the KKT stationarity (94) is verified term by term.
* **All-ε identities** (h, (57), (71)–(78), Lemma 5, the upward closedness of the feasible set of
  ε̃_X) are proved symbolically with sympy (summations for general n, m; the algebra of I and J).

Findings (see the readings' ``notes``)
--------------------------------------
* ``def_epstilde/finite-any-prior`` REFUTED: for p_X = (0, 1) on D^1 no finite ε makes the
  posterior family feasible (p_X(0) = Σ_y p(0|y)p_Y(y) > 0 always): ε̃_X = +oo.  True for
  full-support priors; the feasible set is moreover upward closed (PROVED), as Lemma 4 assumes.
* ``lemma1.claim_lb/eq57-as-printed`` REFUTED: the middle term of (57) has e^{-(n-l)ε} where the
  proof needs e^{-lε} (n = 1, m = 2, e^ε = 2: 2/3 vs h = 1/3); with e^{-lε} it is PROVED.
* ``kkt/literal`` REFUTED at ε = ε̃_X (the end D = h(ε̃_X) of Theorem 2's range): p_Y has zeros
  there and (94) contains ln(0/0).  Theorem 2 itself holds there (Csiszár's certificate), and (94)
  holds for ε > ε̃_X and under the continuous extension.
* ``consistency/all-D`` REFUTED: outside Theorem 2's range (D > h(ε̃_X)) an MI-optimal mechanism
  need not minimise identifiability (D^2, m = 2, prior (5/16, 1/4, 5/16, 1/8): the MI-optimal
  mechanism at D = 31/48 has identifiability ln 3, while PD-I reaches D at e^ε = 35/12 < 3).
  Within the range the converse reading is CHECKED (the tight dual certificate forces every
  MI-optimal mechanism to have the posteriors (61), hence level h^{-1}(D)).
Everything else is CHECKED (exact on every instance) or PROVED.

Deliberately broken variants are refuted in ``tests/theorems/test_wang2016.py`` (listed there).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from fractions import Fraction

import sympy

from exactpriv.certify.core import simplest_between
from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.errors import SupportError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.lp import solve_lp
from exactpriv.exact.numbers import EPS, as_rational
from exactpriv.measures.bayesian import eps_X, identifiability
from exactpriv.measures.distortion import (
    eps_tilde_X,
    exp_eps_X,
    exp_h_inverse,
    expected_distortion,
    h,
    h_inverse,
    kkt_check_pdmip,
    optimal_distortion_dp,
    optimal_distortion_identifiability,
    rate_distortion_certificate,
    rate_distortion_dual_bound,
    relaxed_distortion,
    relaxed_dual_certificate,
)
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.information import mi_privacy
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism, prove_zero
from exactpriv.spaces import Hamming

__all__ = ["CLAIMS"]

SEED = "seed 000_ac51e572e2d31a77.txt"
F = Fraction
_OO = sympy.oo
_C, _P, _R_ = Verdict.CHECKED, Verdict.PROVED, Verdict.REFUTED


# ======================================================================================
# small exact helpers
# ======================================================================================
def _all(parts, what: str) -> Decision:
    """All parts TRUE -> TRUE; any FALSE -> the first FALSE; else UNDECIDED."""
    parts = list(parts)
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", precision=d.precision, certificate=d.certificate)
    und = [d for d in parts if d.is_undecided]
    if und:
        return Decision.undecided(und[0].method, f"{what}: " + "; ".join(d.reason for d in und))
    return Decision.true(parts[0].method if parts else "vacuous", f"{what}: " + "; ".join(d.reason for d in parts),
                         certificate={"parts": [d.reason for d in parts]})


def _cmp(a, op, b, what="") -> Decision:
    d = compare(a, op, b)
    if what:
        return Decision(d.truth, d.method, f"{what}: {d.reason}", d.precision, d.certificate)
    return d


def _fact(ok: bool, reason: str, method: str = "exact") -> Decision:
    return Decision.true(method, reason) if ok else Decision.false(method, reason)


def _nm(prior):
    S = prior.space
    return S.n, len(S.alphabets[0])


def _t(inst, key="t") -> Fraction:
    return as_rational(inst.params[key], key)


def _h(n, m, t):
    """h at e^ε = t, with h(oo) = 0 (for e^{ε_X} = oo)."""
    return F(0) if t == _OO else h(None, n, m, exp_eps=t)


def _times(a, b):
    return _OO if _OO in (a, b) else a * b


# cached heavy computations (priors are hashable by value, so replayed instances hit the cache too)
@functools.lru_cache(maxsize=None)
def _Di(prior, t):
    return optimal_distortion_identifiability(prior, t)


@functools.lru_cache(maxsize=None)
def _Dd(prior, t):
    return optimal_distortion_dp(prior, t)


@functools.lru_cache(maxsize=None)
def _Dr(n, m, t, method="joint"):
    return relaxed_distortion(n, m, t, method=method)


@functools.lru_cache(maxsize=None)
def _tilde(prior):
    return eps_tilde_X(prior)


@functools.lru_cache(maxsize=None)
def _tx(prior):
    return exp_eps_X(prior)


def _uncertified(*pairs):
    """None when every LP result is certified, else an UNDECIDED Decision naming the first that is not."""
    for r, what in pairs:
        if r.value is None:
            return Decision.undecided("lp", f"{what}: LP not certified ({r.note})")
    return None


# ======================================================================================
# priors and instance families
# ======================================================================================
def _product(vals, n, marginals):
    return Prior.product(Hamming(vals, n), marginals)


@functools.lru_cache(maxsize=None)
def _priors(kind: str) -> tuple:
    """(label, prior) pairs.  kinds: product, uniform, correlated, correlated-more (slow families), zeros,
    slow (D^3, m = 3)."""
    if kind == "product":
        return (
            ("D^1,m=2 (1/3,2/3)", _product(range(2), 1, [[F(1, 3), F(2, 3)]])),
            ("D^1,m=3 (1/2,1/3,1/6)", _product(range(3), 1, [[F(1, 2), F(1, 3), F(1, 6)]])),
            ("D^2,m=2 (1/3,2/3)x(1/4,3/4)", _product(range(2), 2, [[F(1, 3), F(2, 3)], [F(1, 4), F(3, 4)]])),
            ("D^2,m=3 (1/2,1/3,1/6)^2", _product(range(3), 2, [[F(1, 2), F(1, 3), F(1, 6)]] * 2)),
            ("D^3,m=2 (1/3,2/3)^3", _product(range(2), 3, [[F(1, 3), F(2, 3)]] * 3)),
        )
    if kind == "uniform":
        return tuple((f"D^{n},m={m} uniform", Prior.uniform(Hamming(range(m), n)))
                     for n, m in [(1, 2), (2, 2), (2, 3), (3, 2)])
    if kind in ("correlated", "correlated-more"):
        rng = random.Random(2016)
        out = []
        for n, m, k in [(1, 3, 1), (2, 2, 2), (2, 3, 1), (3, 2, 1), (2, 2, 1), (2, 3, 1), (3, 2, 1)]:
            S = Hamming(range(m), n)
            for j in range(k):
                w = [rng.randint(1, 9) for _ in range(S.size)]
                out.append((f"D^{n},m={m} correlated #{len(out)} (weights {w})", Prior(S, [F(v, sum(w)) for v in w])))
        return tuple(out[:5]) if kind == "correlated" else tuple(out[5:])
    if kind == "zeros":
        S1, S2 = Hamming(range(2), 1), Hamming(range(2), 2)
        rng = random.Random(17)
        out = [("D^1,m=2 (0,1)", Prior(S1, [0, 1])),
               ("D^2,m=2 (0,1/3,1/3,1/3)", Prior(S2, [0, F(1, 3), F(1, 3), F(1, 3)]))]
        S3 = Hamming(range(3), 2)
        for j in range(2):
            w = [rng.choice([0, 0, 1, 2, 5, 9]) for _ in range(S3.size)]
            w[0] = w[0] or 1
            out.append((f"D^2,m=3 with zeros #{j} (weights {w})", Prior(S3, [F(v, sum(w)) for v in w])))
        return tuple(out)
    if kind == "slow":
        S = Hamming(range(3), 3)
        rng = random.Random(3)
        w = [rng.randint(1, 9) for _ in range(S.size)]
        return (("D^3,m=3 (1/2,1/3,1/6)^3", _product(range(3), 3, [[F(1, 2), F(1, 3), F(1, 6)]] * 3)),
                ("D^3,m=3 uniform", Prior.uniform(S)),
                (f"D^3,m=3 correlated (weights {w})", Prior(S, [F(v, sum(w)) for v in w])))
    raise ValueError(kind)


def _full_support_priors(slow=False):
    if slow:
        return _priors("slow")
    return _priors("product") + _priors("uniform") + _priors("correlated")


def _above_tilde(prior) -> list:
    """Rational t >= t̃ = e^{ε̃_X}: t̃ itself when rational, then simple rationals above."""
    e = _tilde(prior)
    if isinstance(e.exp_value, Fraction):
        b = e.exp_value
        return [b, b + F(1, 2), 2 * b] if b > 1 else [F(1), F(3, 2), F(2)]
    hi = e.exp_enclosure[1]
    b = simplest_between(hi, hi + F(1, 4))
    return [b, 2 * b]


def _between_X_tilde(prior) -> list:
    """Rational t with e^{ε_X} <= t < t̃ (where Theorem 1 only gives D*_i >= h)."""
    tx, lo = _tx(prior), _tilde(prior).exp_enclosure[0]
    out = []
    if _tilde(prior).exp_compare(tx) < 0:
        out.append(tx)
    if tx < lo:
        out.append(simplest_between(tx, lo))
    return out


def _below_X(prior) -> list:
    tx = _tx(prior)
    if tx == _OO or tx == 1:
        return []
    return [F(1), simplest_between(F(1), tx)]


def _pt(label, prior, t, **params):
    return Instance(f"{label}, e^eps={t}", prior=prior, params={"t": t, **params})


def _family(name, build, description="", slow=False):
    cached = functools.lru_cache(maxsize=None)(lambda: tuple(build()))
    return Family(name, cached, description, slow)


def _prior_t_family(name, grid, *, kinds=None, slow=False, description=""):
    def build():
        default = ("product", "uniform", "correlated")
        groups = _priors("slow") if slow and kinds is None else sum((_priors(k) for k in (kinds or default)), ())
        for label, p in groups:
            for t in grid(p):
                yield _pt(label, p, t)

    return _family(name, build, description, slow)


FAM_ABOVE = _prior_t_family("prior x e^eps>=t~", _above_tilde,
                            description="product/uniform/correlated priors, t = t~ (when rational) and above")
FAM_ABOVE_SLOW = _prior_t_family("D^3,m=3 prior x e^eps>=t~", _above_tilde, slow=True,
                                 description="729-variable LPs")
FAM_ABOVE_MORE = _prior_t_family("more correlated priors x e^eps>=t~", _above_tilde, kinds=("correlated-more",),
                                 slow=True)
FAM_BETWEEN = _prior_t_family("prior x e^epsX<=e^eps<t~", _between_X_tilde,
                              description="where D*_i > h is possible")
FAM_BELOW_X = _prior_t_family("prior x e^eps<e^epsX", _below_X, description="PD-I infeasible (Lemma 3)")
_GRID = [F(1), F(2), F(5)]
FAM_GRID = _prior_t_family("prior x e^eps in {1,2,5}", lambda p: _GRID)
FAM_GRID_ZEROS = _prior_t_family("priors with zeros x e^eps in {1,2,5}", lambda p: _GRID, kinds=("zeros",))
FAM_GRID_MORE = _prior_t_family("more correlated priors x e^eps in {1,3/2,2,3,5}",
                                lambda p: [F(1), F(3, 2), F(2), F(3), F(5)], kinds=("correlated-more",), slow=True)
FAM_GRID_SLOW = _prior_t_family("D^3,m=3 prior x e^eps in {1,2,5}", lambda p: [F(1), F(2), F(5)], slow=True)
FAM_ABOVE_STRICT = _prior_t_family(
    "prior x e^eps>t~", lambda p: [t for t in _above_tilde(p) if _tilde(p).exp_compare(t) > 0],
    description="strictly above the threshold (p_Y > 0)")


def _boundary_build():
    """Rational thresholds t = t̃ (product priors, where p_Y has zeros), the smallest first."""
    for label, p in _priors("product"):
        e = _tilde(p)
        if isinstance(e.exp_value, Fraction) and e.exp_value > 1:
            yield _pt(label + " [t = t~]", p, e.exp_value)


FAM_BOUNDARY = _family("product prior x e^eps=t~ (boundary)", _boundary_build,
                       "Theorem 2's end point D = h(eps~_X)")


def _random_mechanism(rng, space, outputs=None, *, zeros=True, top=6):
    outputs = list(space.points) if outputs is None else list(outputs)
    rows = []
    for _ in range(space.size):
        w = [rng.randint(0 if zeros else 1, top) for _ in outputs]
        if sum(w) == 0:
            w[rng.randrange(len(w))] = 1
        rows.append([F(v, sum(w)) for v in w])
    return Mechanism(space, outputs, rows, _built=f"<random mechanism on {space!r}>")


def _random_prior(rng, space, *, zeros=True):
    w = [rng.randint(0 if zeros else 1, 9) for _ in range(space.size)]
    if sum(w) == 0:
        w[0] = 1
    return Prior(space, [F(v, sum(w)) for v in w])


_SPACES = [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2), (range(2), 3)]


def _mech_prior_build(seed, per_space, spaces=_SPACES, zeros=True):
    def build():
        rng = random.Random(seed)
        for vals, n in spaces:
            S = Hamming(vals, n)
            for j in range(per_space):
                M = _random_mechanism(rng, S)
                p = _random_prior(rng, S, zeros=zeros)
                yield Instance(f"random mechanism #{j} on D^{n},m={len(vals)} (seed {seed})", mechanism=M, prior=p)
    return build


FAM_MECH = _family("random mechanisms x random priors (zeros allowed)", _mech_prior_build(2016, 8),
                   "D^1..D^3, m <= 3, entries k/s, s <= 36")
FAM_MECH_SMALL = _family("random mechanisms on <= 8 outputs", _mech_prior_build(
    2017, 6, [(range(2), 1), (range(3), 1), (range(2), 2), (range(2), 3)]))


def _zoo_build():
    """E_d, E_i and certified LP optima on a few priors (mechanisms of the paper)."""
    for label, p in _priors("product")[:4] + _priors("correlated")[:2]:
        n, m = _nm(p)
        t = _above_tilde(p)[0]
        vals = list(p.space.alphabets[0])
        yield Instance(f"E_d on {label}, e^eps=2", zoo.wang_E_d(vals, n, exp_eps=2), p, {"t": F(2)})
        if t > 1:
            yield Instance(f"E_i on {label}, e^eps={t}", zoo.wang_E_i(p, exp_eps=t), p, {"t": t})
        yield Instance(f"PD-DP optimum on {label}, e^eps=3", _Dd(p, F(3)).mechanism, p, {"t": F(3)})


FAM_ZOO = _family("E_d, E_i, PD-DP optima", _zoo_build)


# ======================================================================================
# wang2016.model, def1-def4, def_pd, def_epsX
# ======================================================================================
def _brute_distortion(M, prior):
    total = F(0)
    for x, p in zip(M.inputs.points, prior.pmf):
        row = M.rows[M.inputs.index(x)]
        for y, w in zip(M.outputs, row):
            total += p * w * sum(a != b for a, b in zip(x, y))
    return total


def model_check(inst):
    M, p = inst.mechanism, inst.prior
    S = M.inputs
    ed, bf = expected_distortion(M, p), _brute_distortion(M, p)
    d1 = _cmp(ed, "==", bf, "expected_distortion == Σ p(x)p(y|x)d_H(x,y) by direct summation (5)")
    pairs = {frozenset((i, j)) for i, j in S.edges.tolist()}
    brute = {frozenset((i, j)) for i, j in itertools.combinations(range(S.size), 2)
             if sum(a != b for a, b in zip(S.points[i], S.points[j])) == 1}
    d2 = _fact(pairs == brute, f"neighbour pairs of {S!r} == pairs at Hamming distance 1 ({len(brute)})")
    return Outcome(_all([d1, d2], "model"), {"distortion": ed})


def def1_check(inst):
    M = inst.mechanism
    ok_out = tuple(M.outputs) == tuple(M.inputs.points)
    ok_rows = all(sum(r, F(0)) == 1 and all(0 <= v <= 1 for v in r) for r in M.rows)
    return _fact(ok_out and ok_rows, f"outputs == D^n ({ok_out}); rows are exact pmfs ({ok_rows})")


def _brute_identifiability(M, prior):
    S = M.inputs
    best = None
    for j, y in enumerate(M.outputs):
        joint = [p * M.rows[i][j] for i, p in enumerate(prior.pmf)]
        py = sum(joint, F(0))
        if py == 0:
            continue
        for a, b in S.directed_edges().tolist():
            pa, pb = joint[a] / py, joint[b] / py  # posteriors by Bayes' rule
            if pa == 0 and pb == 0:
                continue
            r = _OO if pb == 0 else pa / pb
            if best is None or r == _OO or (best != _OO and r > best):
                best = r
    if best is None:
        return LogForm.rational(0)
    return _OO if best == _OO else LogForm.log(best)


def def2_check(inst):
    m = identifiability(inst.mechanism, prior=inst.prior)
    b = _brute_identifiability(inst.mechanism, inst.prior)
    return Outcome(_cmp(m.value, "==", b, "identifiability == max_{y: p(y)>0, x~x'} ln p(x|y)/p(x'|y) (1)"),
                   {"measure": m, "brute": b})


def def3_check(inst):
    M = inst.mechanism
    m = pure_dp(M)
    best = F(1)
    for a, b in M.inputs.directed_edges().tolist():
        ra, rb = M.rows[a], M.rows[b]
        for k in range(1, len(M.outputs) + 1):
            for S in itertools.combinations(range(len(M.outputs)), k):
                pa, pb = sum((ra[j] for j in S), F(0)), sum((rb[j] for j in S), F(0))
                if pa == 0 and pb == 0:
                    continue
                if pb == 0:
                    best = _OO
                    break
                if best != _OO and pa / pb > best:
                    best = pa / pb
            if best == _OO:
                break
    bv = _OO if best == _OO else LogForm.log(best)
    return Outcome(_cmp(m.value, "==", bv, "pointwise DP level (2) == level over all events S (3)"),
                   {"pure_dp": m, "events": bv})


def _entropy(pmf):
    return sum((-p * LogForm.log(p) for p in pmf if p != 0), LogForm.rational(0))


def def4_check(inst):
    M, p = inst.mechanism, inst.prior
    N = len(M.outputs)
    py = [sum((px * M.rows[i][j] for i, px in enumerate(p.pmf)), F(0)) for j in range(N)]
    direct = LogForm.rational(0)
    for i, px in enumerate(p.pmf):
        for j in range(N):
            pxy = px * M.rows[i][j]
            if pxy != 0:
                direct = direct + pxy * LogForm.log(pxy / (px * py[j]))
    m = mi_privacy(M, prior=p, method="exact")
    return Outcome(_cmp(m.value, "==", direct, "mi_privacy == Σ p(x,y) ln p(x,y)/(p(x)p(y)) (4)"),
                   {"mi": m, "direct": direct})


def def4_remarks_check(inst):
    M, p = inst.mechanism, inst.prior
    S = M.inputs
    HX = _entropy(p.pmf)
    const = Mechanism(S, list(M.outputs), [list(M.rows[0])] * S.size)
    ident = Mechanism(S, list(S.points), [[F(int(x == y)) for y in S.points] for x in S.points])
    parts = [
        _cmp(mi_privacy(const, prior=p, method="exact").value, "==", 0, "I = 0 for Y independent of X"),
        _cmp(mi_privacy(ident, prior=p, method="exact").value, "==", HX, "I = H(X) for Y = X"),
        _cmp(mi_privacy(M, prior=p, method="exact").value, "<=", HX, "I(X;Y) <= H(X) (maximal at Y = X)"),
    ]
    return _all(parts, "remarks after Definition 4")


def _def_pd_check(kind):
    """The certified LP optimum is attained by an ε-private mechanism and no grid mechanism beats it."""

    def check(inst):
        p, t = inst.prior, _t(inst)
        r = (_Dd if kind == "dp" else _Di)(p, t)
        und = _uncertified((r, "LP"))
        if und is not None:
            return und
        if r.value == _OO:
            return Decision.true("farkas", "infeasible: D* = inf of the empty set = +oo")
        M = r.mechanism
        lvl = pure_dp(M).value if kind == "dp" else identifiability(M, prior=p).value
        parts = [_cmp(lvl, "<=", LogForm.log(t), "the optimal mechanism is eps-private"),
                 _cmp(expected_distortion(M, p), "==", r.value, "its distortion equals D*")]
        S = p.space
        if S.size == 2:  # every eps-private mechanism [[1-a, a], [b, 1-b]] with a, b in {k/12} (direct arithmetic)
            grid = [F(k, 12) for k in range(13)]
            p0, p1 = p.pmf
            best = None
            for a, b in itertools.product(grid, repeat=2):
                rows = ((1 - a, a), (b, 1 - b))
                w = (F(1), F(1)) if kind == "dp" else (p0, p1)
                ok = all(w[i] * rows[i][y] <= t * w[1 - i] * rows[1 - i][y] for i in (0, 1) for y in (0, 1))
                if ok:
                    d = p0 * a + p1 * b
                    best = d if best is None or d < best else best
            parts.append(_fact(best is None or best >= r.value,
                               f"every eps-private grid mechanism (entries k/12) has distortion >= D* = {r.value} "
                               f"(min over the grid: {best})"))
        return Outcome(_all(parts, f"D*_{kind} attained"), {"D*": r.value})

    return check


def def_epsX_check(inst):
    p = inst.prior
    S = p.space
    best = F(1)
    for x, y in itertools.permutations(range(S.size), 2):
        if sum(a != b for a, b in zip(S.points[x], S.points[y])) != 1:
            continue
        px, py_ = p.pmf[x], p.pmf[y]
        if py_ == 0:
            if px > 0:
                best = _OO
                break
            continue
        best = max(best, px / py_)
    bv = _OO if best == _OO else LogForm.log(best)
    m = eps_X(p)
    parts = [_cmp(m.value, "==", bv, "eps_X == max over all pairs at distance 1 of ln p(x)/p(x') (18)"),
             _fact((bv != _OO) == p.has_full_support, "eps_X finite iff p_X has full support")]
    return Outcome(_all(parts, "def of eps_X"), {"eps_X": m})


def _priors_family(name, kinds):
    def build():
        for k in kinds:
            for label, p in _priors(k):
                yield Instance(label, prior=p)
    return _family(name, build)


def _random_priors_build(seed, count):
    def build():
        rng = random.Random(seed)
        for vals, n in [(range(2), 2), (range(3), 2), (range(2), 3)]:
            S = Hamming(vals, n)
            for j in range(count):
                yield Instance(f"random prior #{j} on D^{n},m={len(vals)} (seed {seed})",
                               prior=_random_prior(rng, S, zeros=rng.random() < 0.4))
    return build


FAM_PRIORS_ZEROS_FIRST = _priors_family("priors with zeros, then full-support priors",
                                        ("zeros", "product", "uniform", "correlated"))
FAM_PRIORS_FULL = _priors_family("full-support priors", ("product", "uniform", "correlated"))
FAM_PRIORS_RANDOM = _family("random priors (zeros allowed)", _random_priors_build(18, 5))


def _def_pd_build():
    S = Hamming(range(2), 1)
    for pm in [(F(1, 3), F(2, 3)), (F(1, 10), F(9, 10)), (F(1, 2), F(1, 2))]:
        p = Prior(S, list(pm))
        for t in (F(1), F(3, 2), F(2), F(3), F(9)):
            yield _pt(f"D^1,m=2 ({pm[0]},{pm[1]})", p, t)
    for label, p in _priors("product")[1:4] + _priors("correlated")[1:3]:
        for t in (F(2), F(5)):
            yield _pt(label, p, t)


FAM_DEF_PD = _family("D^1,m=2 grids + larger priors", _def_pd_build)


# ======================================================================================
# eps~_X and h
# ======================================================================================
def _solve_feasible(prior, t):
    """Independent path: solve K_t p_Y = p_X with python-flint's exact fmpq_mat (no Kronecker)."""
    import flint

    S = prior.space
    n, m = _nm(prior)
    z = flint.fmpq(t.numerator + (m - 1) * t.denominator, t.denominator) ** n
    tq = flint.fmpq(t.numerator, t.denominator)
    K = flint.fmpq_mat(S.size, S.size, [tq ** (n - S.distance(x, y)) / z for x in S.points for y in S.points])
    b = flint.fmpq_mat(S.size, 1, [flint.fmpq(v.numerator, v.denominator) for v in prior.pmf])
    py = K.solve(b)
    return all(py[i, 0] >= 0 for i in range(S.size))


def def_epstilde_check(inst):
    p = inst.prior
    e = _tilde(p)
    if e.exp_value == _OO:
        return Decision.undecided("exact", "eps~_X = oo: no threshold to compare with (see finite-full-support)")
    lo, hi = e.exp_enclosure
    parts = []
    for t in {hi, hi + F(1, 3), 2 * hi + 1}:
        if t > 1:
            parts.append(_fact(_solve_feasible(p, t), f"feasible at e^eps = {t} >= t~ (linear solve)"))
    if lo > 1:
        for t in {(1 + lo) / 2, lo - (lo - 1) / 64}:
            parts.append(_fact(not _solve_feasible(p, t), f"infeasible at e^eps = {t} < t~ (linear solve)"))
    if isinstance(e.exp_value, Fraction) and e.exp_value > 1:
        parts.append(_fact(_solve_feasible(p, e.exp_value), "feasible at t~ itself (the smallest eps is attained)"))
    return Outcome(_all(parts, f"eps~_X = ln {e.exp_value}"), {"eps_tilde": e})


def epstilde_finite_check(inst):
    e = _tilde(inst.prior)
    if e.exp_value == _OO:
        return Outcome(Decision.false("exact", "eps~_X = +oo: the posterior family (61) is infeasible for every finite "
                                               f"eps ({e.witness.get('negative_at_large_t')})"), {"eps_tilde": e})
    return Decision.true("exact", f"eps~_X = ln {e.exp_value} is finite")


def epstilde_upward_check(inst):
    e = _tilde(inst.prior)
    return _fact(e.upward_closed, f"feasible set of (61) in t: {e.feasible_pieces}", "exact-root-isolation")


def prove_upward_closed() -> Decision:
    """K_{t'}^{-1} K_t >= 0 entrywise for t' >= t >= 1, so p_Y(t') = K_{t'}^{-1}K_t p_Y(t) >= 0.

    In the commutative algebra span{I, J} (J^2 = mJ): ((t'+m-1)I - J)((t-1)I + J) =
    (t'+m-1)(t-1) I + (t'-t) J, and k_t^{-1} = ((t+m-1)I - J)/(t-1), k_t = ((t-1)I + J)/(t+m-1);
    K = k^{⊗n} and a Kronecker power of a nonnegative matrix is nonnegative.  At t = 1 (uniform
    prior, K_1 = J^{⊗n}/m^n) the same product is (t'-1)J, also nonnegative."""
    m, t, s = sympy.symbols("m t s", positive=True)  # s = t'

    def mul(a, b):  # (a0 I + a1 J)(b0 I + b1 J)
        return (sympy.expand(a[0] * b[0]), sympy.expand(a[0] * b[1] + a[1] * b[0] + m * a[1] * b[1]))

    prod = mul((s + m - 1, -1), (t - 1, 1))
    ok = sympy.expand(prod[0] - (s + m - 1) * (t - 1)) == 0 and sympy.expand(prod[1] - (s - t)) == 0
    # inverse check: k_t^{-1} k_t = I
    inv = mul((t + m - 1, -1), (t - 1, 1))
    ok = ok and sympy.expand(inv[0] - (t + m - 1) * (t - 1)) == 0 and sympy.expand(inv[1]) == 0
    if not ok:
        return Decision.false("sympy-algebra", "the I/J product did not simplify as claimed")
    return Decision.true(
        "sympy-algebra",
        "((t'+m-1)I - J)((t-1)I + J) = (t'+m-1)(t-1) I + (t'-t) J (expanded exactly in span{I, J}, J^2 = mJ); "
        "both coefficients are >= 0 for t' >= t >= 1, so K_{t'}^{-1}K_t = [..]^{⊗n}/((t'-1)(t+m-1))^n >= 0 and "
        "feasibility at t implies feasibility at every t' >= t (all n, m, priors)",
        certificate={"product": [str(prod[0]), str(prod[1])], "inverse": [str(inv[0]), str(inv[1])]})


def prove_h() -> Decision:
    """h(0) = n(m-1)/m, h' < 0, h^{-1}(h(ε)) = ε, h(h^{-1}(D)) = D — symbolically (n > 0, m - 1 = k > 0)."""
    n, k, D = sympy.symbols("n k D", positive=True)
    e = EPS
    hh = n / (1 + sympy.exp(e) / k)
    hinv = lambda d: sympy.log(n / d - 1) + sympy.log(k)  # noqa: E731
    steps = {}
    steps["h(0)"] = sympy.simplify(hh.subs(e, 0) - n * k / (k + 1)) == 0
    der = sympy.simplify(sympy.diff(hh, e))
    steps["h' < 0"] = bool(der.is_negative)
    steps["hinv(h(eps)) = eps"] = sympy.simplify(sympy.expand_log(sympy.simplify(hinv(hh)), force=True) - e) == 0
    # D in (0, n): write D = n u/(1+u), u > 0, so n/D - 1 = 1/u > 0
    u = sympy.Symbol("u", positive=True)
    Du = n * u / (1 + u)
    steps["h(hinv(D)) = D"] = sympy.simplify(hh.subs(e, hinv(Du)) - Du) == 0
    # cross-check with the certifier (exact algebra in t = e^eps) on fixed spaces
    from exactpriv.certify import prove_inequality

    for nn, mm in [(1, 2), (2, 3), (3, 3)]:
        hx = h(EPS, nn, mm)
        r1 = prove_inequality(sympy.diff(hx, e), "<", 0)
        r2 = prove_inequality(hx, "<=", sympy.Rational(nn * (mm - 1), mm))
        steps[f"certify D^{nn},m={mm}: h' < 0 and h <= n(m-1)/m on [0, oo)"] = (
            r1.verdict == "PROVED" and r2.verdict == "PROVED")
    ok = all(steps.values())
    return (Decision.true if ok else Decision.false)(
        "sympy-simplify + certify", f"h = n/(1+e^eps/(m-1)): {steps}; h'(eps) = {der}",
        certificate={k_: str(v) for k_, v in steps.items()})


def def_h_check(inst):
    n, m = int(inst.params["n"]), int(inst.params["m"])
    ts = [F(1), F(3, 2), F(2), F(3), F(10)]
    vals = [h(None, n, m, exp_eps=t) for t in ts]
    parts = [_cmp(vals[0], "==", F(n * (m - 1), m), "h(0) = n(m-1)/m"),
             _fact(all(a > b for a, b in zip(vals, vals[1:])), "h strictly decreasing on the grid")]
    for t, v in zip(ts, vals):
        parts.append(_cmp(h_inverse(v, n, m), "==", LogForm.log(t), f"h^-1(h(ln {t})) = ln {t}"))
    return _all(parts, f"h on D^{n}, m={m}")


def _nm_build():
    for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (4, 2)]:
        yield Instance(f"n={n}, m={m}", params={"n": n, "m": m})


FAM_NM = _family("(n, m) grid", _nm_build)


# ======================================================================================
# Theorem 1, gap, uniform, relaxation, Lemmas 1-5
# ======================================================================================
def thm1_equality_check(inst):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    r = _Di(p, t)
    und = _uncertified((r, "PD-I"))
    if und is not None:
        return und
    return Outcome(_cmp(r.value, "==", h(None, n, m, exp_eps=t), f"D*_i = h at e^eps = {t} >= t~"), {"D*_i": r.value})


def thm1_lower_check(inst):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    r = _Di(p, t)
    und = _uncertified((r, "PD-I"))
    if und is not None:
        return und
    hh = h(None, n, m, exp_eps=t)
    if _tx(p) != _OO and t < _tx(p):
        return Outcome(_fact(r.value == _OO, f"eps < eps_X: PD-I infeasible (D*_i = {r.value})", "farkas"),
                       {"D*_i": r.value})
    return Outcome(_cmp(r.value, ">=", hh, f"D*_i >= h at e^eps = {t} >= e^eps_X"), {"D*_i": r.value, "h": hh})


def _dp_bounds(p, t, factor=None):
    """h(ε + ε_X) <= D*_d(ε) <= h(ε); ``factor`` replaces e^{ε_X} (for broken variants)."""
    n, m = _nm(p)
    r = _Dd(p, t)
    und = _uncertified((r, "PD-DP"))
    if und is not None:
        return und
    lo = _h(n, m, _times(t, _tx(p) if factor is None else factor(p)))
    return Outcome(_all([_cmp(lo, "<=", r.value, "h(eps+eps_X) <= D*_d"),
                         _cmp(r.value, "<=", h(None, n, m, exp_eps=t), "D*_d <= h(eps)")], "(21)"),
                   {"D*_d": r.value, "lower": lo})


def thm1_dp_check(inst):
    return _dp_bounds(inst.prior, _t(inst))


def dp_bounds_check(factor):
    """(21) with e^{ε_X} replaced by ``factor(prior)`` — for deliberately broken variants."""
    return lambda inst: _dp_bounds(inst.prior, _t(inst), factor)


def _lower_bound_all_eps(n, m) -> Decision:
    """D*_i(ε) >= h(ε) and D*_d(ε) >= h(ε + ε_X) for *every* ε: PD-I and PD-DP solutions are R-PD
    solutions (structural, see ``relaxation``) and R-PD >= h(ε) by a dual certificate symbolic in t."""
    d = relaxed_dual_certificate(n, m)
    return Decision(d.truth, d.method, "lower bound for all eps: " + d.reason, d.precision, d.certificate)


def _D_instances(prior):
    n, m = _nm(prior)
    return [h(None, n, m, exp_eps=t) for t in _above_tilde(prior)]


def thm1_privacy_form_check(inst):
    """At rational D <= h(ε̃_X): ε*_i(D) = h^{-1}(D) and max(h^{-1}(D) - ε_X, 0) <= ε*_d(D) <= max(h^{-1}(D), 0)."""
    p, D = inst.prior, as_rational(inst.params["D"], "D")
    n, m = _nm(p)
    tD = exp_h_inverse(D, n, m)
    if _tilde(p).exp_compare(tD) < 0:
        return Decision.true("vacuous", f"D = {D} > h(eps~_X): outside (20)'s first line")
    ri, rd = _Di(p, tD), _Dd(p, max(tD, F(1)))
    und = _uncertified((ri, "PD-I"), (rd, "PD-DP"))
    if und is not None:
        return und
    parts = [_lower_bound_all_eps(n, m),
             _cmp(ri.value, "<=", D, f"D*_i(h^-1(D)) <= D, so eps*_i(D) <= h^-1(D) = ln {tD}"),
             _cmp(rd.value, "<=", D, "D*_d(max(h^-1(D),0)) <= D, so eps*_d(D) <= max(h^-1(D), 0)")]
    if ri.value > D:
        t2 = tD + F(1, 1000)
        if _Di(p, t2).value > D:
            return Decision.false("lp+monotonicity", f"D*_i({t2}) = {_Di(p, t2).value} > D = {D}: eps*_i(D) >= ln {t2} "
                                                     f"> h^-1(D) (D*_i is non-increasing)")
    return Outcome(_all(parts, f"(20)-(21) at D = {D}"), {"D*_i(h^-1(D))": ri.value, "D*_d": rd.value})


def _D_family(name, kinds=("product", "uniform", "correlated"), slow=False):
    def build():
        groups = _priors("slow") if slow else sum((_priors(k) for k in kinds), ())
        for label, p in groups:
            for D in _D_instances(p):
                yield Instance(f"{label}, D={D}", prior=p, params={"D": D})
    return _family(name, build, "rational D = h(t) for t >= t~", slow)


FAM_D = _D_family("prior x rational D <= h(eps~_X)")
FAM_D_SLOW = _D_family("D^3,m=3 prior x D <= h(eps~_X)", slow=True)


def gap_check(inst):
    """0 <= ε*_i(D) - ε*_d(D) <= ε_X at rational D <= h(ε̃_X)."""
    p, D = inst.prior, as_rational(inst.params["D"], "D")
    n, m = _nm(p)
    tD = exp_h_inverse(D, n, m)
    ri, rd = _Di(p, tD), _Dd(p, tD)
    und = _uncertified((ri, "PD-I"), (rd, "PD-DP"))
    if und is not None:
        return und
    parts = [_lower_bound_all_eps(n, m),
             _cmp(ri.value, "<=", D, "eps*_i(D) <= h^-1(D) (with the lower bound: eps*_i(D) = h^-1(D))"),
             _cmp(rd.value, "<=", D, "eps*_d(D) <= h^-1(D) = eps*_i(D)")]
    tx = _tx(p)
    if tD / tx >= 1:  # sample of the other side: D*_d at h^-1(D) - eps_X is >= D (not below)
        parts.append(_cmp(_Dd(p, tD / tx).value, ">=", D, f"D*_d(h^-1(D) - eps_X) >= D (e^eps = {tD / tx})"))
    return Outcome(_all(parts, f"gap at D = {D}"), {"eps*_i": h_inverse(D, n, m)})


def uniform_check(inst):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    ri, rd = _Di(p, t), _Dd(p, t)
    und = _uncertified((ri, "PD-I"), (rd, "PD-DP"))
    if und is not None:
        return und
    hh = h(None, n, m, exp_eps=t)
    return _all([_cmp(eps_X(p).value, "==", 0, "eps_X = 0"), _cmp(_tilde(p).value, "==", 0, "eps~_X = 0"),
                 _cmp(ri.value, "==", rd.value, "D*_i == D*_d"), _cmp(rd.value, "==", hh, "== h(eps)")],
                f"uniform prior, e^eps = {t}")


def _rpd_feasible(joint, space, t) -> tuple[bool, str]:
    """Exact check that a joint q(x, y) (dict of nonzeros) satisfies (23)-(27) in joint form at e^ε = t."""
    total = sum(joint.values(), F(0))
    if total != 1:
        return False, f"total mass {total} != 1"
    if any(v < 0 for v in joint.values()):
        return False, "negative entry"
    pts = space.points
    for a, b in space.directed_edges().tolist():
        for y in pts:
            qa, qb = joint.get((pts[a], y), F(0)), joint.get((pts[b], y), F(0))
            if qa > t * qb:
                return False, f"q({pts[a]},{y}) = {qa} > {t}·q({pts[b]},{y}) = {t * qb}"
    return True, "(23)-(27) hold exactly"


def relaxation_pdi_check(inst):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    r = _Di(p, t)
    und = _uncertified((r, "PD-I"))
    if und is not None:
        return und
    if r.value == _OO:
        return Decision.true("vacuous", "PD-I infeasible: nothing to relax")
    ok, why = _rpd_feasible(r.joint, p.space, t)
    return _all([_fact(ok, f"the PD-I optimum is R-PD feasible at the same eps: {why}"),
                 _cmp(_Dr(n, m, t).value, "<=", r.value, "D*_relaxed(eps) <= D*_i(eps)")], "PD-I ⊆ R-PD")


def relaxation_dp_check(inst):
    M, p = inst.mechanism, inst.prior
    n, m = _nm(p)
    lvl = pure_dp(M).value
    tm = sympy.exp(lvl.to_sympy())
    t = F(int(tm.p), int(tm.q))
    tx = _tx(p)
    joint = {(x, y): px * w for x, px, row in zip(p.space.points, p.pmf, M.rows) for y, w in zip(M.outputs, row)
             if px * w != 0}
    ok, why = _rpd_feasible(joint, p.space, t * tx)
    parts = [_fact(ok, f"p_X(x)p(y|x) of an eps-DP mechanism (e^eps = {t}) satisfies (28) with e^(eps+eps_X) = "
                       f"{t * tx}: {why}")]
    rd, rr = _Dd(p, t), _Dr(n, m, t * tx)
    parts.append(_cmp(rr.value, "<=", rd.value, f"D*_relaxed(eps+eps_X) <= D*_d(eps) at e^eps = {t}"))
    return _all(parts, "PD-DP ⊆ R-PD via (28)")


def _dp_mech_build():
    rng = random.Random(28)
    for label, p in _priors("product")[:4] + _priors("correlated")[:3] + _priors("uniform")[1:3]:
        n, m = _nm(p)
        vals = list(p.space.alphabets[0])
        yield Instance(f"E_d(e^eps=2) on {label}", zoo.wang_E_d(vals, n, exp_eps=2), p)
        yield Instance(f"random positive mechanism on {label}", _random_mechanism(rng, p.space, zeros=False, top=4), p)
        yield Instance(f"PD-DP optimum (e^eps=3) on {label}", _Dd(p, F(3)).mechanism, p)


FAM_DP_MECH = _family("eps-DP mechanisms x full-support priors", _dp_mech_build)


def lemma1_check(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), _t(inst)
    hh = h(None, n, m, exp_eps=t)
    parts = [_cmp(_Dr(n, m, t).value, "==", hh, "R-PD (joint LP) optimum == h"),
             _cmp(_Dr(n, m, t, "levels").value, "==", hh, "level-reduced LP == h")]
    return Outcome(_all(parts, f"Lemma 1 at e^eps = {t}"), {"D*_relaxed": _Dr(n, m, t).value})


def _nmt_build(grid=(F(1), F(3, 2), F(2), F(3), F(7))):
    def build():
        for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]:
            for t in grid:
                yield Instance(f"n={n}, m={m}, e^eps={t}", params={"n": n, "m": m, "t": t})
    return build


FAM_NMT = _family("(n, m) x e^eps grid", _nmt_build())


def _posterior_61(space, t, y):
    n, m = space.n, len(space.alphabets[0])
    Z = (t + m - 1) ** n
    return [t ** (n - space.distance(x, y)) / Z for x in space.points]


def prove_lemma1_all_eps() -> Decision:
    """For (n, m) on a grid, every ε: lower bound by the symbolic dual certificate, upper bound by the
    posterior (61) verified symbolically in t (sums to 1, ratio <= t on edges, distortion = h)."""
    t = sympy.Symbol("t", positive=True)
    parts = []
    for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (4, 2)]:
        parts.append(relaxed_dual_certificate(n, m))
        S = Hamming(range(m), n)
        d0 = S.distance_matrix()[:, 0].tolist()
        Z = (1 + (m - 1) / t) ** n
        post = [t ** (-d) / Z for d in d0]
        ok = sympy.cancel(sum(post) - 1) == 0
        ok = ok and sympy.cancel(sum(p_ * d for p_, d in zip(post, d0)) - n * (m - 1) / (t + m - 1)) == 0
        ok = ok and all(abs(d0[a] - d0[b]) <= 1 for a, b in S.edges.tolist())  # ratio t^{d(b)-d(a)} <= t
        parts.append(_fact(ok, f"D^{n}, m={m}: posterior (61) is feasible with distortion h for all t", "sympy-cancel"))
    return _all(parts, "Lemma 1 for all eps on D^n, (n, m) in {(1,2),(1,3),(2,2),(2,3),(3,2),(3,3),(4,2)}")


def _feasible_posteriors_build():
    """Feasible posteriors of R-PD (23)-(25) at e^ε = t: (61) at smaller t' around random centres,
    mixtures, and LP vertices for random objectives (exactly certified)."""
    rng = random.Random(37)
    for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]:
        S = Hamming(range(m), n)
        N = S.size
        for t in (F(3, 2), F(3)):
            cands = []
            for _ in range(3):
                z = rng.randrange(N)
                tp = rng.choice([F(1), t, (1 + t) / 2])
                cands.append(_posterior_61(S, tp, S.points[z]))
            a = F(rng.randint(1, 9), 10)
            cands.append([a * u + (1 - a) * v for u, v in zip(cands[0], cands[1])])
            A_ub = [{i: 1, j: -t} for i, j in S.directed_edges().tolist()]
            for _ in range(2):
                c = [rng.randint(-5, 5) for _ in range(N)]
                res = solve_lp(c, A_ub=A_ub, b_ub=[0] * len(A_ub), A_eq=[{k: 1 for k in range(N)}], b_eq=[1])
                if res.status == "optimal":
                    cands.append(res.x)
            for k, post in enumerate(cands):
                yield Instance(f"n={n}, m={m}, e^eps={t}, posterior #{k}",
                               params={"n": n, "m": m, "t": t, "posterior": tuple(post)})


FAM_POSTERIORS = _family("feasible posteriors of R-PD", _feasible_posteriors_build)


def _posterior_ok(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), _t(inst)
    post = [as_rational(v, "posterior") for v in inst.params["posterior"]]
    S = Hamming(range(m), n)
    if sum(post, F(0)) != 1 or any(v < 0 for v in post):
        return False
    return all(post[a] <= t * post[b] for a, b in S.directed_edges().tolist())


def _levels(inst, y):
    n, m = int(inst.params["n"]), int(inst.params["m"])
    S = Hamming(range(m), n)
    post = [as_rational(v, "posterior") for v in inst.params["posterior"]]
    P = [F(0)] * (n + 1)
    for x, v in zip(S.points, post):
        P[S.distance(x, y)] += v
    Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
    return S, P, Nl


def claim_lb_check(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), _t(inst)
    hh = h(None, n, m, exp_eps=t)
    S = Hamming(range(m), n)
    parts = []
    for y in S.points:
        _, P, _ = _levels(inst, y)
        parts.append(_cmp(sum((l * P[l] for l in range(n + 1)), F(0)), ">=", hh, f"(37) at y = {y}"))
    return _all(parts, f"(37): Σ_x p(x|y)d(x,y) >= h = {hh}")


def step44_check(inst):
    t = _t(inst)
    S = Hamming(range(int(inst.params["m"])), int(inst.params["n"]))
    parts = []
    for y in S.points:
        _, P, Nl = _levels(inst, y)
        for l in range(1, len(P)):
            if P[l - 1] / Nl[l - 1] > t * P[l] / Nl[l]:
                return Decision.false("rational", f"(44) fails at y = {y}, l = {l}: P_(l-1)/N_(l-1) = "
                                                  f"{P[l - 1] / Nl[l - 1]} > e^eps P_l/N_l = {t * P[l] / Nl[l]}")
        parts.append(y)
    return Decision.true("rational", f"(44) holds at every y ({len(parts)}) and level")


def step48_check(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), _t(inst)
    S = Hamming(range(m), n)
    bound = F((m - 1) ** n) / (t + m - 1) ** n  # N_n e^{-n eps}/(1+(m-1)e^{-eps})^n
    for y in S.points:
        _, P, _ = _levels(inst, y)
        if P[n] < bound:
            return Decision.false("rational", f"(48) fails at y = {y}: P_n = {P[n]} < {bound}")
    return Decision.true("rational", f"(48): P_n >= {bound} at every y")


def _eq57_check(shift):
    """(57)'s middle term with exponent -(n-l)ε (``shift``=True, as printed) or -lε (as the proof needs)."""

    def check(inst):
        n, m, t = int(inst.params["n"]), int(inst.params["m"]), _t(inst)
        Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
        Z = ((t + m - 1) / t) ** n
        mid = sum((l * Nl[l] * (t ** -(n - l) if shift else t ** -l) for l in range(n + 1)), F(0)) / Z
        return Outcome(_cmp(mid, "==", h(None, n, m, exp_eps=t), f"(57) middle term {mid} == h(eps)"), {"middle": mid})

    return check


def _binomial_branch(S, a, n):
    """(closed form, ok): sympy evaluates a finite binomial sum as Piecewise((closed form, condition), ...);
    ok says the condition holds for every a in [0, 1/2) and every integer n >= 1, checked by
    substituting a = c/(2(1+c)) with a symbol c >= 0 (sympy then decides |a| <= 1 and a != -1) and
    requiring the result to be exactly ``true`` or a tautology in n."""
    if not isinstance(S, sympy.Piecewise):
        return S, True
    expr, cond = S.args[0]
    c = sympy.Symbol("c", nonnegative=True)
    sub = cond.subs(a, c / (2 * (1 + c)))
    return expr, sub is sympy.true or _tautology_in_n(sub, n)


def _tautology_in_n(cond, n) -> bool:
    """A condition built from atoms comparing n with integers (n >= 1 an integer) is a tautology iff it
    holds at n = 1, ..., K + 2 with K the largest constant (beyond it every atom is constant)."""
    if cond is sympy.false or not isinstance(cond, sympy.logic.boolalg.Boolean):
        return False
    atoms = list(cond.atoms(sympy.core.relational.Relational))
    if any(r.free_symbols - {n} for r in atoms):
        return False
    ks = [int(sympy.floor(v)) for r in atoms for v in (r.lhs, r.rhs) if v.is_number]
    return all(cond.subs(n, k) is sympy.true for k in range(1, max(ks + [1]) + 3))


@functools.lru_cache(maxsize=None)
def prove_binomial_sums() -> Decision:
    """(71)-(72): Σ_l C(n,l)(m-1)^l e^{-lε} = (1+(m-1)e^{-ε})^n and (75)-(78):
    Σ_l l C(n,l)(m-1)^l e^{-lε} / (1+(m-1)e^{-ε})^n = n/(1+e^ε/(m-1)) = h(ε), for symbolic n, m.

    sympy evaluates Σ_l C(n,l) a^l and Σ_l l C(n,l) a^l in closed form on |a| <= 1; for each n both
    sides are polynomials in a of degree <= n that agree on an interval, hence everywhere, in
    particular at a = (m-1)e^{-ε} (which may exceed 1)."""
    n = sympy.Symbol("n", integer=True, positive=True)
    l = sympy.Symbol("l", integer=True, nonnegative=True)
    a = sympy.Symbol("a", real=True)
    S0 = sympy.Sum(sympy.binomial(n, l) * a ** l, (l, 0, n)).doit()
    S1 = sympy.Sum(l * sympy.binomial(n, l) * a ** l, (l, 0, n)).doit()
    e0, r0 = _binomial_branch(S0, a, n)
    e1, r1 = _binomial_branch(S1, a, n)
    ok0 = sympy.simplify(e0 - (1 + a) ** n) == 0
    ok1 = sympy.simplify(sympy.combsimp(e1) - n * a * (1 + a) ** (n - 1)) == 0
    ok_region = r0 and r1
    k = sympy.Symbol("k", positive=True)  # m - 1
    A = k * sympy.exp(-EPS)
    final = sympy.simplify(n * A * (1 + A) ** (n - 1) / (1 + A) ** n - n / (1 + sympy.exp(EPS) / k))
    ok = ok0 and ok1 and ok_region and final == 0
    return (Decision.true if ok else Decision.false)(
        "sympy-summation",
        f"Σ C(n,l)a^l = {e0} and Σ l C(n,l)a^l = {sympy.combsimp(e1)} for a in [0, 1/2] and every n >= 1 (polynomial "
        f"identity in a, so for all a); with a = (m-1)e^(-eps): (77) = h(eps) (difference simplifies to {final})",
        certificate={"sum0": str(S0), "sum1": str(S1), "final_difference": str(final)})


def claim_ub_check(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), _t(inst)
    S = Hamming(range(m), n)
    py = [as_rational(v, "p_Y") for v in inst.params["p_Y"]]
    parts = [_fact(sum(py, F(0)) == 1 and all(v >= 0 for v in py), "p_Y is a pmf (26)-(27)")]
    total = F(0)
    for y, w in zip(S.points, py):
        post = _posterior_61(S, t, y)
        ok = sum(post, F(0)) == 1 and all(post[a] <= t * post[b] for a, b in S.directed_edges().tolist())
        if not ok:
            parts.append(_fact(False, f"posterior (61) at y = {y} violates (23)-(25)"))
        total += w * sum((v * S.distance(x, y) for x, v in zip(S.points, post)), F(0))
    parts.append(_cmp(total, "==", h(None, n, m, exp_eps=t), "(63): distortion == h(eps)"))
    return Outcome(_all(parts, "Claim (61)-(63)"), {"distortion": total})


def _claim_ub_build():
    rng = random.Random(63)
    for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]:
        N = m ** n
        for t in (F(1), F(2), F(7, 3)):
            w = [rng.choice([0, 1, 2, 5]) for _ in range(N)]
            w[0] = w[0] or 1
            yield Instance(f"n={n}, m={m}, e^eps={t}, p_Y weights {w}",
                           params={"n": n, "m": m, "t": t, "p_Y": tuple(F(v, sum(w)) for v in w)})


FAM_CLAIM_UB = _family("(n, m, e^eps, random p_Y with zeros)", _claim_ub_build)


def lemma2_i_check(inst):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    r = _Di(p, t)
    und = _uncertified((r, "PD-I"))
    return und if und is not None else Outcome(_cmp(r.value, ">=", h(None, n, m, exp_eps=t), "D*_i(eps) >= h(eps)"),
                                               {"D*_i": r.value})


def lemma2_d_check(inst):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    r = _Dd(p, t)
    lo = _h(n, m, _times(t, _tx(p)))
    und = _uncertified((r, "PD-DP"))
    return und if und is not None else Outcome(_cmp(r.value, ">=", lo, "D*_d(eps) >= h(eps + eps_X)"),
                                               {"D*_d": r.value, "bound": lo})


def lemma3_lp_check(inst):
    p, t = inst.prior, _t(inst)
    r = _Di(p, t)
    und = _uncertified((r, "PD-I"))
    return und if und is not None else Outcome(
        _fact(r.value == _OO and r.lp.certificate.get("method") == "farkas",
              f"e^eps = {t} < e^eps_X = {_tx(p)}: PD-I infeasible with a Farkas certificate (D*_i = {r.value})"),
        {"D*_i": r.value})


def lemma3_any_output_check(inst):
    M, p = inst.mechanism, inst.prior
    return Outcome(_cmp(identifiability(M, prior=p).value, ">=", eps_X(p).value, "identifiability >= eps_X"),
                   {"identifiability": identifiability(M, prior=p)})


def _any_output_build():
    rng = random.Random(84)
    for vals, n in [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2), (range(2), 3)]:
        S = Hamming(vals, n)
        for j in range(5):
            k = rng.randint(1, 4)
            outs = [f"o{i}" for i in range(k)]
            M = _random_mechanism(rng, S, outs)
            yield Instance(f"random mechanism #{j} with {k} outputs on D^{n},m={len(vals)}", M,
                           _random_prior(rng, S, zeros=rng.random() < 0.3))


FAM_ANY_OUTPUT = _family("random mechanisms with 1-4 arbitrary outputs", _any_output_build)


def lemma4_check(inst, *, level=lambda t: LogForm.log(t)):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    try:
        E = zoo.wang_E_i(p, exp_eps=t)
    except SupportError as exc:
        return Decision.false("exact", f"E_i is not a mechanism at e^eps = {t}: {exc}")
    return Outcome(_all([_cmp(identifiability(E, prior=p).value, "<=", level(t), "E_i is eps-identifiable"),
                         _cmp(expected_distortion(E, p), "==", h(None, n, m, exp_eps=t), "E[d] = h(eps)")],
                        f"Lemma 4 at e^eps = {t}"), {"identifiability": identifiability(E, prior=p)})


def lemma5_check(inst, *, distortion=lambda n, m, t: h(None, n, m, exp_eps=t)):
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    E = zoo.wang_E_d(list(p.space.alphabets[0]), n, exp_eps=t)
    return _all([_cmp(pure_dp(E).value, "<=", LogForm.log(t), "E_d is eps-DP"),
                 _cmp(expected_distortion(E, p), "==", distortion(n, m, t), "E[d] = h(eps)")],
                f"Lemma 5 at e^eps = {t}")


def prove_lemma5() -> Decision:
    """E_d(ε) symbolic in ε: every row has distortion h(ε) (so E[d] = h(ε) under every prior) and its
    pure-DP level is exactly ε, on (n, m) in {(1,2),(1,3),(2,2)}."""
    parts = []
    for n, m in [(1, 2), (1, 3), (2, 2)]:
        E = zoo.wang_E_d(list(range(m)), n, eps=EPS)
        S = E.inputs
        rows_ok = all(sympy.cancel(expected_distortion(E, Prior.point_mass(S, x)) - h(EPS, n, m)) == 0
                      for x in S.points)
        parts.append(_fact(rows_ok, f"D^{n}, m={m}: every row of E_d has distortion h(eps)", "sympy-cancel"))
        parts.append(_fact(prove_zero(pure_dp(E).value - EPS), f"D^{n}, m={m}: pure DP of E_d is exactly eps",
                           "sympy-cancel"))
    return _all(parts, "Lemma 5 for all eps")


# ======================================================================================
# PD-MIP, Theorem 2, KKT, consistency, informal
# ======================================================================================
def convexity_check(inst):
    p = inst.prior
    W1, W2 = inst.mechanism, inst.extra["W2"]
    lam = as_rational(inst.params["lam"], "lam")
    mix = Mechanism(p.space, list(W1.outputs), [[lam * a + (1 - lam) * b for a, b in zip(r1, r2)]
                                                 for r1, r2 in zip(W1.rows, W2.rows)])
    I = lambda W: mi_privacy(W, prior=p, method="exact").value  # noqa: E731
    return _cmp(I(mix), "<=", lam * I(W1) + (1 - lam) * I(W2), f"I(lam W1 + (1-lam) W2) <= lam I(W1) + (1-lam) "
                                                               f"I(W2), lam = {lam}")


def _convexity_build():
    rng = random.Random(31)
    for vals, n in [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2)]:
        S = Hamming(vals, n)
        for j in range(4):
            yield Instance(f"segment #{j} on D^{n},m={len(vals)}", _random_mechanism(rng, S),
                           _random_prior(rng, S, zeros=True), {"lam": F(rng.randint(1, 9), 10)},
                           {"W2": _random_mechanism(rng, S)})


FAM_CONVEX = _family("random segments of mechanisms", _convexity_build)


def rd_bound_check(inst):
    M, p, t = inst.mechanism, inst.prior, _t(inst)
    n, m = _nm(p)
    Z = ((t + m - 1) / t) ** n
    bound, feas, _ = rate_distortion_dual_bound(p, expected_distortion(M, p), exp_s=t, lam=[1 / (q * Z) for q in p.pmf])
    return _all([feas, _cmp(mi_privacy(M, prior=p, method="exact").value, ">=", bound,
                            "I(W) >= -eps E_W[d] + Σ p ln lambda (Csiszar)")], "weak duality")


def _rd_bound_build():
    rng = random.Random(44)
    for label, p in _priors("product")[:4] + _priors("correlated")[:4]:
        for j in range(2):
            t = F(rng.randint(2, 6))
            M = _random_mechanism(rng, p.space)
            if j == 1 and _tilde(p).feasible_at(t):
                E = zoo.wang_E_i(p, exp_eps=t)
                a = F(rng.randint(5, 9), 10)
                M = Mechanism(p.space, list(p.space.points), [[a * u + (1 - a) * v for u, v in zip(r1, r2)]
                                                              for r1, r2 in zip(E.rows, M.rows)])
            yield Instance(f"mechanism #{j} on {label}, e^s={t}", M, p, {"t": t})


FAM_RD = _family("random mechanisms (and mixtures with E_i) x priors", _rd_bound_build)


def thm2_check(inst):
    r = rate_distortion_certificate(inst.prior, _t(inst))
    return Outcome(r.decision, {"R(D)": r.value, "D": r.D})


def _kkt_check(convention, *, lam_factor=1):
    def check(inst):
        p, t = inst.prior, _t(inst)
        k = kkt_check_pdmip(p, t, convention=convention)
        if lam_factor != 1:  # broken variant: lambda = lam_factor * eps
            n, m = _nm(p)
            Z = ((t + m - 1) / t) ** n
            E = k.mechanism
            S = p.space
            N = S.size
            py = [sum((p.pmf[x] * E.rows[x][y] for x in range(N)), F(0)) for y in range(N)]
            for x in range(N):
                for y in range(N):
                    if py[y] == 0:
                        continue
                    s = (p.pmf[x] * LogForm.log(E.rows[x][y] / py[y]) + p.pmf[x] * S.distance(S.points[x], S.points[y])
                         * lam_factor * LogForm.log(t) + p.pmf[x] * LogForm.log(p.pmf[x] * Z))
                    if not s.is_zero:
                        return Decision.false("logform-exact", f"(94) with lambda = {lam_factor} eps fails at "
                                                               f"{(S.points[x], S.points[y])}")
        return Outcome(k.decision, {"undefined": len(k.undefined), "violations": len(k.stationarity_violations)})

    return check


def prove_kkt_interior() -> Decision:
    """Where p_Y(y) > 0, E_i gives p(y|x)/p_Y(y) = e^{-εd}/(p_X(x)Z) by (29), Z = (1+(m-1)e^{-ε})^n, and
    p ln(e^{-εd}/(pZ)) + ε p d + p ln(pZ) = 0 identically (positive symbols, expand_log)."""
    p, Z, d = sympy.symbols("p Z d", positive=True)
    e = EPS
    s = p * sympy.log(sympy.exp(-e * d) / (p * Z)) + e * p * d + p * sympy.log(p * Z)
    val = sympy.simplify(sympy.expand_log(s, force=True))
    return _fact(val == 0, f"stationarity (94) at E_i simplifies to {val}", "sympy-expand_log")


def consistency_check(inst):
    """Every MI-optimal mechanism at D = h(ε), ε >= ε̃_X, is identifiability-optimal."""
    p, t = inst.prior, _t(inst)
    n, m = _nm(p)
    rd = rate_distortion_certificate(p, t)
    E = rd.mechanism
    parts = [Decision(rd.decision.truth, rd.decision.method,
                      "Csiszar certificate tight at E_i (c(y) = 1 for all y): by D(p_X W || mu) = 0 every MI-optimal W "
                      "has p(x|y) = p(x)lambda(x)e^(-eps d) = e^(-eps d)/Z on supp p_Y: " + rd.decision.reason),
             _cmp(identifiability(E, prior=p).value, "==", LogForm.log(t),
                  "those posteriors (= E_i's) have identifiability exactly eps = h^-1(D)"),
             _cmp(_Di(p, t).value, "==", rd.D, "D*_i(eps) = D"),
             _lower_bound_all_eps(n, m),
             _fact(t > 1, "K_t invertible (t > 1): p_Y = K_t^-1 p_X, so the MI-optimal mechanism is unique (= E_i)")]
    return _all(parts, f"consistency at D = {rd.D}")


def _tilted(space, prior, t, q):
    """W(y|x) = q(y)e^{-s d(x,y)}/Σ_y' q(y')e^{-s d(x,y')} (the rate–distortion optimal form)."""
    pts = space.points
    rows = []
    for x in pts:
        w = [qy / t ** space.distance(x, y) for y, qy in zip(pts, q)]
        s = sum(w, F(0))
        rows.append([v / s for v in w])
    return Mechanism(space, list(pts), rows, _built=f"<tilted mechanism, e^s={t}, q={[str(v) for v in q]}>")


def consistency_all_D_check(inst):
    """FALSE when the instance's mechanism is certified MI-optimal at its distortion D but PD-I
    reaches D at e^ε = t' < e^{identifiability}."""
    W, p, t, tp = inst.mechanism, inst.prior, _t(inst), _t(inst, "t_prime")
    n, m = _nm(p)
    S = p.space
    D = expected_distortion(W, p)
    N = S.size
    q = [sum((p.pmf[x] * W.rows[x][y] for x in range(N)), F(0)) for y in range(N)]
    den = [sum((q[y] / t ** S.distance(S.points[x], S.points[y]) for y in range(N)), F(0)) for x in range(N)]
    bound, feas, c = rate_distortion_dual_bound(p, D, exp_s=t, lam=[1 / v for v in den])
    I = mi_privacy(W, prior=p, method="exact").value
    optimal = _all([feas, _cmp(I, "==", bound, "I(W) equals Csiszar's bound: W is MI-optimal at D")],
                   "MI-optimality")
    if not optimal.is_true:
        return Decision.undecided("exact", f"the mechanism is not certified MI-optimal: {optimal.reason}")
    if _tilde(p).exp_compare(exp_h_inverse(D, n, m)) >= 0:  # D <= h(eps~_X): the literal range
        return consistency_check(Instance(inst.label, prior=p, params={"t": exp_h_inverse(D, n, m)}))
    ident = identifiability(W, prior=p).value
    r = _Di(p, tp)
    reach = _cmp(r.value, "<=", D, f"D*_i({tp}) <= D = {D}, so eps*_i(D) <= ln {tp}")
    below = _cmp(LogForm.log(tp), "<", ident, f"ln {tp} < identifiability(W) = {ident}")
    if reach.is_true and below.is_true:
        return Outcome(Decision.false(
            "lp+logform", f"W is MI-optimal at D = {D} (R(D) = {I}, Csiszar certificate, max c(y) = {max(c)}), but its "
                          f"identifiability {ident} exceeds eps*_i(D) <= ln {tp} (D*_i({tp}) = {r.value} <= D)"),
            {"D": D, "R(D)": I, "identifiability": ident, "D*_i(t')": r.value})
    return Decision.undecided("exact", f"no refutation at t' = {tp}: {reach.reason}; {below.reason}")


def _consistency_all_D_build():
    """MI-optimal mechanisms outside Theorem 2's range, built backwards: pick e^s = t and an output pmf q
    with one zero; the tilted W is rate–distortion optimal for every prior p with c(y) = 1 on supp q and
    c <= 1 off it, which is linear in g(x) = p(x)/Σ_y q(y)e^{-sd(x,y)}.  The first instance (the smallest
    denominators found by a search over q, g with denominators <= 8) refutes; t' is the least e^ε with
    D*_i <= D, found by exact LP bisection: 35/12."""
    S = Hamming(range(2), 2)
    cases = [((F(5, 16), F(1, 4), F(5, 16), F(1, 8)), F(2), (F(1, 2), F(1, 6), F(1, 3), F(0)), F(35, 12)),
             ((F(1, 4), F(3, 10), F(3, 10), F(3, 20)), F(2), (F(1, 5), F(2, 5), F(2, 5), F(0)), F(29, 10))]
    for pm, t, q, tp in cases:
        p = Prior(S, list(pm))
        W = _tilted(S, p, t, q)
        yield Instance(f"D^2,m=2 prior {[str(v) for v in pm]}, MI-optimal tilted W (e^s={t}, q="
                       f"{[str(v) for v in q]}), t'={tp}", W, p, {"t": t, "t_prime": tp})


FAM_CONS_ALL_D = _family("MI-optimal mechanisms with D > h(eps~_X)", _consistency_all_D_build)


def informal_check(inst):
    M, p = inst.mechanism, inst.prior
    parts = [_cmp(identifiability(M, prior=p).value, "<=", _add(pure_dp(M).value, eps_X(p).value),
                  "identifiability <= DP level + eps_X")]
    if "t" in inst.params and p.has_full_support:
        t = _t(inst)
        n, m = _nm(p)
        E = zoo.wang_E_d(list(p.space.alphabets[0]), n, exp_eps=t)
        parts.append(_cmp(identifiability(E, prior=p).value, "==", LogForm.log(t) + eps_X(p).value,
                          "E_d (eps-DP) has identifiability exactly eps + eps_X"))
    return _all(parts, "DP is a relative guarantee")


def _add(a, b):
    return _OO if _OO in (a, b) else a + b


def _informal_build():
    rng = random.Random(99)
    for label, p in _priors("product")[:4] + _priors("correlated")[:3] + _priors("zeros")[:2]:
        yield Instance(f"random mechanism on {label}", _random_mechanism(rng, p.space), p, {"t": F(rng.randint(2, 5))})


FAM_INFORMAL = _family("random mechanisms x priors", _informal_build)


# ======================================================================================
# the claims
# ======================================================================================
def _R(name, statement, check=None, families=(), *, expected, prove=None, notes="", hypothesis=None):
    return Reading(name, statement, check, tuple(families), prove, hypothesis, expected, notes)


def _ge_tilde(inst):
    return _tilde(inst.prior).exp_compare(_t(inst)) >= 0


CLAIMS = [
    Claim(
        "wang2016.model", "Model: databases in D^n, neighbours, Hamming distortion (5)",
        f"{SEED}, §2, §2.2, eq. (5)",
        "Suppose |D| = m and let N = m^n ... Then |D^n| = N. Two databases x, x' in D^n are said to be neighbors "
        "... if they differ on exactly [one] row. ... We define the distortion between X and Y to be the expected "
        "Hamming distance E[d(X,Y)] = Σ_{x∈D^n} Σ_{y∈D^n} p_X(x) p_{Y|X}(y|x) d(x,y). (5) ... Two elements "
        "x, x' ∈ D^n are neighbors if and only if d(x, x') = 1.",
        "definition",
        [_R("literal", "expected_distortion equals (5) summed directly over the joint, and the neighbour pairs of "
                       "Hamming(D, n) are exactly the pairs at Hamming distance 1",
            model_check, [FAM_MECH], expected=_C)],
    ),
    Claim(
        "wang2016.def1", "Definition 1 (Mechanism), restricted to R = D^n",
        f"{SEED}, §2, Definition 1",
        "A mechanism M is specified by an associated mapping φ_M : D^n → F, where F is the set of multivariate cdf's "
        "on some R ⊆ R^r. ... In this paper, we focus on mechanisms M of which the range is the same as the alphabet "
        "of X, i.e., R = D^n. Then the output Y is also a discrete random variable with alphabet D^n.",
        "definition",
        [_R("discrete-range", "the paper's mechanisms (E_d, E_i, certified PD-DP optima) are exact conditional pmfs "
                              "p(y|x) with output alphabet D^n",
            def1_check, [FAM_ZOO], expected=_C,
            notes="Continuous ranges (cdfs on R^r) are outside exactpriv's finite setting; the paper itself only "
                  "uses R = D^n.")],
    ),
    Claim(
        "wang2016.def2", "Definition 2 (ε-identifiability)",
        f"{SEED}, §2.1, Definition 2, eq. (1)",
        "A mechanism M satisfies ε-identifiability for some ε ∈ R+ if for any pair of neighboring elements "
        "x, x' ∈ D^n and any y ∈ D^n, p_{X|Y}(x | y) <= e^ε p_{X|Y}(x' | y). (1)",
        "definition",
        [_R("literal", "identifiability(M, prior) == max over y with p_Y(y) > 0 and neighbours x ~ x' of "
                       "ln p(x|y)/p(x'|y), posteriors by Bayes' rule (0/0 ignored, a/0 = oo)",
            def2_check, [FAM_MECH], expected=_C,
            notes="For p_Y(y) = 0 the posterior p(.|y) is undefined; such y impose no constraint (in PD-I the "
                  "posteriors of such y are free variables and can always be chosen feasible).")],
    ),
    Claim(
        "wang2016.def3", "Definition 3 (ε-DP) and the equivalence (2) ⟺ (3)",
        f"{SEED}, §2.1, Definition 3, eqs. (2), (3)",
        "A mechanism M satisfies ε-differential privacy ... if for any pair of neighboring elements x, x' ∈ D^n and "
        "any y ∈ D^n, p_{Y|X}(y | x) <= e^ε p_{Y|X}(y | x'). (2) ... [In [8,10]:] for any S ⊆ R, Pr{Y ∈ S | X = x} "
        "<= e^ε Pr{Y ∈ S | X = x'}, (3) ... In the case that the range R = D^n, which is a discrete set, this is "
        "equivalent to the requirement (2).",
        "equivalence",
        [_R("literal", "pure_dp (pointwise ratios (2)) equals the level over all non-empty output events S (3)",
            def3_check, [FAM_MECH_SMALL], expected=_C)],
    ),
    Claim(
        "wang2016.def4", "Definition 4 (ε-mutual-information privacy) and its remarks",
        f"{SEED}, §2.1, Definition 4, eq. (4)",
        "A mechanism M satisfies ε-mutual-information privacy for some ε ∈ R+ if the mutual information between X "
        "and Y satisfies I(X;Y) <= ε, where I(X;Y) = Σ_{x,y} p_{X,Y}(x,y) log p_{X,Y}(x,y)/(p_X(x)p_Y(y)). (4) ... "
        "When X and Y are independent, I(X;Y) = 0. The mutual information is maximized and equal to H(X) when Y = X.",
        "definition",
        [_R("literal", "mi_privacy == the sum (4) built term by term as an exact log-form", def4_check, [FAM_MECH],
            expected=_C),
         _R("remarks", "I = 0 for a mechanism with identical rows; I = H(X) for Y = X; I(X;Y) <= H(X) for every "
                       "mechanism", def4_remarks_check, [FAM_MECH], expected=_C)],
    ),
    Claim(
        "wang2016.def_pd", "Privacy–distortion and distortion–privacy functions (6), (7)",
        f"{SEED}, §2.3, eqs. (6), (7); §3, PD-I (8)-(13), PD-DP (14)-(17)",
        "A privacy–distortion pair (ε, D) is said to be achievable if there exists a mechanism M with output Y such "
        "that M satisfies ε-privacy level and E[d(X,Y)] <= D. ... ε*(D) = inf{ε : (ε, D) is achievable}, (6) ... "
        "D*(ε) = inf{D : (ε, D) is achievable}, (7) which is the smallest achievable distortion given privacy level ε.",
        "definition",
        [_R("pd-dp", "the certified PD-DP optimum D*_d(ε) is attained by an ε-DP mechanism with exactly that "
                     "distortion, and no ε-DP mechanism of a grid (entries k/12, D^1) does better",
            _def_pd_check("dp"), [FAM_DEF_PD], expected=_C),
         _R("pd-i", "the certified PD-I optimum D*_i(ε) is attained by an ε-identifiable mechanism (or is +oo when "
                    "no mechanism is ε-identifiable), and no ε-identifiable grid mechanism does better",
            _def_pd_check("i"), [FAM_DEF_PD], expected=_C,
            notes="PD-I is linearised in the joint q(x,y) = p_X(x)p(y|x); see optimal_distortion_identifiability.")],
    ),
    Claim(
        "wang2016.def_epsX", "Definition of ε_X (18)",
        f"{SEED}, §3, eq. (18)",
        "ε_X = max_{x,x'∈D^n: x∼x'} ln p_X(x)/p_X(x'), (18) which is the maximum prior probability difference between "
        "two neighboring databases. For ε_X to be finite, the distribution p_X needs to have full support on D^n.",
        "definition",
        [_R("literal", "eps_X == max over all pairs at Hamming distance 1 of ln p(x)/p(x') (brute force), and it is "
                       "finite iff p_X has full support",
            def_epsX_check, [FAM_PRIORS_RANDOM, FAM_PRIORS_ZEROS_FIRST], expected=_C)],
    ),
    Claim(
        "wang2016.def_epstilde", "Definition of ε̃_X, its finiteness, and (implicitly) upward closedness",
        f"{SEED}, §3, after (18); used in Lemma 4",
        "We say {p_{X|Y}(x|y)} is feasible if there exists a pmf p_Y such that it is the marginal pmf of Y. Let ε̃_X "
        "be the smallest ε such that the following posterior probabilities are feasible: p_{X|Y}(x|y) = "
        "e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n. For any p_X, ε̃_X is finite since when ε → +∞, the pmf p_Y = p_X is the "
        "marginal pmf of Y.",
        "definition",
        [_R("definition", "eps_tilde_X (exact root isolation) agrees with independent exact linear solves of "
                          "K_t p_Y = p_X: feasible at rationals above its enclosure (and at t~ when rational), "
                          "infeasible below",
            def_epstilde_check, [FAM_PRIORS_FULL], expected=_C),
         _R("finite-any-prior", "for every prior p_X, eps~_X < oo", epstilde_finite_check,
            [FAM_PRIORS_ZEROS_FIRST], expected=_R_,
            notes="REFUTED by p_X = (0, 1) on D^1: p_X(0) = Σ_y p(0|y)p_Y(y) > 0 for every pmf p_Y and finite ε, "
                  "so the family is never feasible; the argument 'as ε → oo, p_Y = p_X' only covers ε = oo. "
                  "Theorem 1 assumes full support (ε_X < oo), where ε̃_X is finite."),
         _R("finite-full-support", "for every full-support prior, eps~_X < oo", epstilde_finite_check,
            [FAM_PRIORS_FULL], expected=_C,
            notes="P_y(t) has leading coefficient p_X(y) > 0, so p_Y > 0 for large t."),
         _R("upward-closed", "the posterior family (61) is feasible for every eps >= eps~_X (Lemma 4 needs this)",
            epstilde_upward_check, [FAM_PRIORS_FULL, FAM_PRIORS_RANDOM], prove=prove_upward_closed, expected=_P,
            notes="Proof: K_{t'}^{-1}K_t >= 0 for t' >= t (a noisier symmetric channel is a degradation of a less "
                  "noisy one); instances report the exact feasible set.")],
    ),
    Claim(
        "wang2016.def_h", "The function h and its inverse (19), (36)",
        f"{SEED}, §3, eq. (19); Appendix A, eq. (36)",
        "h^{-1}(D) = ln(n/D - 1) + ln(m - 1). (19) ... h(ε) = n/(1 + e^ε/(m-1)). (36) ... Since h is a decreasing "
        "function ...",
        "identity",
        [_R("literal", "h(0) = n(m-1)/m, h is decreasing, h^-1(h(eps)) = eps and h(h^-1(D)) = D",
            def_h_check, [FAM_NM], prove=prove_h, expected=_P)],
    ),
    Claim(
        "wang2016.thm1", "Theorem 1",
        f"{SEED}, §3, Theorem 1, eqs. (20), (21)",
        "For identifiability, the privacy–distortion function ε*_i of a database X with ε_X < +∞ satisfies "
        "ε*_i(D) = h^{-1}(D), 0 <= D <= h(ε̃_X); ε*_i(D) >= max{h^{-1}(D), ε_X}, h(ε̃_X) < D <= n. (20) For "
        "differential privacy, the privacy–distortion function ε*_d of a database X satisfies the following bounds for "
        "any D with 0 <= D <= n: max{h^{-1}(D) - ε_X, 0} <= ε*_d(D) <= max{h^{-1}(D), 0}. (21)",
        "value",
        [_R("identifiability-equality", "for full-support p_X and eps >= eps~_X: D*_i(eps) = h(eps) (distortion form "
                                        "of (20), first line)",
            thm1_equality_check, [FAM_ABOVE, FAM_ABOVE_MORE, FAM_ABOVE_SLOW], hypothesis=_ge_tilde, expected=_C),
         _R("identifiability-lower", "D*_i(eps) >= h(eps) for eps >= eps_X and D*_i(eps) = +oo for eps < eps_X "
                                     "(distortion form of (20), second line)",
            thm1_lower_check, [FAM_BETWEEN, FAM_BELOW_X, FAM_ABOVE], expected=_C,
            notes="Between eps_X and eps~_X the optimum is strictly above h (e.g. (1/2,1/3,1/6)^2 at e^eps = 7/2)."),
         _R("dp-bounds", "h(eps + eps_X) <= D*_d(eps) <= h(eps) for every prior (h(oo) = 0 when eps_X = oo)",
            thm1_dp_check, [FAM_GRID, FAM_GRID_ZEROS, FAM_GRID_MORE, FAM_GRID_SLOW], expected=_C),
         _R("privacy-form", "at rational D <= h(eps~_X): eps*_i(D) = h^-1(D) and max(h^-1(D) - eps_X, 0) <= "
                            "eps*_d(D) <= max(h^-1(D), 0), via monotonicity of D* and the all-eps certificate",
            thm1_privacy_form_check, [FAM_D, FAM_D_SLOW], expected=_C,
            notes="eps*(D) <= ln t iff D*(t) <= D (D* non-increasing, optimum attained); the lower bounds hold for "
                  "all eps by the relaxation and relaxed_dual_certificate.")],
    ),
    Claim(
        "wang2016.thm1.gap", "Corollary: 0 <= ε*_i(D) - ε*_d(D) <= ε_X on [0, h(ε̃_X)]",
        f"{SEED}, abstract; §1 (i); §3 after Theorem 1",
        "From the theorem above, we can see that 0 <= ε*_i(D) - ε*_d(D) <= ε_X when 0 <= D <= h(ε̃_X).",
        "inequality",
        [_R("literal", "at rational D <= h(eps~_X): eps*_d(D) <= eps*_i(D) = h^-1(D) <= eps*_d(D) + eps_X",
            gap_check, [FAM_D, FAM_D_SLOW], expected=_C)],
    ),
    Claim(
        "wang2016.uniform", "Uniform prior: DP is equivalent to identifiability",
        f"{SEED}, §1 (i); §5",
        "When the input database has a uniform distribution, we have that ε*_i = ε*_d, i.e., differential privacy is "
        "equivalent to identifiability.",
        "equivalence",
        [_R("literal", "uniform p_X: eps_X = eps~_X = 0 and D*_i(eps) = D*_d(eps) (= h(eps)) for every sampled eps",
            uniform_check, [_prior_t_family("uniform priors x e^eps grid", lambda p: _GRID, kinds=("uniform",))],
            expected=_C)],
    ),
    Claim(
        "wang2016.relaxation", "R-PD relaxes PD-I and PD-DP (Fig. 3, (28))",
        f"{SEED}, §3, proof sketch of Theorem 1, (22)-(28), Figure 3",
        "Relaxing the constraint (12) in PD-I to the constraint (26) gives R-PD. ... For any neighboring x, x', "
        "p_X(x) <= e^{ε_X} p_X(x') ..., and a necessary condition for the constraint (15) to be satisfied is "
        "p_X(x)p_{Y|X}(y|x) <= e^{ε_d+ε_X} p_X(x')p_{Y|X}(y|x'). (28) Therefore, replacing constraint (15) with (28) "
        "and letting ε = ε_d + ε_X, we obtain R-PD. So R-PD can be regarded as a relaxation of both PD-I and PD-DP.",
        "implication",
        [_R("pd-i", "the PD-I optimum (as a joint) is R-PD feasible at the same eps, and D*_relaxed <= D*_i",
            relaxation_pdi_check, [FAM_ABOVE, FAM_BETWEEN], expected=_C),
         _R("pd-dp", "for eps-DP mechanisms the joint p_X(x)p(y|x) satisfies (28), i.e. is R-PD feasible at "
                     "eps + eps_X, and D*_relaxed(eps + eps_X) <= D*_d(eps)",
            relaxation_dp_check, [FAM_DP_MECH], expected=_C)],
    ),
    Claim(
        "wang2016.lemma1", "Lemma 1: D*_relaxed(ε) = h(ε)",
        f"{SEED}, Appendix A, Lemma 1, eqs. (35), (36)",
        "The minimum distortion D*_relaxed(ε) of the relaxed optimization problem R-PD satisfies D*_relaxed(ε) = h(ε), "
        "(35) where h(ε) = n/(1 + e^ε/(m-1)). (36)",
        "value",
        [_R("literal", "the certified R-PD optimum (joint LP and level-reduced LP) equals h(eps)", lemma1_check,
            [FAM_NMT], expected=_C),
         _R("all-eps-small-spaces", "for every eps >= 0 on D^n, (n, m) in {(1,2),(1,3),(2,2),(2,3),(3,2),(3,3),(4,2)}: "
                                    "symbolic dual certificate (>= h) and the feasible posterior (61) (<= h)",
            lemma1_check, [FAM_NMT], prove=prove_lemma1_all_eps, expected=_P,
            notes="General n, m: the dual multipliers are partial sums Σ_{k<l}(μ - k)N_k e^{-kε} >= 0 because μ = h is "
                  "the mean of k under the weights N_k e^{-kε} (argument, not machine-checked for general n).")],
    ),
    Claim(
        "wang2016.lemma1.claim_lb", "Claim in Lemma 1: the lower bound (37) and its steps (44), (48), (57)",
        f"{SEED}, Appendix A, proof of Lemma 1, eqs. (37)-(58)",
        "Any feasible solution {p_{X|Y}(x|y)} of R-PD satisfies Σ_x p_{X|Y}(x|y)d(x,y) >= h(ε). (37) ... "
        "P_{l-1}/N_{l-1} <= (P_l/N_l) e^ε, (44) ... P_n >= N_n e^{-nε}/(1+(m-1)e^{-ε})^n. (48) ... Continue this "
        "procedure we obtain Σ_{l=0}^n l P_l >= Σ_{l=0}^n l N_l e^{-(n-l)ε}/(1+(m-1)e^{-ε})^n = n/(1+e^ε/(m-1)) = "
        "h(ε). (57)",
        "inequality",
        [_R("literal", "every feasible posterior (exactly checked (23)-(25)) has Σ_x p(x)d(x,y) >= h(eps), for every y",
            claim_lb_check, [FAM_POSTERIORS], hypothesis=_posterior_ok, expected=_C),
         _R("step-44", "(44) P_{l-1}/N_{l-1} <= e^eps P_l/N_l for every y and l", step44_check, [FAM_POSTERIORS],
            hypothesis=_posterior_ok, expected=_C),
         _R("step-48", "(48) P_n >= N_n e^{-n eps}/(1+(m-1)e^{-eps})^n for every y", step48_check, [FAM_POSTERIORS],
            hypothesis=_posterior_ok, expected=_C),
         _R("eq57-as-printed", "Σ_l l N_l e^{-(n-l)eps}/(1+(m-1)e^{-eps})^n = h(eps) (the middle term of (57) as "
                               "printed)", _eq57_check(True), [FAM_NMT], expected=_R_,
            notes="REFUTED (typo): n = 1, m = 2, e^eps = 2 gives 2/3 vs h = 1/3; the optimal P_l are "
                  "N_l e^{-l eps}/(1+(m-1)e^{-eps})^n, see eq57-corrected."),
         _R("eq57-corrected", "Σ_l l N_l e^{-l eps}/(1+(m-1)e^{-eps})^n = h(eps) for all n, m, eps",
            _eq57_check(False), [FAM_NMT], prove=prove_binomial_sums, expected=_P)],
    ),
    Claim(
        "wang2016.lemma1.claim_ub", "Claim in Lemma 1: the posterior (61) is feasible with distortion h(ε) for any p_Y",
        f"{SEED}, Appendix A, proof of Lemma 1, eqs. (61)-(78)",
        "Consider p_{X|Y}(x|y) = e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n, (61) and any {p_Y(y)} with Σ_y p_Y(y) = 1, "
        "p_Y(y) >= 0. (62) Then {p_{X|Y}(x|y)} and {p_Y(y)} form a feasible solution of R-PD, and "
        "Σ_x Σ_y p_Y(y)p_{X|Y}(x|y)d(x,y) = h(ε). (63)",
        "construction",
        [_R("literal", "for random p_Y (zeros allowed) the pair satisfies (23)-(27) exactly and has distortion h(eps)",
            claim_ub_check, [FAM_CLAIM_UB], expected=_C),
         _R("sums-71-78", "(71)-(72) Σ_l C(n,l)(m-1)^l e^{-l eps} = (1+(m-1)e^{-eps})^n and (75)-(78) for symbolic "
                          "n, m, eps", claim_ub_check, [FAM_CLAIM_UB], prove=prove_binomial_sums, expected=_P)],
    ),
    Claim(
        "wang2016.lemma2", "Lemma 2: lower bounds on ε*_i and ε*_d",
        f"{SEED}, Appendix A, Lemma 2, eqs. (82), (83)",
        "The optimal value D*_relaxed(ε) = h(ε) of R-PD implies the following lower bounds for any D with 0 <= D <= n: "
        "ε*_i(D) >= h^{-1}(D), (82) ε*_d(D) >= max{h^{-1}(D) - ε_X, 0}. (83)",
        "inequality",
        [_R("identifiability", "D*_i(eps) >= h(eps) for every eps (equivalent to (82): eps*(D) >= h^-1(D) for all D "
                               "iff D*(eps) >= h(eps) for all eps)",
            lemma2_i_check, [FAM_GRID, FAM_BETWEEN, FAM_GRID_MORE, FAM_GRID_SLOW], expected=_C),
         _R("dp", "D*_d(eps) >= h(eps + eps_X) for every eps (equivalent to (83))", lemma2_d_check,
            [FAM_GRID, FAM_GRID_ZEROS, FAM_GRID_MORE, FAM_GRID_SLOW], expected=_C)],
    ),
    Claim(
        "wang2016.lemma3", "Lemma 3: ε*_i(D) >= ε_X",
        f"{SEED}, Appendix A, Lemma 3, eqs. (84)-(87)",
        "The privacy–distortion function ε*_i of a database X is bounded from below as ε*_i(D) >= ε_X (84) for any D "
        "with 0 <= D <= n ... multiplying both sides of (85) by p_Y(y) and taking summation over y ∈ D^n yield ... "
        "p_X(x) <= e^ε p_X(x'). (87)",
        "inequality",
        [_R("literal-lp", "for eps < eps_X no mechanism is eps-identifiable: PD-I is infeasible (Farkas certificate)",
            lemma3_lp_check, [FAM_BELOW_X], expected=_C),
         _R("any-output-alphabet", "every mechanism, with any finite output alphabet, has identifiability >= eps_X "
                                   "(= +oo without full support)",
            lemma3_any_output_check, [FAM_ANY_OUTPUT], expected=_C)],
    ),
    Claim(
        "wang2016.lemma4", "Lemma 4: E_i is ε-identifiable with distortion h(ε) for ε >= ε̃_X",
        f"{SEED}, §3 (29); Appendix A, Lemma 4, eq. (88)",
        "For ε >= ε̃_X, the mechanism E_i defined in (29) satisfies ε-identifiability, and the distortion of E_i is "
        "given by E[d(X,Y)] = h(ε). [(29):] p_{Y|X}(y|x) = p_Y(y)e^{-εd(x,y)}/(p_X(x)(1+(m-1)e^{-ε})^n).",
        "construction",
        [_R("literal", "for eps >= eps~_X (incl. eps = eps~_X) E_i is a valid mechanism, identifiability(E_i) <= eps "
                       "and E[d] = h(eps)",
            lemma4_check, [FAM_BOUNDARY, FAM_ABOVE], hypothesis=lambda i: _ge_tilde(i) and _t(i) > 1, expected=_C,
            notes="eps = 0 (uniform prior) is excluded: (29) then needs K_1^{-1}, which does not exist.")],
    ),
    Claim(
        "wang2016.lemma5", "Lemma 5: E_d is ε-DP with distortion h(ε)",
        f"{SEED}, §3 (30); Appendix A, Lemma 5",
        "The mechanism E_d defined in (30) satisfies ε-differential privacy, and the distortion of E_d is given by "
        "E[d(X,Y)] = h(ε). [(30):] p_{Y|X}(y|x) = e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n ... This is the exponential mechanism "
        "with score function q = -d.",
        "construction",
        [_R("literal", "pure_dp(E_d) <= eps and E[d] = h(eps) under every prior (zeros allowed)", lemma5_check,
            [FAM_GRID, FAM_GRID_ZEROS], prove=prove_lemma5, expected=_P,
            notes="prove: symbolic in eps on (n, m) in {(1,2),(1,3),(2,2)}; general n, m by the sums (71)-(78) "
                  "(lemma1.claim_ub/sums-71-78), since every row of E_d is the posterior (61).")],
    ),
    Claim(
        "wang2016.pdmip", "PD-MIP (31)-(34) is a convex program with the form of R(D)",
        f"{SEED}, §4, eqs. (31)-(34)",
        "Given a distortion upper bound D, the privacy–distortion function ε*_m(D) for input X with pmf p_X(.) is given "
        "by the optimal value of the following convex optimization problem. ... min I(X;Y) (31) subject to "
        "Σ_x Σ_y p_X(x)p_{Y|X}(y|x)d(x,y) <= D, (32) ... this formulation has the same form as the formulation in "
        "the rate–distortion theory [7].",
        "definition",
        [_R("convexity", "I(X;Y) is convex in p(y|x): exact check on random segments", convexity_check, [FAM_CONVEX],
            expected=_C),
         _R("csiszar-lower-bound", "the rate–distortion dual bound used for Theorem 2 is a valid lower bound: "
                                   "I(W) >= -eps E_W[d] + Σ p ln lambda for every mechanism W",
            rd_bound_check, [FAM_RD], expected=_C)],
    ),
    Claim(
        "wang2016.thm2", "Theorem 2: E_i is mutual-information optimal",
        f"{SEED}, §4, Theorem 2 and its proof",
        "For any D with 0 <= D <= h(ε̃_X), the identifiability optimal mechanism E_i defined in (29) is also "
        "mutual-information optimal.",
        "value",
        [_R("literal", "at D = h(eps), eps >= eps~_X (incl. the end point): I(E_i) = R(D), certified by E_i "
                       "(primal) and Csiszar's dual bound with s = eps, lambda(x) = 1/(p(x)(1+(m-1)e^-eps)^n), equal "
                       "as exact log-forms",
            thm2_check, [FAM_BOUNDARY, FAM_ABOVE], hypothesis=lambda i: _ge_tilde(i) and _t(i) > 1, expected=_C,
            notes="D = 0 (eps = oo, Y = X) is the limit and D = h(0) needs eps = 0, where (29) is undefined; both "
                  "ends are excluded from the instances.")],
    ),
    Claim(
        "wang2016.kkt", "The KKT stationarity (94) with the paper's multipliers",
        f"{SEED}, §4, proof of Theorem 2; Appendix A, eqs. (89)-(94)",
        "Let λ = h^{-1}(D), µ(x) = p_X(x) ln[p_X(x)(1+(m-1)e^{-ε})^n] ... and η(x,y) = 0 ... be the Lagrange "
        "multipliers ... The stationarity condition p_X(x) ln p_{Y|X}(y|x) - p_X(x) ln p_Y(y) + λp_X(x)d(x,y) + µ(x) "
        "- η(x,y) = 0 ... [is] satisfied. ... Therefore, the above (p_{Y|X}, λ, µ, η) satisfies the KKT conditions of "
        "PD-MIP.",
        "identity",
        [_R("literal", "for eps >= eps~_X (Theorem 2's whole range), (94) is well defined and holds at every (x, y), "
                       "with primal/dual feasibility and complementary slackness",
            _kkt_check("literal"), [FAM_BOUNDARY, FAM_ABOVE], hypothesis=lambda i: _t(i) > 1, expected=_R_,
            notes="REFUTED at the end point eps = eps~_X (D = h(eps~_X)): p_Y(y) = 0 for some y, so (94) contains "
                  "ln(0/0) and I(X;Y) is not differentiable there (minimal witness: D^1, m = 2, p = (1/3, 2/3), "
                  "e^eps = 2, where E_i is the constant mechanism).  Theorem 2 still holds there (thm2, Csiszar)."),
         _R("interior", "for eps > eps~_X (p_Y > 0) the KKT conditions hold exactly", _kkt_check("literal"),
            [FAM_ABOVE_STRICT], prove=prove_kkt_interior, expected=_P),
         _R("posterior-extension", "for eps >= eps~_X with ln(p(y|x)/p_Y(y)) read as ln(p(x|y)/p_X(x)) via (61) at "
                                   "outputs of probability 0", _kkt_check("posterior"), [FAM_BOUNDARY, FAM_ABOVE],
            hypothesis=lambda i: _t(i) > 1, expected=_C)],
    ),
    Claim(
        "wang2016.consistency", "Consistency: the MI-optimal mechanism minimises identifiability",
        f"{SEED}, abstract; §1 (ii); §4; §5",
        "Furthermore, we show that identifiability and mutual-information privacy are consistent in the sense that "
        "given distortion level D, the mechanism that optimizes the mutual-information privacy also minimizes the "
        "identifiability level. ... given a distortion upper bound D, the mechanism that minimizes the mutual "
        "information also achieves the minimum identifiability level ε*_i(D).",
        "implication",
        [_R("literal", "for D = h(eps) with eps >= eps~_X: EVERY MI-optimal mechanism at D has identifiability "
                       "eps*_i(D) (and it is unique: E_i)",
            consistency_check, [FAM_BOUNDARY, FAM_ABOVE], hypothesis=lambda i: _ge_tilde(i) and _t(i) > 1,
            expected=_C,
            notes="Argument per instance: the Csiszar certificate is tight at E_i, and I(W) + eps E[d] - Σ p ln lambda "
                  "= D(p_X W || mu) with mu(x,y) = p_Y(y)p(x)lambda(x)e^{-eps d}, so equality forces the posteriors "
                  "(61) on supp p_Y; K_t is invertible, so p_Y = K_t^-1 p_X and W = E_i."),
         _R("all-D", "for every D in [0, n] (the abstract and conclusion state no range): every MI-optimal mechanism "
                     "at D has identifiability eps*_i(D)",
            consistency_all_D_check, [FAM_CONS_ALL_D], expected=_R_,
            notes="REFUTED for D > h(eps~_X): D^2, m = 2, p = (5/16, 1/4, 5/16, 1/8); the tilted mechanism with "
                  "e^s = 2 and output pmf (1/2, 1/6, 1/3, 0) is certified MI-optimal at D = 31/48 (Csiszar bound "
                  "tight, c(11) = 15/16 < 1) and has identifiability ln 3, while PD-I reaches D = 31/48 at "
                  "e^eps = 35/12 < 3.  Float exploration suggests the gap is typical for n >= 2 beyond h(eps~_X).")],
    ),
    Claim(
        "wang2016.informal", "Informal: DP is a relative guarantee, weak for identifiability when ε_X is large",
        f"{SEED}, §1 (i), §2.1 (after Definitions 2 and 3), §5",
        "When ε_X is large, differential privacy provides only weak guarantee on identifiability. In other words, it "
        "is possible to identify some entries of the database with non-trivial accuracy even if the differential "
        "privacy is guaranteed when ε_X is large. This is because differential privacy provides a relative privacy "
        "guarantee ... Identifiability, on the other hand, guarantees an absolute level of indistinguishability.",
        "informal",
        [_R("finite-analogue", "identifiability(M) <= DP level(M) + eps_X for every mechanism, with equality for E_d: "
                               "an eps-DP mechanism can have identifiability eps + eps_X",
            informal_check, [FAM_INFORMAL], expected=_C,
            notes="Finite analogue of 'weak guarantee when eps_X is large'; 'absolute' vs 'relative' and "
                  "'non-trivial accuracy' are interpretations.")],
        reason="'Absolute' vs 'relative' guarantee and 'identify some entries with non-trivial accuracy' are "
               "interpretations; only the quantitative finite analogue is encoded.",
    ),
]

# the all-ε readings of theorems/_tightness.py for these claims (to move beside their claims)
from theorems._tightness import attach_all_eps_readings  # noqa: E402

CLAIMS = attach_all_eps_readings(CLAIMS)
