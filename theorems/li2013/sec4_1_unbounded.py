"""Li et al. §4.1: positive UDP does not give PMP under correlation; negative UDP ⟺ (D_I, e^ε)-NMP.

Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013): §4.1, unbounded DP (the encoded text starts inside this section).

Main claims
-----------
* ``li2013.laplace_cex`` — ε-positive UDP does not give PMP under correlated laws: a finite analogue
  (truncated geometric noise, exact) and the Laplace densities (symbolic in k, p and ε);
* ``li2013.neg_udp_nmp`` — ε-negative UDP ⟺ (D_I, e^ε)-NMP (stated with its proof omitted).
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Family, Hypothesis, Instance, Outcome, Reading, Verdict, does_not_imply
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS
from exactpriv.measures import udp
from exactpriv.measures.membership import negative_membership

from theorems.li2013.brute_force import membership_level_at
from theorems.li2013.definitions import check_independent_members
from theorems.li2013.equivalences import equivalence_on_levels
from theorems.li2013.instances import SUBSETS, count_geometric
from theorems.li2013.measured import udp_ratio
from theorems.li2013.steps import as_int


__all__ = ["COUNT_CONSTRUCTION", "LAPLACE_CEX", "NEG_UDP_NMP", "prove_laplace_all_k_p"]


def _laplace_instances():
    out = []
    for k in (1, 2, 3, 4):
        for a in (Fraction(2), Fraction(3, 2)):
            for p in (Fraction(1, 2), Fraction(1, 10), Fraction(1, 1000)):
                U = tuple(f"t{i}" for i in range(1, k + 1))
                out.append(Instance(f"k={k}, e^eps={a}, p={p}", count_geometric(U, a),
                                    params={"k": k, "exp_eps": a, "p": p}))
    return tuple(out)


def _is_count_construction(inst) -> bool:
    """The instance is the finite Laplace count of its parameters: |T ∩ {t1..tk}| + truncated geometric noise
    with e^ε = exp_eps on Subsets({t1..tk}), and a law parameter 0 < p < 1."""
    try:
        k, a, p = as_int(inst.params["k"]), Fraction(inst.params["exp_eps"]), Fraction(inst.params["p"])
    except (KeyError, ValueError, TypeError):
        return False
    if k < 1 or a <= 1 or not 0 < p < 1 or inst.mechanism is None:
        return False
    M, want = inst.mechanism, count_geometric(tuple(f"t{i}" for i in range(1, k + 1)), a)
    return (tuple(M.inputs.points) == tuple(want.inputs.points) and tuple(M.outputs) == tuple(want.outputs)
            and tuple(map(tuple, M.rows)) == tuple(map(tuple, want.rows)))


COUNT_CONSTRUCTION = Hypothesis("count-construction", "the mechanism is the count of t1..tk plus truncated "
                                "geometric noise (e^ε = exp_eps), and 0 < p < 1", _is_count_construction)


def _check_laplace_finite(inst: Instance) -> Outcome:
    M = inst.mechanism
    k, a, p = as_int(inst.params["k"]), Fraction(inst.params["exp_eps"]), Fraction(inst.params["p"])
    U = frozenset(M.inputs.universe)
    parts = [Decision.of(udp_ratio(udp.positive_udp(M)) <= a, "rational", "the count mechanism satisfies ε-positive UDP")]
    A = a ** k
    Pk_all, Pk_none = M.prob(k, U), M.prob(k, frozenset())
    parts.append(Decision.of(Pk_all / Pk_none == A, "rational", f"Pr[S|t1]/Pr[S|¬t1] = {Pk_all / Pk_none} = e^(kε) = {A}"))
    # the correlated law: all of t1..tk w.p. p, none otherwise; S = {output = k}
    post = p * Pk_all / (p * Pk_all + (1 - p) * Pk_none)
    formula = 1 / (p + (1 - p) / A)
    parts.append(Decision.of(post / p == formula, "rational", f"Pr[t1|S]/Pr[t1] = {post / p} = 1/(p+(1-p)e^(-kε)) = {formula}"))
    parts.append(Decision.of(formula < A, "rational", "the posterior ratio stays below e^(kε) for p > 0"))
    # for every γ < e^(kε) some p violates γ-PMP (grid of γ's, explicit p)
    for j in (1, 2, 3):
        g = 1 + (A - 1) * Fraction(j, 4)
        pstar = (1 / g - 1 / A) / (1 - 1 / A) / 2
        dist = {U: pstar, frozenset(): 1 - pstar}
        q = pstar * Pk_all / (pstar * Pk_all + (1 - pstar) * Pk_none)
        lvl, _w = membership_level_at(M, dist)
        parts.append(Decision.of(q > g * pstar and lvl > g, "rational", f"γ = {g} < e^(kε): p = {pstar} gives Pr[t1|S] = {q} > γ Pr[t1] (level {lvl})"))
    return Outcome(Decision.all_of(parts, "finite Laplace counterexample"))


def _prove_laplace_symbolic() -> Decision:
    """Continuous Laplace: density ratio at x = k is e^{kε}; the posterior identity; p -> 0 limit."""
    from exactpriv.certify import prove_identity

    x = sympy.Symbol("x", real=True)
    p_ = sympy.Symbol("p", positive=True)

    def lap(c):  # density at x of c + Lap(1/ε)
        return EPS / 2 * sympy.exp(-EPS * sympy.Abs(x - c))

    parts = []
    for k in (1, 3):
        A = sympy.exp(k * EPS)
        ratio = sympy.simplify(lap(k).subs(x, k) / lap(0).subs(x, k))
        parts.append(prove_identity(ratio, A, domain=(0, sympy.oo), closed=(False, False)).to_decision())
        for p in (sympy.Rational(1, 10), sympy.Rational(1, 1000)):
            post = p * A / (p * A + 1 - p)  # Pr[t1|S] by Bayes with Pr[S|t1]/Pr[S|¬t1] = A
            parts.append(prove_identity(post / p, 1 / (p + (1 - p) * sympy.exp(-k * EPS)),
                                        domain=(0, sympy.oo), closed=(False, False)).to_decision())
        lim = sympy.limit(1 / (p_ + (1 - p_) * sympy.exp(-k * EPS)), p_, 0)
        parts.append(Decision.of(sympy.simplify(lim - A) == 0, "sympy-limit", f"lim_(p->0) = {lim} = e^({k}ε)"))
    return Decision.all_of(parts, "Laplace density computation of §4.1")


def _laplace_text(x: str, c: str) -> str:
    """The density at x of c + Lap(1/ε), (ε/2)·e^{−ε|x − c|}, in the checker's grammar."""
    return f"(eps/2*exp(-eps*abs({x} - {c})))"


def _laplace_symbolic_form() -> dict:
    """'laplace-density-symbolic' as data for the independent checker (docs/certificates.md, "all-of"): for k = 1, 3
    and every ε > 0 the density ratio at x = k is e^{kε}; for p = 1/10, 1/1000 Bayes' Pr[t1|S]/Pr[t1] from the two
    densities is 1/(p + (1 − p)e^{−kε}); and for every ε > 0 that ratio tends to e^{kε} as p -> 0."""
    eps = {"eps": "(0, oo)"}
    parts = []
    for k in (1, 3):
        top, bottom = _laplace_text(str(k), str(k)), _laplace_text(str(k), "0")
        parts.append({"name": f"density ratio at x = {k}", "statement": {
            "quantifier": "forall-params", "domain": eps, "claim": f"{top}/{bottom} == exp({k}*eps)"}})
        for p in ("1/10", "1/1000"):
            post = f"(({p})*{top}/(({p})*{top} + (1 - ({p}))*{bottom}))"
            parts.append({"name": f"posterior ratio, k = {k}, p = {p}", "statement": {
                "quantifier": "forall-params", "domain": eps,
                "claim": f"{post}/({p}) == 1/(({p}) + (1 - ({p}))*exp(-{k}*eps))"}})
        parts.append({"name": f"limit as p -> 0, k = {k}", "statement": {
            "quantifier": "limit", "limit": {"of": f"1/(p + (1 - p)*exp(-{k}*eps))", "variable": "p", "at": "0"},
            "domain": eps, "claim": f"L == exp({k}*eps)"}})
    return {"quantifier": "all-of", "parts": parts}


def _laplace_all_form() -> dict:
    """'laplace-density-all-k-p' as data for the independent checker: the same three parts for every k > 0,
    p ∈ (0, 1) and ε > 0 (docs/certificates.md, "all-of", "atom-identity", "continuity")."""
    top, bottom = _laplace_text("k", "k"), _laplace_text("k", "0")
    post = f"(p*{top}/(p*{top} + (1 - p)*{bottom}))"
    kpe = {"k": "(0, oo)", "p": "(0, 1)", "eps": "(0, oo)"}
    return {"quantifier": "all-of", "parts": [
        {"name": "density ratio at x = k", "statement": {
            "quantifier": "forall-params", "domain": {"k": "(0, oo)", "eps": "(0, oo)"},
            "claim": f"{top}/{bottom} == exp(k*eps)"}},
        {"name": "posterior ratio", "statement": {
            "quantifier": "forall-params", "domain": kpe, "claim": f"{post}/p == 1/(p + (1 - p)*exp(-k*eps))"}},
        {"name": "limit as p -> 0", "statement": {
            "quantifier": "limit", "limit": {"of": "1/(p + (1 - p)*exp(-k*eps))", "variable": "p", "at": "0"},
            "domain": {"k": "(0, oo)", "eps": "(0, oo)"}, "claim": "L == exp(k*eps)"}}]}


_K, _P, _E = sympy.Symbol("k", positive=True), sympy.Symbol("p", positive=True), sympy.Symbol("epsilon", positive=True)
#: a point of the domain where a non-identity is exhibited exactly (k = 1, p = 1/2, e^ε = 2)
_POINT = {_K: 1, _P: sympy.Rational(1, 2), _E: sympy.log(2)}


def _identity_all(lhs, rhs, what: str) -> Decision:
    """lhs == rhs for all k > 0, p in (0, 1), ε > 0: TRUE when the difference simplifies to 0 (sympy's
    simplification preserves value on the domain of the positive symbols); FALSE with the exact point
    :data:`_POINT` when the difference is non-zero there; else UNDECIDED."""
    diff = sympy.simplify(lhs - rhs)
    if diff == 0:
        return Decision.true("sympy-simplify", f"{what}: the difference simplifies to 0")
    at = sympy.nsimplify(sympy.simplify(diff.subs(_POINT)))
    if at.is_number and at.is_zero is False:
        return Decision.false("exact-point", f"{what}: the difference is {at} at k = 1, p = 1/2, e^ε = 2",
                              certificate={"point": {str(s): str(v) for s, v in _POINT.items()}, "value": str(at)})
    return Decision.undecided("sympy-simplify", f"{what}: the difference {diff} was not simplified to 0")


def prove_laplace_all_k_p(exponent=lambda k: -k) -> Decision:
    """For every k > 0, p in (0, 1) and ε > 0 (symbolic): the Laplace density ratio at x = k is e^{kε}; by
    Bayes, Pr[t1|S]/Pr[t1] = 1/(p + (1-p)e^{-kε}) (``exponent`` replaces -k in broken variants); and the
    limit as p -> 0 is e^{kε} (sympy's Gruntz limit, exact)."""
    x = sympy.Symbol("x", real=True)

    def lap(c):  # density at x of c + Lap(1/ε)
        return _E / 2 * sympy.exp(-_E * sympy.Abs(x - c))

    A = sympy.exp(_K * _E)
    ratio = lap(_K).subs(x, _K) / lap(0).subs(x, _K)
    post = _P * A / (_P * A + 1 - _P)  # Pr[t1|S] with Pr[S|t1]/Pr[S|¬t1] = A
    formula = 1 / (_P + (1 - _P) * sympy.exp(exponent(_K) * _E))
    lim = sympy.limit(1 / (_P + (1 - _P) * sympy.exp(-_K * _E)), _P, 0)
    return Decision.all_of([_identity_all(ratio, A, "density ratio at x = k"),
                   _identity_all(post / _P, formula, "posterior ratio"),
                   _identity_all(lim, A, "limit as p -> 0")], "Laplace example of §4.1 for all k, p, ε")

LAPLACE_CEX = Claim(
    "li2013.laplace_cex", "Example (§4.1): positive UDP does not give PMP under correlation",
    "§4.1, the Laplace example (UDP and PMP reconstructed)",
    "Consider the mechanism that outputs the number of t1, t2, ..., tk in the dataset by adding to it noise "
    "drawn from the Laplace distribution Lap(1/ε), where Pr[Lap(β) = x] = 1/(2β) e^{-|x|/β}. This satisfies "
    "ε-positive UDP. Now consider the distribution [all of t1..tk present w.p. p, none otherwise] and the "
    "event S = k, we have Pr[S|t1]/Pr[S|¬t1] = e^{kε}. Therefore, Pr[t1|S]/Pr[t1] = 1/(p+(1-p)/e^{kε}), which "
    "can get arbitrarily close to e^{kε} by choosing very small p. Thus, for any γ < e^{kε} ... violating "
    "γ-PMP.",
    "non-implication",
    [
        Reading("finite-analogue",
                "Laplace noise replaced by truncated geometric noise on {0..k} (e^ε = a rational; the exact "
                "discrete Laplace analogue): the mechanism is ε-positive UDP; under the correlated law, "
                "Pr[S|t1]/Pr[S|¬t1] = e^{kε} and Pr[t1|S]/Pr[t1] = 1/(p+(1-p)e^{-kε}) exactly; for γ = "
                "1 + (e^{kε}-1)j/4 (j = 1..3) an explicit p violates γ-PMP (brute force over events)",
                check=_check_laplace_finite, families=(Family("k-1..4", _laplace_instances),),
                expected=Verdict.CHECKED, hypotheses=(COUNT_CONSTRUCTION,), open_search=False,
                relations=(does_not_imply("pure_dp", "positive_membership", conditions=("correlated",)),),
                notes="About the paper's construction only (open_search=False; an instance that is not the count "
                      "mechanism of its parameters is outside).  Finite analogue of a continuous example: the "
                      "truncation at 0 and k keeps the ratio at "
                      "the output k exactly e^{kε}, as for Laplace densities."),
        Reading("laplace-density-symbolic",
                "with Laplace densities (continuous, S = {output = k} read as a density event): the ratio is "
                "exactly e^{kε}, Pr[t1|S]/Pr[t1] = 1/(p+(1-p)e^{-kε}) for all ε > 0 (k ∈ {1, 3}, "
                "p ∈ {1/10, 1/1000}), and its limit as p -> 0 is e^{kε}",
                prove=_prove_laplace_symbolic, expected=Verdict.PROVED, form=_laplace_symbolic_form(),
                notes="Identities proved by exactpriv.certify.prove_identity (exact algebra in e^ε); the "
                      "limit by sympy. That the Laplace count satisfies ε-positive UDP is not re-proved here "
                      "(see the finite analogue).", open_search=False),
        Reading("laplace-density-all-k-p",
                "with Laplace densities, for every k > 0, p ∈ (0, 1) and ε > 0 (symbolic): the density ratio at "
                "x = k is e^{kε}, Pr[t1|S]/Pr[t1] = 1/(p+(1-p)e^{-kε}), and its limit as p -> 0 is e^{kε}",
                prove=prove_laplace_all_k_p, expected=Verdict.PROVED, form=_laplace_all_form(),
                notes="The general form of laplace-density-symbolic and a second, independent computation (sympy "
                      "simplification in k, p, ε here; the certifier in ε at fixed k, p there).", open_search=False),
    ])


_check_neg_udp_nmp_literal = equivalence_on_levels(
    udp.negative_udp, [lambda M: negative_membership(M, family="independent")],
    "ε-negative UDP ⟺ (D_I, e^ε)-NMP at every level of the grid")


NEG_UDP_NMP = Claim(
    "li2013.neg_udp_nmp", "Claim (proof omitted): ε-negative UDP ⟺ (D_I, e^ε)-NMP",
    "§4.1, end ('Similar to Theorem 4.5'); UDP, NMP, D_I reconstructed",
    "Similar to Theorem 4.5, we can show that ε-negative UDP is equivalent to (D_I, e^ε)-NMP. We omit the "
    "proof here.",
    "equivalence",
    [
        Reading("literal", "for every level λ of a grid around the threshold: (ln λ)-negative UDP holds iff "
                "(D_I, λ)-NMP holds (udp.negative_udp vs membership.negative_membership('independent'))",
                check=_check_neg_udp_nmp_literal, families=SUBSETS, expected=Verdict.CHECKED),
        Reading("members-brute-force", "definitional: explicit product laws (p_t ∈ [0,1]) have NMP level <= "
                "e^{negative UDP}, and vertex laws with Pr[t] -> 1 exceed every γ below it",
                check=check_independent_members(True), families=SUBSETS, expected=Verdict.CHECKED,
                notes="Same check as def_nmp/independent-members; here it is the evidence for the "
                      "equivalence, independent of the membership module's reduction."),
    ])


