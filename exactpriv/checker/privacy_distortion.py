"""Wang, Ying, Zhang 2016's PD-I optimum D*_i(ε), certified by an exact dual the checker checks itself.

PD-I ((8)–(13)) minimises the expected Hamming distortion over mechanisms whose posteriors satisfy
p(x|y) ≤ e^ε p(x'|y) for neighbours x ~ x'.  In the joint q(x, y) = p_X(x) P(y|x) it is the linear program

    min Σ_{x,y} q(x,y) d(x,y)   s.t.  Σ_y q(x,y) = p_X(x)  (every x),
                                      q(a,y) − t q(b,y) ≤ 0  (every ordered neighbour pair (a, b), every y),
                                      q ≥ 0,                  t = e^ε

(p_Y(y) cancels from the posterior ratio; an output of probability 0 imposes nothing).  The checker builds this
LP itself from the witness's prior and t; the witness's hint ``{"pd_i": {"t", "input", "ratio"}}`` supplies
multipliers μ_x (free, one per input in the space's order) and ν_{(a,b),y} ≥ 0 (``[a, b, y, ν]``, zero ones
omitted).  Weak duality: when every reduced cost

    r(x,y) = d(x,y) − μ_x + Σ_{b ~ x} ν_{(x,b),y} − t Σ_{a ~ x} ν_{(a,x),y}

is ≥ 0, every feasible q has Σ q d = Σ r q + Σ_x μ_x p_X(x) − Σ ν (q(a,y) − t q(b,y)) ≥ Σ_x μ_x p_X(x).  A feasible
primal — a mechanism of the witness, its joint meeting every ratio row — with exactly that distortion is then
optimal, and D*_i is that value.  Anything else is FAILED (a forged or wrong certificate), never accepted.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker.distortion import hamming_distance
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.witness import Instance

__all__ = ["pd_i_optimum"]


def _rational(v, where: str) -> Fraction:
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise Failed(f"{where}: {v!r} is not an exact rational (write it as a string)")
    try:
        return Fraction(v)
    except (ValueError, ZeroDivisionError):
        raise Failed(f"{where}: {v!r} is not an exact rational") from None


def _multipliers(inst: Instance, hint, t: Fraction):
    """(μ, ν) read from the hint, checked against the checker's own LP (its inputs, neighbour pairs, outputs)."""
    if not isinstance(hint, dict):
        raise NotCheckable("D*_i needs its LP certificate as the witness's hint {\"pd_i\": {...}}")
    if _rational(hint.get("t"), "pd_i hint t") != t:
        raise Failed(f"the PD-I certificate is for e^eps = {hint.get('t')}, not {t}")
    N, K = len(inst.inputs), len(inst.outputs)
    mu = hint.get("input")
    if not isinstance(mu, list) or len(mu) != N:
        raise Failed(f"the PD-I certificate needs one multiplier per input ({N})")
    mu = [_rational(v, "pd_i input multiplier") for v in mu]
    edges = set(inst.neighbours)
    nu: dict = {}
    for e in hint.get("ratio") or []:
        if not (isinstance(e, list) and len(e) == 4 and all(isinstance(k, int) and not isinstance(k, bool)
                                                             for k in e[:3])):
            raise Failed(f"a PD-I ratio multiplier must be [a, b, y, value], not {e!r}")
        a, b, y, v = e[0], e[1], e[2], _rational(e[3], "pd_i ratio multiplier")
        if (a, b) not in edges or not 0 <= y < K:
            raise Failed(f"[{a}, {b}, {y}] names no ratio row of PD-I (not a neighbour pair and an output)")
        if v < 0 or (a, b, y) in nu:
            raise Failed(f"the multiplier of ratio row [{a}, {b}, {y}] is negative or repeated")
        nu[(a, b, y)] = v
    return mu, nu


def pd_i_optimum(inst: Instance, *, t, primal=None, **_):
    """D*_i at e^ε = t on the witness's prior: the optimum of PD-I (Wang–Ying–Zhang (8)–(13)), certified by the
    hint's dual and the primal mechanism ``primal`` (a name of the witness's mechanisms; default its own)."""
    if not isinstance(t, Fraction) or t < 1:
        raise Failed(f"PD-I needs a rational e^eps = t >= 1, not {t!r}")
    if inst.prior is None:
        raise Failed("PD-I needs the witness's prior")
    M = inst.with_mechanism(primal) if primal else inst
    if M.P is None or M.outputs is None or len(M.outputs) != len(M.inputs):
        raise Failed("PD-I's primal must be a mechanism whose outputs are the points of D^n")
    mu, nu = _multipliers(M, inst.hints.get("pd_i"), t)
    p, N = inst.prior, len(inst.inputs)
    d = [[hamming_distance(M, input=x, output=y) for y in range(N)] for x in range(N)]
    for x in range(N):
        for y in range(N):
            r = d[x][y] - mu[x]
            r += sum((v for (a, b, yy), v in nu.items() if yy == y and a == x), Fraction(0))
            r -= t * sum((v for (a, b, yy), v in nu.items() if yy == y and b == x), Fraction(0))
            if r < 0:
                raise Failed(f"the PD-I dual is infeasible: reduced cost of q({x}, {y}) is {r} < 0")
    bound = sum((px * m for px, m in zip(p, mu)), Fraction(0))
    q = [[p[x] * M.P[x][y] for y in range(N)] for x in range(N)]
    for a, b in inst.neighbours:
        for y in range(N):
            if q[a][y] > t * q[b][y]:
                raise Failed(f"the PD-I primal is infeasible: p(x{a}) P(y{y}|x{a}) > e^eps p(x{b}) P(y{y}|x{b})")
    value = sum((q[x][y] * d[x][y] for x in range(N) for y in range(N)), Fraction(0))
    if value != bound:
        raise Failed(f"the PD-I certificate does not close: the primal's distortion {value} != the dual bound {bound}")
    return value
