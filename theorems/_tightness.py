"""Tightness witnesses of the bank, proved for ALL parameter values (issue "For all ε", item 2).

For each tightness claim of the bank (``grep -n tight theorems/*.py`` and shared/CLAIMS.md) this
module gives a reading named ``forall-...`` whose ``prove`` decides the equality witness for every
ε (or δ, k, ...) at once: the measures of a *symbolic* mechanism family are replaced by their exact
closed forms (:mod:`exactpriv.measures.symbolic`) and the resulting univariate statement is
certified (:mod:`exactpriv.forall`, :mod:`exactpriv.certify`).  Statements with several
parameters (Property 3) use an exact change of variables and the non-negative-coefficient
certificate :func:`exactpriv.forall.prove_nonnegative_orthant`.

The lead wires these readings into the bank modules (same claim ids).  ``TIGHTNESS`` holds the
tightness claims; ``FORALL_VALUES`` holds two exact-value witnesses of seed 001 (the erasure
channel with a symbolic δ and Example 5.1 with a symbolic e), which are the issue's "erasure with
parameter" family.

Verdicts (expected, and why)
----------------------------
* cuff2016.prop1_tight — PROVED: binary RR(ε) (the paper's witness pair) has pure DP ε and
  D(P‖Q) = D(Q‖P) = (11) for all ε.
* cuff2016.lemma2 — PROVED: BSC(1/(1+e^ε)) attains (28) for every ε, covering every MI level in
  [0, ln 2) (ln 2 itself: BSC(0), exact).
* cuff2016.prop3 — PROVED: the 4-point extremal pair attains δ' for ALL 0 <= ε' <= ε, δ ∈ [0, 1]
  (four parameters; orthant certificates).
* cuff2016.cor5 — PROVED: BSCs of the two bits of a 4-ary record are additive for all ε.
* wang2016.lemma1 / wang2016.lemma5 — PROVED on D^n with (n, m) ∈ {(1,2),(1,3),(2,2),(2,3)}:
  E_d(ε) is exactly ε-DP (constraint (23) tight) and each row/column has distortion h(ε) for
  all ε.  General (n, m) remains the paper's sums (71)-(78) (not machine-checked here).
* zhao2019.thm2_conv — the paper's map s(ε) = ½ − 1/(e^ε+1) is NOT attained: on RR(ε)
  SP = tanh(ε/4) ≠ s(ε) (REFUTED at a certified point), and for every mechanism with positive
  entries SP >= tanh(DP/4) > s(DP) when DP > 0 (the inequality of maps is PROVED for all ε > 0;
  SP >= tanh(DP/4) is the two-point reduction, CHECKED on random positive mechanisms).  The tight
  converse is "tanh(ε/4)-SP ⇒ ε-DP", attained by RR(ε) for every ε (PROVED).
* li2013.prop5_3 — PROVED for all k >= 2, n > k (not an ε-family): at output c_n the posterior of
  an entity of M_n is 2^{k-1}/(2^k − 1), so the PMP level is at least (2^k−1)/(2^k−2).  The
  subset count behind the posterior is the argument in :func:`_prove_li_prop53`; the algebra is
  machine-checked.
* identitydp.ex2 — PROVED: with X1 = X2 and the truncated geometric count mechanism (exactly
  ε-DP), posterior odds = e^{2ε} × prior odds for all ε; with independent records the ratio is
  <= e^ε for all ε.

Not given an all-ε proof here (and why): cuff2016.prop2 and cuff2016.lemma2's (27) are
*asymptotic* tightness statements (limits, PROVED in the bank with exact limits); cuff2016.prop9
has no tightness claim in the paper (the bank's construction needs δ(1 + e^ε) <= 1, so it is not a
single family for all ε); wang2016.lemma4 (E_i) depends on a rational prior through K_ε^{-1} and
is not a fixed symbolic family.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.forall import (
    equality_for_all,
    inequality_for_all,
    prove_nonnegative_orthant,
    value_for_all,
)
from exactpriv.measures.symbolic import (
    capacity_symbolic,
    mi_dp_symbolic,
    pair_divergence_symbolic,
    tv_dp_symbolic,
)
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

__all__ = ["TIGHTNESS", "FORALL_VALUES"]

S000 = "seed 000_ac51e572e2d31a77.txt"
S001 = "seed 001_949fae51fe6a8fd3.txt"
S002 = "seed 002_4dd28a520f8aff24.txt"
S003 = "seed 003_0ace9223eb283908.txt"
S004 = "seed 004_8c27f358b326ed94.txt"

_P, _X, _C = Verdict.PROVED, Verdict.REFUTED, Verdict.CHECKED
_T = sympy.exp(EPS)
_HALF = sympy.Rational(1, 2)


def _all(parts: list, what: str) -> Decision:
    """TRUE iff every part is TRUE; FALSE at the first FALSE (parts given as zero-argument
    callables are evaluated lazily, in order); else UNDECIDED."""
    done = []
    for p in parts:
        d = p() if callable(p) else p
        done.append(d)
        if d.is_false:
            break
    parts = done
    cert = {"parts": [{"truth": d.truth.value, "method": d.method, "reason": d.reason} for d in parts]}
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", certificate={**cert, **d.certificate})
    if all(d.is_true for d in parts):
        return Decision.true("forall", f"{what}: all {len(parts)} steps proved", certificate=cert)
    und = [d for d in parts if d.is_undecided]
    return Decision.undecided(und[0].method, f"{what}: {und[0].reason}", certificate=cert)


def _fact(ok: bool, method: str, reason: str) -> Decision:
    return Decision.true(method, reason) if ok else Decision.false(method, "not: " + reason)


def _h(x):
    """Binary entropy in nats (0 log 0 = 0 is not needed: used on (0, 1))."""
    return -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)


@functools.lru_cache(maxsize=None)
def _rr2():
    return zoo.randomized_response(2, eps=EPS)


# ======================================================================================
# cuff2016.prop1_tight — equality in (11) with binary distributions
# ======================================================================================
def _paper_11():
    return EPS * (_T - 1) * (1 - 1 / _T) / ((_T - 1) + (1 - 1 / _T))


def _prove_prop1_tight(bound=None) -> Decision:
    """RR_2(ε): P = (e^ε/(1+e^ε), 1/(1+e^ε)), Q = P reversed — the paper's witness.  Pure DP
    is exactly ε (the tightest (ε,0)-closeness level), and D(P‖Q) = D(Q‖P) = ε tanh(ε/2) for all
    ε >= 0, which is (11) verbatim for ε > 0 (at ε = 0 (11) is 0/0)."""
    M = _rr2()
    target = EPS * sympy.tanh(EPS / 2) if bound is None else bound
    d_pq = pair_divergence_symbolic(M, (0,), (1,), "kl")
    d_qp = pair_divergence_symbolic(M, (1,), (0,), "kl")
    parts = [lambda: value_for_all(M, "pure_dp", EPS),
             lambda: equality_for_all(d_pq, target), lambda: equality_for_all(d_qp, target),
             lambda: value_for_all(M, "kl_dp", target)]
    if bound is None:
        parts.append(lambda: equality_for_all(d_pq, _paper_11(), domain=(0, sympy.oo), closed=(False, False)))
    return _all(parts, "binary RR attains (11) for every eps")


# ======================================================================================
# cuff2016.lemma2 — equality in (28) on binary symmetric channels
# ======================================================================================
def _prove_lemma2_bsc() -> Decision:
    """BSC(p) with p = 1/(1+e^ε) (= RR_2(ε)) for ε >= 0: mi_dp = ln 2 − h(p) and tv_dp = 1 − 2p
    in closed form (Gallager symmetry; E_1); (1 − tv)/2 = p lies in (0, ½] so h^{-1}(h(p)) = p,
    and h((1 − tv)/2) + mi = ln 2 identically, i.e. δ'(mi) = 1 − 2h^{-1}(ln 2 − mi) = tv:
    equality in (28).  The MI levels covered: mi(0) = 0, mi -> ln 2 (exact limit) and mi is
    continuous, so every ε_MI in [0, ln 2) is attained; ε_MI = ln 2 by BSC(0) (exact)."""
    from exactpriv.measures.divergence import tv_dp
    from exactpriv.measures.information import mi_dp

    M = _rr2()
    mi, tv = mi_dp_symbolic(M), tv_dp_symbolic(M)
    p = (1 - tv.value) / 2
    lim = sympy.limit(mi.value, EPS, sympy.oo)
    B0 = zoo.binary_symmetric_channel(0)
    parts = [equality_for_all(mi, sympy.log(2) - _h(1 / (1 + _T))),
             equality_for_all(tv, 1 - 2 / (1 + _T)),
             inequality_for_all(p, ">", 0), inequality_for_all(p, "<=", _HALF),
             equality_for_all(_h(p) + mi.value, sympy.log(2)),
             compare(mi.value.subs(EPS, 0), "==", 0),
             _fact(lim == sympy.log(2), "sympy-limit (Gruntz, exact)", f"lim_(eps->oo) mi_dp = {lim} = ln 2"),
             compare(mi_dp(B0).value, "==", sympy.log(2)), compare(tv_dp(B0).value, "==", 1)]
    return _all(parts, "BSCs attain (28) for every MI level in [0, ln 2]")


# ======================================================================================
# cuff2016.prop3 — the extremal 4-point pair, all (ε, ε', δ)
# ======================================================================================
_d, _w, _v, _u = sympy.symbols("d w v u", nonnegative=True)


def _prop3_pair():
    """γ' = e^{ε'} = 1 + v, γ = e^ε = 1 + v + u (0 <= ε' <= ε ⟺ u, v >= 0), δ = d, 1 − δ = w."""
    gp, g = 1 + _v, 1 + _v + _u
    P = (_d, _w * g / (1 + g), _w / (1 + g), sympy.Integer(0))
    Q = tuple(reversed(P))
    return P, Q, g, gp


def _hockey_orthant(P, Q, gam):
    """E_gam(P‖Q) = Σ_y max(0, P_y − gam Q_y) with each term's sign certified on the orthant
    d, w, v, u >= 0; returns (value, [Decision]) or (None, reasons)."""
    syms = (_d, _w, _v, _u)
    kept, proofs = [], []
    for y, (p, q) in enumerate(zip(P, Q)):
        t = sympy.cancel(p - gam * q)
        pos = prove_nonnegative_orthant(t, syms)
        if pos.is_true:
            kept.append(t)
            proofs.append(pos)
            continue
        neg = prove_nonnegative_orthant(-t, syms)
        if neg.is_true:
            proofs.append(neg)
            continue
        return None, [Decision.undecided("orthant-coefficients", f"sign of term y={y}: {t} not certified")]
    return sympy.Add(*kept), proofs


def _prop3_identity(lhs, rhs, what) -> Decision:
    """lhs == rhs with δ = d, w = 1 − δ: exact cancellation, or a certified rational counter-point."""
    delta = sympy.Symbol("delta")
    diff = sympy.cancel((lhs - rhs).subs({_w: 1 - delta, _d: delta}))
    if diff == 0:
        return Decision.true("sympy-cancel", f"{what}: the difference cancels to 0")
    pt = {delta: _HALF, _v: 0, _u: 1}
    val = diff.subs(pt)
    return Decision.false("rational", f"{what}: differs at delta = 1/2, e^eps' = 1, e^eps = 2 (difference {val})",
                          certificate={"point": {str(k): str(v) for k, v in pt.items()}, "difference": str(val)})


def _prove_prop3(delta_prime=None) -> Decision:
    """For all δ ∈ [0, 1] and 0 <= ε' <= ε: P = (δ, (1−δ)γ/(1+γ), (1−δ)/(1+γ), 0), Q = P reversed
    are pmfs, (ε, δ)-close with δ tight (E_γ(P‖Q) = E_γ(Q‖P) = δ), and E_{γ'}(P‖Q) = E_{γ'}(Q‖P)
    = δ' = 1 − (γ' + 1)(1 − δ)/(γ + 1): no map below Property 3's δ' is valid."""
    P, Q, g, gp = _prop3_pair()
    if delta_prime is None:
        delta_prime = 1 - (gp + 1) * _w / (g + 1)
    syms = (_d, _w, _v, _u)
    parts = [prove_nonnegative_orthant(x, syms) for x in P]
    parts.append(_prop3_identity(sympy.Add(*P), sympy.Integer(1), "P sums to 1"))
    for A, B, name in ((P, Q, "P||Q"), (Q, P, "Q||P")):
        e_g, pr = _hockey_orthant(A, B, g)
        parts.extend(pr)
        if e_g is None:
            return _all(parts, "Property 3 extremal pair")
        parts.append(_prop3_identity(e_g, _d, f"E_gamma({name}) = delta"))
        e_gp, pr = _hockey_orthant(A, B, gp)
        parts.extend(pr)
        if e_gp is None:
            return _all(parts, "Property 3 extremal pair")
        parts.append(_prop3_identity(e_gp, delta_prime, f"E_gamma'({name}) = delta'"))
    return _all(parts, "Property 3 is attained for all delta in [0,1], 0 <= eps' <= eps")


# ======================================================================================
# cuff2016.cor5 — additivity attained by BSCs of two bits
# ======================================================================================
def _bit_bsc(p, coord):
    rows = []
    for x in range(4):
        bit = (x // 2, x % 2)[coord]
        rows.append([1 - p, p] if bit == 0 else [p, 1 - p])
    return Mechanism(Hamming(range(4), 1), [0, 1], rows, _built=f"BSC({p}) of bit {coord}")


def _prove_cor5(c2=2, joint_scale=1) -> Decision:
    """X_i = (a, b) ∈ {0,1}^2 (one 4-ary record); Y_1 = BSC(1/(1+e^ε)) of a, Y_2 = BSC(1/(1+e^{c2 ε}))
    of b, conditionally independent.  For all ε >= 0: mi_dp(Y_1, Y_2) = mi_dp(Y_1) + mi_dp(Y_2)
    (each a Gallager-symmetric channel: ln 2 − h(p), ln 2 − h(q), ln 4 − h(p) − h(q))."""
    M1 = _bit_bsc(1 / (1 + _T), 0)
    M2 = _bit_bsc(1 / (1 + sympy.exp(c2 * EPS)), 1)
    e1, e2, ej = mi_dp_symbolic(M1), mi_dp_symbolic(M2), mi_dp_symbolic(M1.product(M2))
    return _all([equality_for_all(ej, joint_scale * (e1.value + e2.value))],
                f"Corollary 5 attained by BSC bits (c2 = {c2})")


# ======================================================================================
# wang2016.lemma1 / lemma5 — E_d(ε): ε-DP exactly, distortion h(ε)
# ======================================================================================
_NM = ((1, 2), (1, 3), (2, 2), (2, 3))


def _h_wang(n, m):
    return n / (1 + _T / (m - 1))


@functools.lru_cache(maxsize=None)
def _ed(n, m):
    return zoo.wang_E_d(list(range(m)), n, eps=EPS)


def _row_distortions(E):
    """Σ_y p(y|x) d(x, y) for every x, exactly (sympy)."""
    D = E.inputs.distance_matrix()
    out = []
    for x, row in enumerate(E.rows):
        out.append(sympy.cancel(sympy.Add(*[sympy.sympify(v) * int(D[x, y]) for y, v in enumerate(row)])))
    return out


def _prove_ed(lemma: str, distortion=_h_wang) -> Decision:
    parts = []
    for n, m in _NM:
        E = _ed(n, m)
        if lemma == "lemma1":
            sym = all(sympy.cancel(sympy.sympify(E.rows[x][y]) - sympy.sympify(E.rows[y][x])) == 0
                      for x in range(len(E.rows)) for y in range(x))
            parts.append(_fact(sym, "sympy-cancel", f"D^{n}, m={m}: the posterior (61) p(x|y) equals E_d(y|x) "
                                                   f"(a symmetric matrix), so (23) is the pure DP of E_d"))
        parts.append(value_for_all(E, "pure_dp", EPS))
        for val in dict.fromkeys(_row_distortions(E)):
            parts.append(equality_for_all(val, distortion(n, m)))
    what = ("R-PD witness (61) is feasible with (23) tight and distortion h(eps), all eps" if lemma == "lemma1"
            else "E_d is exactly eps-DP with E[d] = h(eps) under every prior, all eps")
    return _all(parts, what)


# ======================================================================================
# zhao2019.thm2_conv — the converse map is not attained; tanh(ε/4) is
# ======================================================================================
def _s(e):
    return _HALF - 1 / (sympy.exp(e) + 1)


def _prove_sp_rr(target) -> Decision:
    M = _rr2()
    return _all([value_for_all(M, "pure_dp", EPS), value_for_all(M, "semantic_privacy", target)],
                f"RR_2(eps): DP = eps and SP = {target} for all eps")


def _prove_map_gap() -> Decision:
    return inequality_for_all(sympy.tanh(EPS / 4), ">", _s(EPS), domain=(0, sympy.oo), closed=(False, False))


@functools.lru_cache(maxsize=None)
def _positive_mechanisms():
    rng = random.Random(2019)
    out = []
    for n, m, k in ((1, 2, 2), (1, 2, 3), (1, 3, 2), (2, 2, 2), (2, 2, 3)):
        S = Hamming(range(m), n)
        for j in range(6):
            rows = []
            for _ in S.points:
                w = [rng.randint(1, 7) for _ in range(k)]
                rows.append([Fraction(a, sum(w)) for a in w])
            out.append(Instance(f"random positive mechanism #{j} on D^{n}, m={m}, {k} outputs",
                                Mechanism(S, list(range(k)), rows)))
    return tuple(out)


def _check_sp_ge_tanh_quarter(inst: Instance) -> Outcome:
    """SP(M) >= tanh(DP(M)/4) exactly: with DP = ln r (r rational) and SP = (√R − 1)/(√R + 1),
    tanh(ln r/4) = (r^{1/4} − 1)/(r^{1/4} + 1), and H is increasing, so this is √R >= √r, i.e.
    R >= r (exact Fractions)."""
    from exactpriv.measures.divergence import pure_dp
    from exactpriv.measures.semantic import semantic_privacy

    M = inst.mechanism
    r = pure_dp(M).witness["ratio"]
    sp = semantic_privacy(M)
    R = sp.witness["cross_ratio"]
    R = Fraction(R) if not isinstance(R, Fraction) else R
    return Outcome(compare(R, ">=", r), {"R": R, "r": r, "SP": sp.value})


# ======================================================================================
# li2013.prop5_3 — level (2^k−1)/(2^k−2) attained at output c_n, all k
# ======================================================================================
def _prove_li_prop53(gamma=None) -> Decision:
    """All k >= 2, n > k, k-Max with A(∅) uniform on {c_1..c_k}, D_N uniform on subsets of U.

    Argument (the paper's, made explicit): output c_n has P(c_n | T) = 1/k if T meets
    M_n = {n−k+1, .., n} (then max T ∈ M_n and the output set is {c_{n−k+1}..c_n}) and 0 otherwise
    (max T <= n − k gives a set below c_n; ∅ gives {c_1..c_k} ∌ c_n as n > k).  Under D_N each of the
    2^n subsets is equally likely, 2^n − 2^{n−k} meet M_n and 2^{n−1} contain a given i ∈ M_n, so
    Pr[i ∈ T | c_n] = 2^{n−1}/(2^n − 2^{n−k}).  Machine-checked: (1) that ratio equals
    2^{k−1}/(2^k − 1) for all n, k (A = 2^{n−k}, B = 2^k); (2) with u = 2^k >= 4, the two PMP ratios
    are u/(u−1) (posterior/prior, prior ½) and (u−1)/(u−2) ((1 − prior)/(1 − posterior)), and
    (u−1)/(u−2) >= u/(u−1) for all u >= 4, so the level at c_n is (u−1)/(u−2) = (2^k−1)/(2^k−2):
    Prop. 5.3's γ is attained."""
    A, B = sympy.symbols("A B", positive=True)  # A = 2^(n-k), B = 2^k
    post_count = (A * B / 2) / (A * B - A)
    u = sympy.Symbol("u", positive=True)
    post = (u / 2) / (u - 1)
    level = (1 - _HALF) / (1 - post)
    target = (u - 1) / (u - 2) if gamma is None else gamma(u)
    parts = [_fact(sympy.cancel(post_count - (B / 2) / (B - 1)) == 0, "sympy-cancel",
                   "2^(n-1)/(2^n - 2^(n-k)) = 2^(k-1)/(2^k - 1) for all n, k"),
             inequality_for_all(level, ">=", post / _HALF, domain=(4, sympy.oo), closed=(True, False), variable=u),
             equality_for_all(level, target, domain=(4, sympy.oo), closed=(True, False), variable=u)]
    return _all(parts, "k-Max attains (2^k-1)/(2^k-2) at output c_n for every k >= 2, n > k")


# ======================================================================================
# identitydp.ex2 — e^{2ε} under perfectly dependent records
# ======================================================================================
@functools.lru_cache(maxsize=None)
def _count_geo():
    return zoo.count_query_geometric(2, eps=EPS, values=("t2", "t1"))


def _posterior_odds_ratio(prior: dict):
    """(Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2]) / (Pr[X1=t1]/Pr[X1=t2]), exactly (seed 004 eq. (1))."""
    M = _count_geo()
    y = M.output_index(2)
    num = sum((sympy.sympify(M.rows[M.inputs.index(z)][y]) * p for z, p in prior.items() if z[0] == "t1"),
              sympy.Integer(0))
    den = sum((sympy.sympify(M.rows[M.inputs.index(z)][y]) * p for z, p in prior.items() if z[0] == "t2"),
              sympy.Integer(0))
    p1 = sum((p for z, p in prior.items() if z[0] == "t1"), sympy.Integer(0))
    p2 = sum((p for z, p in prior.items() if z[0] == "t2"), sympy.Integer(0))
    return sympy.cancel((num / den) / (p1 / p2))


def _prove_identitydp_ex2(power=2) -> Decision:
    """M = truncated geometric noise on the count of t1 in (X1, X2): exactly ε-DP for all ε (pure
    DP = ε).  Dependent prior (X1 = X2, p(t1) = 1/10): the posterior odds of X1 after Y = 2 are
    e^{2ε} × the prior odds, for all ε >= 0 ((2)-(3))."""
    q = sympy.Rational(1, 10)
    dep = {("t1", "t1"): q, ("t2", "t2"): 1 - q}
    return _all([value_for_all(_count_geo(), "pure_dp", EPS),
                 equality_for_all(_posterior_odds_ratio(dep), sympy.exp(power * EPS))],
                "dependent records: posterior odds = e^(2 eps) x prior odds, all eps")


def _prove_identitydp_ex2_indep() -> Decision:
    q = sympy.Rational(1, 10)
    ind = {(a, b): (q if a == "t1" else 1 - q) * (q if b == "t1" else 1 - q) for a in ("t1", "t2")
           for b in ("t1", "t2")}
    return inequality_for_all(_posterior_odds_ratio(ind), "<=", _T)


# ======================================================================================
# exact values with a symbolic parameter (seed 001 Ex. 3.3, Ex. 5.1)
# ======================================================================================
_DELTA = sympy.Symbol("delta", nonnegative=True)
_E = sympy.Symbol("e", nonnegative=True)


def _erasure(N):
    rows = [[1 - _DELTA] + [_DELTA if y == x else 0 for y in range(1, N + 1)] for x in range(1, N + 1)]
    return Mechanism(Hamming(range(1, N + 1), 1), [0] + list(range(1, N + 1)), rows, symbols=(_DELTA,),
                     _built=f"erasure_channel(N={N}, delta=delta)")


def _ex51(N):
    space = Hamming(range(N), 2)
    outs = list(range(N)) + ["e1", "e2"]
    rows = []
    for x1, x2 in space.points:
        row = [sympy.Integer(0)] * (N + 2)
        row[N] = 1 - _E
        if x1 == x2:
            row[x1] = _E
        else:
            row[N + 1] = _E
        rows.append(row)
    return Mechanism(space, outs, rows, symbols=(_E,), _built=f"cuff_example_5_1(N={N}, e=e)")


def _prove_ex33() -> Decision:
    """Capacity of the erasure channel = δ log N for every δ ∈ [0, 1] (N = 2..5): closed form by
    Gallager symmetry (uniform input)."""
    parts = []
    for N in (2, 3, 4, 5):
        m = capacity_symbolic(_erasure(N), domain=(0, 1), closed=(True, True))
        parts.append(equality_for_all(m, _DELTA * sympy.log(N), domain=(0, 1), closed=(False, False)))
        parts.append(value_for_all(_erasure(N), "capacity", _DELTA * sympy.log(N), domain=(0, 1),
                                   closed=(True, True)))
    return _all(parts, "C(erasure) = delta log N for all delta in [0, 1]")


def _prove_ex51() -> Decision:
    """Example 5.1 (N = 2, 3): mi_dp = e ln 2 and capacity = e ln(N + 1) for every e ∈ [0, 1]."""
    parts = []
    for N in (2, 3):
        M = _ex51(N)
        parts.append(value_for_all(M, "mi_dp", _E * sympy.log(2), domain=(0, 1), closed=(True, True)))
        parts.append(value_for_all(M, "capacity", _E * sympy.log(N + 1), domain=(0, 1), closed=(True, True)))
    return _all(parts, "Example 5.1 for all e in [0, 1]")


# ======================================================================================
# the records
# ======================================================================================
TIGHTNESS: list[Claim] = [
    Claim(
        "cuff2016.prop1_tight", "Property 1, tight form (11): equality with binary distributions, all ε",
        f"{S001}, §2.2, Property 1, eq. (11) and the sentence after it",
        "In fact, the tightest possible statement of this form is P ≈(ε,0) Q ⟹ D(P‖Q), D(Q‖P) <= "
        "ε (e^ε − 1)(1 − e^{−ε})/((e^ε − 1) + (1 − e^{−ε})) nats. (11) Equality on the right side of (11) can be "
        "achieved with binary distributions.",
        "tightness",
        [Reading("forall-binary-rr", "for every ε >= 0, P = (e^ε, 1)/(1+e^ε), Q = P reversed (rows of "
                 "randomized_response(2, eps=EPS)): pure DP = ε and D(P‖Q) = D(Q‖P) = ε tanh(ε/2), which is (11) for "
                 "ε > 0", prove=_prove_prop1_tight, expected=_P)],
    ),
    Claim(
        "cuff2016.lemma2", "Lemma 2, tight form (28): equality on BSCs for every MI level",
        f"{S001}, §3.3, Lemma 2, eqs. (27)-(28); Appendix C",
        "In fact, the tightest possible statement of this form is ε-MI-DP ⟹ (0, δ')-DP (28), with δ' = "
        "1 − 2h^{-1}(ln 2 − ε), where h^{-1} is the inverse of the increasing part of the binary entropy function "
        "in units of nats. This formula holds for ε ∈ [0, ln 2].",
        "tightness",
        [Reading("forall-bsc", "for every ε >= 0, BSC(1/(1+e^ε)) has tv_dp = 1 − 2h^{-1}(ln 2 − mi_dp) exactly; "
                 "its MI levels cover [0, ln 2), and BSC(0) gives ln 2", prove=_prove_lemma2_bsc, expected=_P)],
    ),
    Claim(
        "cuff2016.prop3", "Property 3 is the tightest trade-off: attained for all (ε, ε', δ)",
        f"{S001}, §2.2, Property 3, eq. (13) and the paragraph after it; Appendix B",
        "For any non-negative ε' < ε, let δ' = 1 − (e^{ε'} + 1)(1 − δ)/(e^ε + 1). P ≈(ε,δ) Q ⟹ P ≈(ε',δ') Q. "
        "Property 3 is the tightest possible trade-off between ε and δ with respect to (ε,δ)-closeness.",
        "tightness",
        [Reading("forall-extremal-pair", "for all δ ∈ [0, 1] and 0 <= ε' <= ε: P = (δ, (1−δ)e^ε/(1+e^ε), "
                 "(1−δ)/(1+e^ε), 0) and its mirror Q are (ε, δ)-close with δ tight and E_{e^ε'} = δ' both ways",
                 prove=_prove_prop3, expected=_P,
                 notes="Change of variables e^ε' = 1 + v, e^ε = 1 + v + u, δ = d, 1 − δ = w (all >= 0); each "
                       "term P_y − γQ_y is signed by a non-negative-coefficient certificate; the sums cancel to δ, δ'.")],
    ),
    Claim(
        "cuff2016.cor5", "Corollary 5 'in fact tight': additivity attained for all ε",
        f"{S001}, §4.2, Corollary 5, eq. (43)",
        "The following claims for MI-DP mirror those found in [21] for (ε,0)-DP and are in fact tight. Corollary 5: "
        "If several query responses {Y_1,...,Y_k} are produced conditionally independently given the database, "
        "and each mechanism P_{Y_j|X^n} satisfies ε_j-MI-DP individually, then as a collection P_{Y^k|X^n} "
        "satisfies (Σ_j ε_j)-MI-DP.",
        "tightness",
        [Reading("forall-bsc-bits", "X_i = (a, b); Y_1 = BSC(1/(1+e^ε)) of a, Y_2 = BSC(1/(1+e^{2ε})) of b: "
                 "mi_dp(Y_1, Y_2) = mi_dp(Y_1) + mi_dp(Y_2) for every ε >= 0", prove=_prove_cor5, expected=_P)],
    ),
    Claim(
        "wang2016.lemma1", "Lemma 1 tightness witness (61): feasible, (23) tight, distortion h(ε), all ε",
        f"{S000}, Appendix A, Lemma 1, eqs. (35)-(36), (61)-(63)",
        "The minimum distortion D*_relaxed(ε) of the relaxed optimization problem R-PD satisfies D*_relaxed(ε) = "
        "h(ε), where h(ε) = n/(1 + e^ε/(m−1)). ... p_{X|Y}(x|y) = e^{−εd(x,y)}/(1 + (m−1)e^{−ε})^n (61).",
        "tightness",
        [Reading("forall-witness-61", "on D^n, (n, m) ∈ {(1,2),(1,3),(2,2),(2,3)}, for every ε >= 0: the posterior "
                 "(61) is symmetric, meets (23) with the ratio bound attained (pure DP of E_d = ε), and every "
                 "column has distortion h(ε)", prove=lambda: _prove_ed("lemma1"), expected=_P,
                 notes="With the bank's lower bound (claim_lb) this gives D*_relaxed = h for all ε on these "
                       "spaces; also the witness of wang2016.lemma1.claim_ub.")],
    ),
    Claim(
        "wang2016.lemma5", "Lemma 5: E_d is exactly ε-DP with distortion h(ε), all ε",
        f"{S000}, §3 eq. (30); Appendix A, Lemma 5",
        "The mechanism E_d defined in (30) satisfies ε-differential privacy, and the distortion of E_d is given by "
        "E[d(X,Y)] = h(ε).",
        "tightness",
        [Reading("forall-E_d", "on D^n, (n, m) ∈ {(1,2),(1,3),(2,2),(2,3)}, for every ε >= 0: pure_dp(E_d) = ε "
                 "exactly and every row has distortion h(ε) (so E[d] = h(ε) under every prior)",
                 prove=lambda: _prove_ed("lemma5"), expected=_P)],
    ),
    Claim(
        "zhao2019.thm2_conv", "Theorem 2 converse: is (½ − 1/(e^ε+1))-SP ⇒ ε-DP tight?",
        f"{S003}, Theorem 2",
        "Theorem 2 (Improving the result of Kasiviswanathan and Smith [3]). ε-Differential privacy implies "
        "(e^{2ε} − 1)-semantic privacy, and is implied by (1/2 − 1/(e^ε+1))-semantic privacy.",
        "tightness",
        [Reading("forall-rr-attains-paper-map", "RR_2(ε) (DP = ε) has SP = ½ − 1/(e^ε+1) for every ε >= 0",
                 prove=lambda: _prove_sp_rr(_s(EPS)), expected=_X,
                 notes="REFUTED: SP(RR_2(ε)) = tanh(ε/4) (exact two-point reduction), which differs from "
                       "½ − 1/(e^ε+1) = tanh(ε/2)/2 at every ε > 0 (certified point ε = 1/2)."),
         Reading("forall-paper-map-never-attained", "tanh(ε/4) > ½ − 1/(e^ε+1) for all ε > 0, and SP(M) >= "
                 "tanh(DP(M)/4) for mechanisms with positive entries; hence SP(M) > ½ − 1/(e^{DP(M)}+1) whenever "
                 "0 < DP(M) < oo: the converse's map is never attained",
                 check=_check_sp_ge_tanh_quarter,
                 families=[Family("random positive mechanisms", _positive_mechanisms,
                                  "seed 2019; D^n with (n, m) ∈ {(1,2),(1,3),(2,2)}, 2-3 outputs")],
                 prove=_prove_map_gap, expected=_P,
                 notes="SP >= tanh(DP/4): neighbours x, x' differing in record i have v_x = v_x' (same x_{-i}), so "
                       "the cross-ratio u_x v_x'/(v_x u_x') = P(y|x)/P(y|x') reaches e^DP; H is increasing.  "
                       "The proof is PROVED for the maps; the mechanism inequality is checked on the family."),
         Reading("forall-tanh-quarter-attained", "RR_2(ε) has DP = ε and SP = tanh(ε/4) for every ε >= 0: the "
                 "tight converse (positive mechanisms) is tanh(ε/4)-SP ⇒ ε-DP",
                 prove=lambda: _prove_sp_rr(sympy.tanh(EPS / 4)), expected=_P)],
    ),
    Claim(
        "li2013.prop5_3", "Proposition 5.3 tight for s_j = k: attained at output c_n for all k",
        f"{S002}, §5.1, Proposition 5.3 and its proof",
        "The k-Max mechanism satisfies (D_N, γ)-PMP for γ = (2^k − 1)/(2^k − 2). ... When j − k < i <= m_j, we "
        "have Pr[i|c_j] = 2^(s_j−1)/(2^s_j − 1) ... solving which gets γ >= max(2^k/(2^k−1), (2^k−1)/(2^k−2)).",
        "tightness",
        [Reading("forall-k-output-cn", "for all k >= 2 and n > k (A(∅) uniform on {c_1..c_k}): at output c_n the "
                 "PMP level of an entity of M_n is exactly (2^k−1)/(2^k−2)", prove=_prove_li_prop53, expected=_P,
                 notes="Not an ε-family: the parameter is k (u = 2^k >= 4).  The subset count is the argument in "
                       "the docstring of _prove_li_prop53; the algebra is machine-checked; the bank's instances "
                       "(k <= 5) check the level numerically.")],
    ),
    Claim(
        "identitydp.ex2", "Example 2: posterior odds e^{2ε} for perfectly dependent records, all ε",
        f"{S004}, §1, Example 2, eqs. (1)-(3)",
        "If X1, X2 are independent ... Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] <= e^ε × Pr[X1=t1]/Pr[X1=t2]. ... We assume that "
        "X1, X2 can only have the same value ... Assume that M is the Geometric mechanism, we obtain "
        "Pr[X1=t1|Y=2]/Pr[X1=t2|Y=2] = Pr[X1=t1]/Pr[X1=t2] × e^{−ε|2−2|}/e^{−ε|2−0|} = e^{2ε} × "
        "Pr[X1=t1]/Pr[X1=t2].",
        "tightness",
        [Reading("forall-dependent-equality", "count of t1 plus truncated geometric noise (exactly ε-DP): with "
                 "X1 = X2, p(t1) = 1/10, posterior odds = e^{2ε} × prior odds for every ε >= 0",
                 prove=_prove_identitydp_ex2, expected=_P),
         Reading("forall-independent-bound", "with X1, X2 independent (p(t1) = 1/10 each): posterior odds <= e^ε × "
                 "prior odds for every ε >= 0", prove=_prove_identitydp_ex2_indep, expected=_P,
                 notes="For this mechanism the ratio is exactly e^ε (P(2|t1,t) = e^ε P(2|t2,t) for both t), so the "
                       "independent-case bound is attained too.")],
    ),
]

FORALL_VALUES: list[Claim] = [
    Claim(
        "cuff2016.ex3_3", "Example 3.3: erasure capacity δ log N for every δ",
        f"{S001}, §3.4, Example 3.3",
        "Y = X_1 with probability δ and Y = 0 (erasure) otherwise: the capacity is δ log N, attained by the "
        "uniform input.",
        "value",
        [Reading("forall-delta", "capacity of the erasure channel with symbolic δ is δ log N for every δ ∈ [0, 1], "
                 "N = 2..5", prove=_prove_ex33, expected=_P)],
    ),
    Claim(
        "cuff2016.ex5_1", "Example 5.1: e ln 2 MI-DP and capacity e log(N+1) for every e",
        f"{S001}, §5, Example 5.1",
        "The mechanism is (e ln 2)-MI-DP, yet max_P I(X_1,X_2;Y) = e log(|X_1| + 1).",
        "value",
        [Reading("forall-e", "with symbolic e ∈ [0, 1] and N ∈ {2, 3}: mi_dp = e ln 2 and capacity = e ln(N+1)",
                 prove=_prove_ex51, expected=_P)],
    ),
]


def attach_all_eps_readings(claims):
    """Attach the "forall-..." readings above to the bank claims with the same id (once)."""
    extra = {}
    for t in list(TIGHTNESS) + list(FORALL_VALUES):
        extra.setdefault(t.id, []).extend(t.readings)
    for c in claims:
        names = {r.name for r in c.readings}
        for r in extra.get(c.id, []):
            if r.name not in names:
                c.readings.append(r)
                names.add(r.name)
    return claims
