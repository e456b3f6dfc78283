"""Survivors of the mutation run (:mod:`counterexamples.mutation`): equivalent mutants or holes of the search.

A surviving mutant is classified by :func:`equivalence`: a true statement by a stated rule (definitional, a
sibling reading, a hand-written argument in :data:`EXPLAINED`, an unread parameter, a restatement, a converse, a
sharper proved bound) is *equivalent* and leaves the kill rate's denominator; :data:`IN_SCOPE` holds the
arguments of mutants true on every instance the exact-matrix search can draw; every other survivor counts.
"""

from __future__ import annotations

import sympy

from counterexamples.mutants import TIGHTEN, Mutant
from counterexamples.mutation_outside import PRIOR_HYPOTHESES, same_check
from exactpriv.claims import Claim, Reading
from exactpriv.exact.numbers import EPS

__all__ = ["EXPLAINED", "IN_SCOPE", "SURVIVOR_NOTES", "equivalence"]

#: Survivors that are true statements for a reason no mechanical rule below sees, each with its argument
#: (claim id, reading, operator) -> why.  Only arguments that hold for every instance belong here; a
#: survivor whose truth is merely plausible stays a survivor ("undetermined").
EXPLAINED: dict = {
    ("wang2016.relaxation", "pd-dp", "drop:range-D^n"): (
        "(28) multiplies two ratio bounds, p(y|x) <= e^eps p(y|x') (eps-DP, whatever the output set) and "
        "p_X(x) <= e^eps_X p_X(x') (the prior); neither uses the range.  The second part, D*_relaxed(eps + eps_X) "
        "<= D*_d(eps), compares two optimisation problems that depend on the instance only through e^eps (every "
        "PD-DP-feasible mechanism, whose range is D^n by definition, gives an R-PD-feasible joint by the first "
        "part).  So the statement holds for mechanisms with any range."),
    ("wang2016.thm1.gap", "literal", "drop:full-support-prior"): (
        "the remaining hypothesis D <= h(eps~_X) (with D > 0) implies full support: eps~_X is the least eps at "
        "which p_X(x) = sum_y p(x|y) p_Y(y) with p(x|y) = e^(-eps d(x,y)) / (1 + (m-1) e^-eps)^n, positive for "
        "every finite eps, so a prior with a zero is feasible at no finite eps (eps~_X = oo) and D <= h(oo) = 0 "
        "fails.  The mutant has exactly the original's instances."),
    ("cuff2016.eq105", "zhang-continuity", "drop:tv-at-most-(|Y|-1)/|Y|"): (
        "|H(P) - H(Q)| <= h(T) + T ln(|Y| - 1) holds for every T in [0, 1]: take a maximal coupling (X, X') of P "
        "and Q, Pr[X != X'] = T; H(X) - H(X') <= H(X | X') (as H(X) <= H(X, X') = H(X') + H(X | X')), and "
        "Fano's inequality, valid for every error probability, gives H(X | X') <= h(T) + T ln(|Y| - 1); the "
        "same with P and Q swapped.  The range T <= (|Y|-1)/|Y| matters only for the monotonicity (105) uses."),
    ("identitydp.thm4", "conditional-eta", "drop:dataset-mechanism"): (
        "the reading's argument (docstring of its check: (11)'s ratio is a mediant over xbar of per-xbar ratios, "
        "each bounded by Lemma 5's steps through group privacy over the <= k records that differ) uses that M is "
        "eps-DP on D^n and never that M is a function of the multiset of records; the mutant holds exactly when "
        "the original does by that argument (the reading is CHECKED, not PROVED: this equivalence is as strong "
        "as that argument)."),
    ("cuff2016.prop9", "literal", "drop:gamma-domain"): (
        "(47)'s hockey-stick form holds for every gamma >= 0, not only gamma > 1: E_gamma(P||Q) <= delta means "
        "P(A) <= gamma Q(A) + delta for every event A, and chaining k neighbour steps gives P(A) <= gamma^k R(A) + "
        "(1 + gamma + ... + gamma^(k-1)) delta, i.e. E_(gamma^k) <= (gamma^k - 1)/(gamma - 1) delta (the sum for "
        "gamma = 1, where the coefficient as written is 0/0 and the check raises; gamma < 0 is no hockey-stick "
        "level: a typed error).  So the mutant holds wherever it is defined."),
    ("zhao2019.thm1_fwd", "resample", "tighten"): (
        "the paper's proof step quoted in the claim, on which the 'resample' reading rests, makes the two "
        "posteriors pointwise within e^(+-2 eps); two pmfs whose likelihood ratio is within e^(+-2 eps) have "
        "statistical distance <= (e^(2 eps) - 1)/(e^(2 eps) + 1) = tanh(eps) <= eps <= (9/10)(e^(2 eps) - 1), "
        "since e^(2 eps) - 1 >= 2 eps (the reading is CHECKED, not PROVED: this equivalence is as strong as that "
        "proof step)."),
}


#: Mutants that are true on every instance the exact-matrix search can draw (records of at most 10 values — the
#: declared spaces have at most 3 — or at most 27 inputs) for a stated reason, and false only far beyond: not
#: holes of that search, not equivalent either.  Since session 7 the hunt's large-alphabet stage
#: (counterexamples.large_alphabets) kills all four on the symmetric channel — (22) at m = 10^6, e^ε = 3·10^5;
#: (23), (61) and (58) at m = 10^22, e^ε = 10^24 — so this rule classifies a survivor only when that stage could
#: not run (a run with another search); the kill rate is reported with and without them.
_CONVEXITY = ("for each value of the other records, the channel from X_i (m values) to Y has I <= sum_v pi_v "
              "D(W_v || sum_u pi_u W_u) <= sum_v sum_u pi_v pi_u D(W_v || W_u) <= (1 - 1/m) max_(u != v) "
              "D(W_v || W_u) (KL is convex in its second argument; only pairs of positive probability count)")


IN_SCOPE: dict = {
    ("cuff2016.lemma1", "eq22", "tighten"): (
        f"{_CONVEXITY}, so mi_dp <= (1 - 1/m) kl_dp <= (9/10) kl_dp when every record takes at most 10 values.  "
        "Beyond, the symmetric m-ary channel has C / max KL -> 1 as m -> oo, so the mutant is false only for "
        "alphabets far beyond any exact search (thousands of values)."),
    ("cuff2016.lemma1", "eq23", "tighten"): (
        f"{_CONVEXITY}; with D(W_v || W_u) <= eps tanh(eps/2) for eps-indistinguishable pairs (cuff2016.prop1, "
        "PROVED in the bank by reduction), mi_dp <= (1 - 1/m) eps tanh(eps/2) <= (9/10) min(eps, eps^2/2) <= "
        "(9/10) min(eps, eps^2) for m <= 10 (tanh(eps/2) <= min(1, eps/2))."),
    ("cuff2016.sec6_3", "(60)-implies-(61)", "tighten"): (
        f"given X_S = x_S of positive probability, (60) makes the channel x_i -> P(Y | x_i, x_S) eps-DP on the "
        f"values of positive probability; {_CONVEXITY}; with KL <= eps tanh(eps/2) <= eps (cuff2016.prop1), "
        "I(X_i; Y | X_S) <= (1 - 1/m) eps <= (9/10) eps for m <= 10."),
    ("cuff2016.sec6_2", "(57)-implies-(58)", "tighten"): (
        "for a mechanism with N <= 27 inputs (the largest space the search draws) every pair of inputs "
        "eps-indistinguishable: (a) C <= (1 - 1/N) max KL <= (26/27) eps tanh(eps/2) (convexity as for (22); "
        "cuff2016.prop1), <= (9/10) eps while tanh(eps/2) <= (9/10)(27/26), i.e. eps <= 3.387; (b) the information "
        "density ln W(y|x)/PW(y) <= -ln(pi(x) + (1 - pi(x)) e^-eps) (every W(y|x') >= e^-eps W(y|x)), and "
        "pi -> -pi ln(pi + (1 - pi) e^-eps) is concave, so C <= ln(N e^eps / (e^eps + N - 1)) <= "
        "ln(27 e^eps / (e^eps + 26)), which is <= (9/10) eps at eps = 3.387 (2.665 <= 3.048) and beyond (the "
        "difference decreases for eps > ln(26/9)).  Beyond 27 inputs the symmetric N-ary channel has C / eps -> "
        "its diagonal mass as N -> oo (a float scan: C / eps <= 0.485 up to N = 27), so the mutant is false only "
        "for N in the billions."),
}


#: What is known of a survivor that is neither killed nor classified (a float scan, an estimate) — reported,
#: never counted
SURVIVOR_NOTES: dict = {}


def _map_of(reading: Reading, source: str, target: str):
    for rel in reading.relations:
        if rel.kind == "implication" and rel.map is not None and rel.source == source and rel.target == target:
            return rel
    return None


def _proved_le(lhs, rhs) -> bool:
    """lhs(ε) <= rhs(ε) for every ε >= 0, shown by the certifier (exactpriv.forall); False when not shown."""
    from exactpriv.forall import inequality_for_all

    try:
        return inequality_for_all(sympy.sympify(lhs), "<=", sympy.sympify(rhs), domain=(0, sympy.oo),
                                  closed=(True, False), variable=EPS).is_true  # the effort decides
    except Exception:  # the certifier refuses the form: not shown
        return False


def equivalence(m: Mutant, row: dict, claims, verdicts: dict) -> dict | None:
    """Why a surviving mutant is a true statement — ``{"rule", "why"}`` — or None (a hole in the search, or
    undetermined).  The rules, each a reason that holds for every instance:

    * ``sibling`` — the drop mutant *is* another reading of the claim: same check, and its hypotheses are
      among the mutant's; that reading is CHECKED or PROVED on its own (so the mutant is no weaker claim);
    * ``sharper`` — a tighten mutant B ≤ (9/10)·f(A) follows from a CHECKED/PROVED relation B ≤ g(A) of the
      bank with g(ε) ≤ (9/10)·f(ε) for every ε ≥ 0, shown by the certifier;
    * ``converse`` — a swap mutant B ≥ f(A) is the bank's CHECKED/PROVED relation A ≤ f⁻¹(B) (f and the
      converse map are inverse, shown by sympy, and increasing);
    * ``definitional`` — a drop mutant whose check is undefined outside the dropped hypothesis: every instance
      checked outside it (at least one) raised a typed error (or divided 0 by 0) or was undecided, none was
      decided and none raised a defect (AttributeError, TypeError...) — the hypothesis is the statement's domain,
      not a condition of it;
    * ``unread-parameter`` — a drop of a parameter-domain hypothesis whose parameters the check never reads
      (:func:`_unread_parameters`: the same decisions with them removed);
    * ``restated`` — a drop mutant whose check restates the dropped hypothesis as its premise: every instance
      outside it that the check decided (at least one) was TRUE by the method "vacuous" (the check's own
      implication found its premise false), none otherwise — the mutant's check is the original statement;
    * ``explained`` — :data:`EXPLAINED`, a hand-written argument that holds for every instance.
    """
    ok = ("CHECKED", "PROVED")
    original = m.claim.reading(m.original)
    if m.operator.startswith("drop:"):
        names = {h.name for h in m.reading.hypotheses}
        # the claim's own readings first, then every other claim's (a corollary restating a proposition)
        for c in [m.claim] + [c for c in claims if c.id != m.claim.id]:
            for r in c.readings:
                theirs = {h.name for h in r.hypotheses}
                if (c.id, r.name) != (m.claim.id, m.original) and same_check(r.check, original.check) \
                        and theirs - PRIOR_HYPOTHESES <= names and verdicts.get((c.id, r.name)) in ok:
                    domain = sorted(theirs & PRIOR_HYPOTHESES - names)
                    where = f"'{r.name}' of the same claim" if c is m.claim else f"{c.id}/{r.name}"
                    return {"rule": "sibling", "why": f"the mutant is reading {where} (same check, hypotheses "
                                                      f"{sorted(theirs) or 'none'}), {verdicts[(c.id, r.name)]} on "
                                                      "its own" + (f"; {', '.join(domain)} is the statement's domain "
                                                                   "(the measures need a prior)" if domain else "")}
        dropped = next((h for h in original.hypotheses if h.name == m.operator[5:]), None)
        unread = _unread_parameters(m.claim, original, dropped)
        if unread:
            return {"rule": "unread-parameter", "why": unread}
        out = row.get("outside", {}).get("outside", {})
        if out and out.get("vacuous") and not out["true"] and not out["false"] and not out.get("bug"):
            return {"rule": "restated",
                    "why": f"the check restates '{m.operator[5:]}' as its own premise: on all {out['vacuous']} "
                           "instances outside it that it decided, it found the premise false and said TRUE "
                           "(vacuous), so the mutant's check is the original statement"
                           + (f" ({out['undecided'] + out['error']} more undecided or undefined)"
                              if out["undecided"] + out["error"] else "")}
        if out and not out["true"] and not out["false"] and not out.get("bug") and out["undecided"] + out["error"] > 0:
            ex = row["outside"]["examples"][:1]
            return {"rule": "definitional",
                    "why": f"outside '{m.operator[5:]}' the statement is undefined: {out['undecided'] + out['error']} "
                           f"instances outside it, none decided" + (f" (e.g. {ex[0]})" if ex else "")}
    rel = next((r for r in original.relations if r.kind == "implication" and r.map is not None), None)
    if rel is not None and m.operator in ("tighten", "swap"):
        f = sympy.sympify(rel.map)
        for c in claims:
            for r in c.readings:
                if verdicts.get((c.id, r.name)) not in ok:
                    continue
                if m.operator == "tighten":
                    other = _map_of(r, rel.source, rel.target)
                    if other is None or (c.id, r.name) == (m.claim.id, m.original) or other.conditions != rel.conditions:
                        continue
                    g = sympy.sympify(other.map)
                    if g.free_symbols - {EPS} or g.has(sympy.Piecewise, sympy.oo):
                        continue
                    if _proved_le(g, f * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator)):
                        return {"rule": "sharper", "why": f"{c.id}/{r.name} ({verdicts[(c.id, r.name)]}) states "
                                                          f"{rel.target} <= {other.label}, and {other.label} <= "
                                                          f"(9/10)·({rel.label}) for every ε >= 0 (certified)"}
                else:
                    other = _map_of(r, rel.target, rel.source)
                    if other is None:
                        continue
                    g = sympy.sympify(other.map)
                    if g.free_symbols - {EPS}:
                        continue
                    t0 = sympy.Dummy("t", positive=True)
                    composed = sympy.simplify((g.xreplace({EPS: f}) - EPS).xreplace({EPS: t0}))
                    t = sympy.Dummy("t", positive=True)  # the level of a measure: ε > 0
                    increasing = sympy.simplify(sympy.diff(f, EPS).xreplace({EPS: t})).is_positive
                    if composed == 0 and increasing:
                        return {"rule": "converse", "why": f"{c.id}/{r.name} ({verdicts[(c.id, r.name)]}) states "
                                                           f"{rel.source} <= {other.label} given {rel.target}; with "
                                                           f"f = {rel.label} increasing and inverse to it, that is "
                                                           f"{rel.target} >= f({rel.source})"}
    why = EXPLAINED.get((m.claim.id, m.original, m.operator))
    if why:
        return {"rule": "explained", "why": why}
    why = IN_SCOPE.get((m.claim.id, m.original, m.operator))
    if why:
        return {"rule": "true-in-scope", "why": why}
    return None


#: how many family instances :func:`_unread_parameters` probes
_UNREAD_PROBES = 6


def _unread_parameters(claim: Claim, reading: Reading, dropped) -> str:
    """Why dropping ``dropped`` changes nothing, when it is a parameter-domain hypothesis (``params``) whose
    parameters the check never reads: on the first family instances that carry them, the check decides
    exactly the same (TRUE/FALSE, never UNDECIDED, never raising) with those parameters removed — the
    hypothesis constrains a label (e.g. the γ an extremal pair was built from), so the mutant is the original
    statement.  '' when not shown."""
    from dataclasses import replace as _replace

    from exactpriv.claims import as_outcome

    names = tuple(getattr(dropped, "params", ()) or ())
    if not names or reading.check is None:
        return ""
    probed = 0
    for fam in reading.families:
        if fam.slow:
            continue
        try:
            insts = [i for i in fam.build() if any(n in i.params for n in names)]
        except Exception:  # noqa: BLE001 - a family that cannot be built shows nothing
            continue
        for inst in insts[:_UNREAD_PROBES - probed]:
            stripped = _replace(inst, params={k: v for k, v in inst.params.items() if k not in names})
            try:
                a, b = as_outcome(reading.check(inst)).decision, as_outcome(reading.check(stripped)).decision
            except Exception:  # noqa: BLE001 - the check reads a parameter (it raised without it)
                return ""
            if a.is_undecided or b.is_undecided or a.is_true != b.is_true:
                return ""
            probed += 1
        if probed >= _UNREAD_PROBES:
            break
    if not probed:
        return ""
    return (f"the check never reads {', '.join(names)}: on {probed} family instances it decides exactly the same "
            f"with {'them' if len(names) > 1 else 'it'} removed, so '{dropped.name}' constrains a label and the "
            "mutant is the original statement (a probe of the check, like the descriptive-parameters probe)")
