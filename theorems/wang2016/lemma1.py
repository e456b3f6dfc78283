"""Wang–Ying–Zhang Lemma 1: D*_relaxed(ε) = h(ε), its lower bound (37) and upper bound (Appendix A).

Wang, Ying and Zhang, "On the Relation Between Identifiability, Differential Privacy, and
Mutual-Information Privacy" (IEEE Trans. Inf. Theory 62(9), 2016): Appendix A, Lemma 1 and the two
claims of its proof.

Main claims
-----------
* ``wang2016.lemma1`` — D*_relaxed(ε) = h(ε): certified LPs on a grid of e^ε; for every ε on small spaces
  (symbolic dual certificate plus the feasible posterior (61));
* ``wang2016.lemma1.claim_lb`` — the lower bound (37) and its steps (44), (48), (57): (57) as printed has a
  typo (e^{-(n-l)ε} for e^{-lε}), REFUTED; corrected, it is proved for all n, m, ε;
* ``wang2016.lemma1.claim_ub`` — the posterior (61) with any p_Y is feasible with distortion h(ε); the
  binomial sums (71)–(78) proved for symbolic n, m, ε.
"""

from __future__ import annotations

import functools
import math
import random

import sympy

from exactpriv.claims import Claim, Finding, Hypothesis, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.lp import solve_lp
from exactpriv.exact.numbers import EPS, as_rational
from exactpriv.measures.distortion import h, relaxed_dual_certificate
from exactpriv.spaces import Hamming

from theorems.wang2016.exponential_mechanism import SMALL_SPACES, e_d_form, prove_e_d
from theorems.wang2016.instances import FAM_NMT, cached_family
from theorems.wang2016.measured import pd_relaxed
from theorems.wang2016.steps import F, compare_step, exp_eps_of, symbolic_zero


__all__ = [
    "CLAIM_LB",
    "CLAIM_UB",
    "FAM_CLAIM_UB",
    "FAM_POSTERIORS",
    "FEASIBLE_POSTERIOR",
    "LEMMA1",
    "claim_lb_check",
    "claim_ub_check",
    "lemma1_check",
    "prove_binomial_sums",
    "prove_lemma1_all_eps",
    "step44_check",
    "step48_check",
]


def lemma1_check(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
    hh = h(None, n, m, exp_eps=t)
    parts = [compare_step(pd_relaxed(n, m, t).value, "==", hh, "R-PD (joint LP) optimum == h"),
             compare_step(pd_relaxed(n, m, t, "levels").value, "==", hh, "level-reduced LP == h")]
    return Outcome(Decision.all_of(parts, f"Lemma 1 at e^eps = {t}"), {"D*_relaxed": pd_relaxed(n, m, t).value})


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
        pts = [{t: v} for v in (2, 3, F(3, 2))]
        what = f"D^{n}, m={m}: posterior (61) is feasible with distortion h for all t"
        parts += [symbolic_zero(sympy.cancel(sum(post) - 1), f"{what} (sums to 1)", pts),
                  symbolic_zero(sympy.cancel(sum(p_ * d for p_, d in zip(post, d0)) - n * (m - 1) / (t + m - 1)),
                                f"{what} (distortion h)", pts),
                  # ratio t^{d(b)-d(a)} <= t along every edge
                  Decision.of(all(abs(d0[a] - d0[b]) <= 1 for a, b in S.edges.tolist()), "exact", f"{what} (ratio <= t on edges)")]
    return Decision.all_of(parts, "Lemma 1 for all eps on D^n, (n, m) in {(1,2),(1,3),(2,2),(2,3),(3,2),(3,3),(4,2)}")


def _prove_witness_61() -> Decision:
    return prove_e_d("lemma1")


LEMMA1 = Claim(
    "wang2016.lemma1", "Lemma 1: D*_relaxed(ε) = h(ε)",
    "Appendix A, Lemma 1, eqs. (35), (36)",
    "The minimum distortion D*_relaxed(ε) of the relaxed optimization problem R-PD satisfies D*_relaxed(ε) = h(ε), "
    "(35) where h(ε) = n/(1 + e^ε/(m-1)). (36)",
    "value",
    [Reading("literal", "the certified R-PD optimum (joint LP and level-reduced LP) equals h(eps)", lemma1_check,
             [FAM_NMT], expected=Verdict.CHECKED, open_search=False),
     Reading("all-eps-small-spaces", "for every eps >= 0 on D^n, (n, m) in {(1,2),(1,3),(2,2),(2,3),(3,2),(3,3),"
                                     "(4,2)}: symbolic dual certificate (>= h) and the feasible posterior (61) (<= h)",
             lemma1_check, [FAM_NMT], prove=prove_lemma1_all_eps, expected=Verdict.PROVED,
             notes="General n, m: the dual multipliers are partial sums Σ_{k<l}(μ - k)N_k e^{-kε} >= 0 because μ = h "
                   "is the mean of k under the weights N_k e^{-kε} (argument, not machine-checked for general n: "
                   "hence the scope in the name).", open_search=False),
     Reading("witness-61-all-eps-small-spaces",
             f"tightness witness: on D^n, (n, m) ∈ {set(SMALL_SPACES)}, for every ε >= 0: the posterior (61) is "
             "symmetric, meets (23) with the ratio bound attained (pure DP of E_d = ε), and every column has "
             "distortion h(ε)",
             prove=_prove_witness_61, expected=Verdict.PROVED,
             # (61) is p(x|y) = e^{-ε d(x,y)}/(1 + (m-1)e^{-ε})^n = E_d(y|x): symmetric (E_d(y|x) = E_d(x|y) for
             # every ordered pair), so each column of (61) is a row of E_d
             form=dict(e_d_form("E == E_rev and DP == eps and DIST == n/(1 + exp(eps)/(m - 1))"), pairs="all",
                       measures={"E": {"notion": "entry", "pair": "this"}, "E_rev": {"notion": "entry", "pair": "reversed"},
                                 "DP": {"notion": "pure_dp"}, "DIST": {"notion": "distortion", "input": "this"}}),
             notes="With the lower bound (claim_lb) this gives D*_relaxed = h for all ε on these spaces; also the "
                   "witness of wang2016.lemma1.claim_ub.  Formerly 'forall-witness-61' (renamed: the name now says "
                   "the scope).", open_search=False)],
)


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


FAM_POSTERIORS = cached_family("feasible posteriors of R-PD", _feasible_posteriors_build)


FEASIBLE_POSTERIOR = Hypothesis("feasible-posterior", "the posterior is a feasible point of R-PD (23)-(25)",
                                lambda inst: _posterior_ok(inst))


def _posterior_ok(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
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
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
    hh = h(None, n, m, exp_eps=t)
    S = Hamming(range(m), n)
    parts = []
    for y in S.points:
        _, P, _ = _levels(inst, y)
        parts.append(compare_step(sum((l * P[l] for l in range(n + 1)), F(0)), ">=", hh, f"(37) at y = {y}"))
    return Decision.all_of(parts, f"(37): Σ_x p(x|y)d(x,y) >= h = {hh}")


def step44_check(inst):
    t = exp_eps_of(inst)
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
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
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
        n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
        Nl = [math.comb(n, l) * (m - 1) ** l for l in range(n + 1)]
        Z = ((t + m - 1) / t) ** n
        mid = sum((l * Nl[l] * (t ** -(n - l) if shift else t ** -l) for l in range(n + 1)), F(0)) / Z
        return Outcome(compare_step(mid, "==", h(None, n, m, exp_eps=t), f"(57) middle term {mid} == h(eps)"),
                       {"middle": mid})

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
    # each identity: proved when sympy simplifies the difference to 0, refuted only at an exact nonzero point
    pts_a = [{n: nn, a: aa} for nn in (1, 2, 3) for aa in (sympy.Rational(1, 3), sympy.Rational(1, 4))]
    k = sympy.Symbol("k", positive=True)  # m - 1
    pts_k = [{n: nn, k: kk, EPS: sympy.log(t)} for nn in (1, 2) for kk in (1, 2) for t in (2, 3)]
    A = k * sympy.exp(-EPS)
    steps = [symbolic_zero(e0 - (1 + a) ** n, "(71)-(72) Σ C(n,l) a^l = (1+a)^n", pts_a),
             symbolic_zero(sympy.combsimp(e1) - n * a * (1 + a) ** (n - 1), "(75) Σ l C(n,l) a^l = n a (1+a)^(n-1)",
                           pts_a),
             symbolic_zero(n * A * (1 + A) ** (n - 1) / (1 + A) ** n - n / (1 + sympy.exp(EPS) / k),
                           "(77) = h(eps)", pts_k),
             (Decision.true if r0 and r1 else Decision.undecided)(
                 "sympy-summation", "the closed forms' region covers a in [0, 1/2) and every n >= 1"
                 if r0 and r1 else "sympy's closed forms are not shown to hold for every a in [0, 1/2) and n >= 1")]
    d = Decision.all_of(steps, "(71)-(78) for symbolic n, m, eps")
    return Decision(d.truth, "sympy-summation",
                    f"Σ C(n,l)a^l = {e0} and Σ l C(n,l)a^l = {sympy.combsimp(e1)} for a in [0, 1/2] and every n >= 1 "
                    f"(polynomial identity in a, so for all a); with a = (m-1)e^(-eps): (77) = h(eps): {d.reason}",
                    d.precision, {**d.certificate, "sum0": str(S0), "sum1": str(S1)})


#: (71)-(72) and (75)-(78) as data for the independent checker (docs/certificates.md, "binomial"): with
#: N_l = C(n, l)(m−1)^l, over integer n >= 1 and real m >= 2, ε >= 0 (which contain the paper's integer m), the sums
#: closed by the binomial theorem (the trusted step the checker names) and the rest by atom-identity
_SUM_75 = ("sum(l, 0, n, l*binomial(n, l)*(m - 1)**l*exp(-l*eps))/(1 + (m - 1)*exp(-eps))**n "
           "== n/(1 + exp(eps)/(m - 1))")


def _sums_form(claim: str) -> dict:
    return {"quantifier": "forall-params", "domain": {"n": "[1, oo)", "m": "[2, oo)", "eps": "[0, oo)"},
            "integers": ["n"], "claim": claim}


CLAIM_LB = Claim(
    "wang2016.lemma1.claim_lb", "Claim in Lemma 1: the lower bound (37) and its steps (44), (48), (57)",
    "Appendix A, proof of Lemma 1, eqs. (37)-(58)",
    "Any feasible solution {p_{X|Y}(x|y)} of R-PD satisfies Σ_x p_{X|Y}(x|y)d(x,y) >= h(ε). (37) ... "
    "P_{l-1}/N_{l-1} <= (P_l/N_l) e^ε, (44) ... P_n >= N_n e^{-nε}/(1+(m-1)e^{-ε})^n. (48) ... Continue this "
    "procedure we obtain Σ_{l=0}^n l P_l >= Σ_{l=0}^n l N_l e^{-(n-l)ε}/(1+(m-1)e^{-ε})^n = n/(1+e^ε/(m-1)) = "
    "h(ε). (57)",
    "inequality",
    [Reading("literal", "every feasible posterior (exactly checked (23)-(25)) has Σ_x p(x)d(x,y) >= h(eps), for "
                        "every y",
             claim_lb_check, [FAM_POSTERIORS], expected=Verdict.CHECKED, hypotheses=(FEASIBLE_POSTERIOR,)),
     Reading("step-44", "(44) P_{l-1}/N_{l-1} <= e^eps P_l/N_l for every y and l", step44_check, [FAM_POSTERIORS],
             expected=Verdict.CHECKED, hypotheses=(FEASIBLE_POSTERIOR,)),
     Reading("step-48", "(48) P_n >= N_n e^{-n eps}/(1+(m-1)e^{-eps})^n for every y", step48_check,
             [FAM_POSTERIORS], expected=Verdict.CHECKED, hypotheses=(FEASIBLE_POSTERIOR,)),
     Reading("eq57-as-printed", "Σ_l l N_l e^{-(n-l)eps}/(1+(m-1)e^{-eps})^n = h(eps) (the middle term of (57) as "
                                "printed)", _eq57_check(True), [FAM_NMT], expected=Verdict.REFUTED,
             finding=Finding.AS_WRITTEN,
             form={"quantifier": "forall-instances", "measures": {},
                   "hypotheses": ["range:n >= 1 and n == floor(n) and m >= 2 and m == floor(m) and t >= 1"],
                   "claim": "sum(l, 0, n, l*binomial(n, l)*(m - 1)**l*t**(l - n))/((t + m - 1)/t)**n "
                            "== n/(1 + t/(m - 1))"},
             why="the printed middle term of (57) has e^{-(n-l)ε} where the proof needs e^{-lε}: at n = 1, m = 2, "
                 "e^ε = 3/2 (the archived witness) it is 3/5 while h = 2/5 (a typo; corrected, it is proved: "
                 "eq57-corrected)",
             notes="The optimal P_l are N_l e^{-l eps}/(1+(m-1)e^{-eps})^n, see eq57-corrected."),
     Reading("eq57-corrected", "Σ_l l N_l e^{-l eps}/(1+(m-1)e^{-eps})^n = h(eps) for all n, m, eps",
             _eq57_check(False), [FAM_NMT], prove=prove_binomial_sums, expected=Verdict.PROVED,
             form=_sums_form(_SUM_75))],
)


def claim_ub_check(inst):
    n, m, t = int(inst.params["n"]), int(inst.params["m"]), exp_eps_of(inst)
    S = Hamming(range(m), n)
    py = [as_rational(v, "p_Y") for v in inst.params["p_Y"]]
    parts = [Decision.of(sum(py, F(0)) == 1 and all(v >= 0 for v in py), "exact", "p_Y is a pmf (26)-(27)")]
    total = F(0)
    for y, w in zip(S.points, py):
        post = _posterior_61(S, t, y)
        ok = sum(post, F(0)) == 1 and all(post[a] <= t * post[b] for a, b in S.directed_edges().tolist())
        if not ok:
            parts.append(Decision.of(False, "exact", f"posterior (61) at y = {y} violates (23)-(25)"))
        total += w * sum((v * S.distance(x, y) for x, v in zip(S.points, post)), F(0))
    parts.append(compare_step(total, "==", h(None, n, m, exp_eps=t), "(63): distortion == h(eps)"))
    return Outcome(Decision.all_of(parts, "Claim (61)-(63)"), {"distortion": total})


def _claim_ub_build():
    rng = random.Random(63)
    for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]:
        N = m ** n
        for t in (F(1), F(2), F(7, 3)):
            w = [rng.choice([0, 1, 2, 5]) for _ in range(N)]
            w[0] = w[0] or 1
            yield Instance(f"n={n}, m={m}, e^eps={t}, p_Y weights {w}",
                           params={"n": n, "m": m, "t": t, "p_Y": tuple(F(v, sum(w)) for v in w)})


FAM_CLAIM_UB = cached_family("(n, m, e^eps, random p_Y with zeros)", _claim_ub_build)


#: (71)-(72) as data for the independent checker (beside (75)-(78), _SUM_75)
_SUM_71 = "sum(l, 0, n, binomial(n, l)*(m - 1)**l*exp(-l*eps)) == (1 + (m - 1)*exp(-eps))**n"


CLAIM_UB = Claim(
    "wang2016.lemma1.claim_ub", "Claim in Lemma 1: the posterior (61) is feasible with distortion h(ε) for any p_Y",
    "Appendix A, proof of Lemma 1, eqs. (61)-(78)",
    "Consider p_{X|Y}(x|y) = e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n, (61) and any {p_Y(y)} with Σ_y p_Y(y) = 1, "
    "p_Y(y) >= 0. (62) Then {p_{X|Y}(x|y)} and {p_Y(y)} form a feasible solution of R-PD, and "
    "Σ_x Σ_y p_Y(y)p_{X|Y}(x|y)d(x,y) = h(ε). (63)",
    "construction",
    [Reading("literal", "for random p_Y (zeros allowed) the pair satisfies (23)-(27) exactly and has distortion "
                        "h(eps)",
             claim_ub_check, [FAM_CLAIM_UB], expected=Verdict.CHECKED, open_search=False),
     Reading("sums-71-78", "(71)-(72) Σ_l C(n,l)(m-1)^l e^{-l eps} = (1+(m-1)e^{-eps})^n and (75)-(78) for "
                           "symbolic n, m, eps", claim_ub_check, [FAM_CLAIM_UB], prove=prove_binomial_sums,
             expected=Verdict.PROVED, open_search=False, form=_sums_form(f"{_SUM_71} and {_SUM_75}"))],
)

