"""Tightness witnesses of the bank, proved for ALL parameter values (issue "For all ε", item 2).

For each tightness claim of the bank (``grep -n tight theorems/*.py`` and shared/CLAIMS.md) this
module gives a reading named ``forall-...`` whose ``prove`` decides the equality witness for every
ε (or δ, k, ...) at once: the measures of a *symbolic* mechanism family are replaced by their exact
closed forms (:mod:`exactpriv.measures.symbolic`) and the resulting univariate statement is
certified (:mod:`exactpriv.forall`, :mod:`exactpriv.certify`).

The lead wires these readings into the bank modules (same claim ids).  ``TIGHTNESS`` holds the
tightness claims.  (Cuff–Yu's all-parameter readings live with their claims in theorems/cuff2016/.)

Verdicts (expected, and why)
----------------------------
* wang2016.lemma1 / wang2016.lemma5 — PROVED on D^n with (n, m) ∈ {(1,2),(1,3),(2,2),(2,3)}:
  E_d(ε) is exactly ε-DP (constraint (23) tight) and each row/column has distortion h(ε) for
  all ε.  General (n, m) remains the paper's sums (71)-(78) (not machine-checked here).
* li2013.prop5_3 — PROVED for all k >= 2, n > k (not an ε-family): at output c_n the posterior of
  an entity of M_n is 2^{k-1}/(2^k − 1), so the PMP level is at least (2^k−1)/(2^k−2).  The
  subset count behind the posterior is the argument in :func:`_prove_li_prop53`; the algebra is
  machine-checked.

Not given an all-ε proof here (and why): wang2016.lemma4 (E_i) depends on a rational prior through K_ε^{-1} and
is not a fixed symbolic family.
"""

from __future__ import annotations

import functools

import sympy

from exactpriv.claims import Claim, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS
from exactpriv.forall import equality_for_all, inequality_for_all, value_for_all
from exactpriv.mechanisms import zoo

__all__ = ["TIGHTNESS"]

S000 = "seed 000_ac51e572e2d31a77.txt"
S002 = "seed 002_4dd28a520f8aff24.txt"

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
# the records
# ======================================================================================
TIGHTNESS: list[Claim] = [
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
]



def attach_all_eps_readings(claims):
    """Attach the "forall-..." readings above to the bank claims with the same id (once)."""
    extra = {}
    for t in TIGHTNESS:
        extra.setdefault(t.id, []).extend(t.readings)
    for c in claims:
        names = {r.name for r in c.readings}
        for r in extra.get(c.id, []):
            if r.name not in names:
                c.readings.append(r)
                names.add(r.name)
    return claims
