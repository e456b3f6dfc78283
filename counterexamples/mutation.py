"""Recall of the search measured by mutation, like mutation testing (issue 23, item 4).

A search that never finds anything proves nothing about itself.  Its recall is measured on statements known to
be false: *mutants* derived mechanically from the bank's true implication and inequality readings (those
whose verdict is CHECKED or PROVED), each hunted with a fixed effort.  A killed mutant is one the search
refutes; a surviving one is either a true statement (the reading's constant has slack, a hypothesis is
redundant, or both sides are equal) or a hole in the search.

Mutation operators (:func:`mutants_of`):

* ``tighten`` — for a reading that declares an implication relation "α-A ⇒ f(α)-B" (``Reading.relations``):
  B(M) ≤ (9/10)·f(A(M)), the constant tightened by 10%;
* ``swap`` — the same relation with ≤ swapped for ≥: B(M) ≥ f(A(M)) (a relation is never symmetric here:
  equality on every instance would make both directions hold, which the survivor list reports);
* ``drop:<hypothesis>`` — the reading with one of its hypotheses dropped (its own check, more instances).

A relation whose notions are not measures of the registry (per-record quantities) or that is stated for
pairs of distributions gets no tighten/swap mutant; a reading with neither a relation nor a hypothesis gets none at all — :func:`mutation_run` reports
those readings as *not mutated*, so the kill rate is never computed over an unstated population.
Each mutant is hunted by :func:`counterexamples.hunt.hunt_reading` with ``max_examples = effort`` and seed 0
(its families, the structured extremal instances of its declared search space, drawn instances, local search, and
for a tighten/swap mutant — whose check states its relation, ``check.relation`` — the symmetric channel on alphabets
of up to 10^30 values decided from closed forms, :mod:`counterexamples.large_alphabets`;
parameter draws for a reading whose own hunt with them stays clean, :func:`params_drawable`): the result is a
function of the bank, the effort and the seed.  A survivor is classified (:func:`equivalence`): a true statement
by a stated rule is *equivalent* and leaves the kill rate's denominator; every other survivor counts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import math
from fractions import Fraction

import sympy

from counterexamples.hunt import hunt_reading
from exactpriv.claims import Claim, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS

__all__ = ["Mutant", "TIGHTEN", "mutants_of", "mutation_run", "run_mutant"]

#: the factor of the tighten operator
TIGHTEN = Fraction(9, 10)


@dataclass
class Mutant:
    claim: Claim
    reading: Reading  # the mutated reading
    original: str  # the original reading's name
    operator: str  # "tighten" | "swap" | "drop:<name>"
    statement: str


def _relation_check(source: str, target: str, fmap, operator: str):
    """The check of a relation mutant: B ≤ (9/10)·f(A) (tighten) or B ≥ f(A) (swap), exactly.

    A target only enclosed (a capacity, a supremum over priors) is decided on its certified side: the
    tighten mutant is violated when B's lower end exceeds the bound and holds when B's upper end is below
    it (the swap mutant mirrored); otherwise UNDECIDED.  The guide for the search is the *ratio*
    B / bound − 1 (a float, never a verdict): a difference would pull the search towards ε = 0, where both
    sides vanish."""
    from exactpriv.exact.kernel import compare
    from exactpriv.measures import compute
    from exactpriv.measures.result import value_to_float, value_to_sympy

    expr = sympy.sympify(fmap)

    def value(name, inst):
        return compute(name, inst.mechanism, prior=inst.prior)

    def guide(b, bound) -> float | None:
        try:
            fb, ff = value_to_float(b), float(bound)
        except Exception:  # no float image: no guide
            return None
        if not (math.isfinite(fb) and math.isfinite(ff)):
            return None
        if ff > 0:
            return fb / ff - 1
        return 1.0 if fb > ff else -1.0  # both sides vanish (ε = 0): the worst place to search from

    def check(inst: Instance) -> Outcome:
        a, b = value(source, inst), value(target, inst)
        values = {"A": a, "value of B": b}
        if a.value is None:
            return Outcome(Decision.undecided("mutant", f"{source} is only enclosed"), values)
        fa = expr.xreplace({EPS: value_to_sympy(a.value)})
        bound = fa * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator) if operator == "tighten" else fa
        values["limit"] = bound
        op, fail_side, hold_side = ("<=", b.lower, b.upper) if operator == "tighten" else (">=", b.upper, b.lower)
        if b.value is not None:
            decision = compare(b.value, op, bound)
        else:
            # certified enclosure [lower, upper] of B: one side decides each way
            decision = Decision.undecided("mutant", f"{target} is only enclosed")
            if hold_side is not None:
                held = compare(hold_side, op, bound)
                if held.is_true:
                    decision = held
            if decision.is_undecided and fail_side is not None:
                failed = compare(fail_side, op, bound)
                if failed.is_false:
                    decision = failed
        g = guide(b.value if b.value is not None else (b.lower if b.lower is not None else b.upper), bound)
        if g is not None:  # a guide only, kept as a rational (values hold exact numbers)
            values["margin"] = Fraction(g if operator == "tighten" else -g).limit_denominator(10 ** 9)
        return Outcome(decision, values)

    # the statement as data for the hunt's large-alphabet stage (counterexamples.large_alphabets): B op g(A)
    check.relation = ((source, target, expr * sympy.Rational(TIGHTEN.numerator, TIGHTEN.denominator), "<=")
                      if operator == "tighten" else (source, target, expr, ">="))
    return check


def mutants_of(claim: Claim, reading: Reading) -> list[Mutant]:
    """The mechanical mutants of one reading (see the module head)."""
    from exactpriv.measures import REGISTRY

    out = []
    for rel in reading.relations:
        if rel.kind != "implication" or rel.map is None:
            continue
        if rel.source not in REGISTRY or rel.target not in REGISTRY or sympy.sympify(rel.map).free_symbols - {EPS}:
            continue
        if sympy.sympify(rel.map).has(sympy.oo, sympy.Piecewise):
            continue
        if "pair-level" in rel.conditions:  # stated for pairs (P, Q): the instances hold no mechanism to measure
            continue
        for op, text in (("tighten", f"{rel.target} <= (9/10)·({rel.label})"), ("swap", f"{rel.target} >= {rel.label}")):
            r = replace(reading, name=f"{reading.name}~{op}", check=_relation_check(rel.source, rel.target, rel.map, op),
                        prove=None, expected=None, finding=None, why="", relations=(), strategy=reading.strategy)
            out.append(Mutant(claim, r, reading.name, op, f"{rel.source} = eps => {text}"))
        break  # one relation per reading: the reading's stated map
    if reading.check is not None:
        for h in reading.hypotheses:
            r = replace(reading, name=f"{reading.name}~drop:{h.name}",
                        hypotheses=tuple(x for x in reading.hypotheses if x is not h), prove=None, expected=None,
                        finding=None, why="", relations=())
            out.append(Mutant(claim, r, reading.name, f"drop:{h.name}", f"{reading.statement} without '{h.name}'"))
    return out


#: hypotheses that ask for a prior: their violators are the family instances with the prior removed
_PRIOR_HYPOTHESES = {"has-prior"}
#: how many instances outside a dropped hypothesis the record of a drop mutant keeps as examples
_OUTSIDE_EXAMPLES = 3


def _recording(reading: Reading, dropped) -> tuple[Reading, dict]:
    """``reading`` whose check also records, for every instance it checks, whether the instance meets the
    dropped hypothesis and — for one that does not — what the check said: ``{"outside": {"true", "false",
    "undecided", "error"}: count, "examples": [...]}``.  Only records; the check's answer is unchanged."""
    rec = {"outside": {"true": 0, "vacuous": 0, "false": 0, "undecided": 0, "error": 0, "bug": 0}, "examples": []}
    inner = reading.check

    def check(inst):
        from counterexamples.search_space import probing
        from exactpriv.errors import ExactPrivError

        if probing():  # the descriptive-parameters probe on a template stripped of its parameters: no instance
            return inner(inst)
        inside = _holds(dropped, inst)
        try:
            out = inner(inst)
        except Exception as exc:
            if not inside:
                # a typed error (or 0/0) says the statement is undefined there; an AttributeError or a TypeError
                # is a defect of the code, which says nothing about the statement
                undefined = isinstance(exc, (ExactPrivError, ZeroDivisionError))
                rec["outside"]["error" if undefined else "bug"] += 1
                if len(rec["examples"]) < _OUTSIDE_EXAMPLES:
                    rec["examples"].append(f"{type(exc).__name__}: {exc} (on {inst.label})"[:240])
            raise
        if not inside:
            from exactpriv.claims import as_outcome

            d = as_outcome(out).decision
            # TRUE by the method "vacuous": the check itself found its premise false (an implication check
            # that restates the dropped hypothesis)
            key = ("vacuous" if d.method == "vacuous" else "true") if d.is_true else \
                "false" if d.is_false else "undecided"
            rec["outside"][key] += 1
            if key == "undecided" and len(rec["examples"]) < _OUTSIDE_EXAMPLES:
                rec["examples"].append(f"{inst.label}: {d}"[:160])
        return out

    return replace(reading, check=check), rec


#: at most this many instances just outside a dropped hypothesis, and of sibling readings' instances, per mutant
_VIOLATOR_LIMIT = 12
_SIBLING_LIMIT = 12
#: the family instances each violating move starts from
_VIOLATOR_BASES = 3


def _prior_moves(prior):
    """Priors one exact move away from ``prior``: a support point's mass moved onto another (zeros), all mass
    on the diagonal (records all equal: the most correlated prior), and half of the prior's mass moved onto the
    diagonal (correlated records with the prior's support kept)."""
    from exactpriv.distributions import Prior
    from exactpriv.spaces import Hamming

    out = []
    pmf, space = list(prior.pmf), prior.space
    support = [j for j, v in enumerate(pmf) if v > 0]
    if len(support) > 1:
        for j in (support[0], support[-1]):
            new = list(pmf)
            k = support[-1] if j == support[0] else support[0]
            new[k] += new[j]
            new[j] = Fraction(0)
            out.append((f"prior mass of point #{j} moved to #{k}", Prior(space, new)))
    if isinstance(space, Hamming) and len(space.alphabets) > 1 and len({len(a) for a in space.alphabets}) == 1:
        diag = [j for j, x in enumerate(space.points) if len(set(x)) == 1]
        if len(diag) > 1:
            d = [Fraction(1, len(diag)) if j in diag else Fraction(0) for j in range(space.size)]
            out.append(("uniform on the diagonal", Prior(space, d)))
            out.append(("half of the mass on the diagonal", Prior(space, [(a + b) / 2 for a, b in zip(pmf, d)])))
    return out


def _mechanism_moves(mech):
    """Rational mechanisms one exact move away: an entry's mass moved to the next output (a zero; ratio ∞), and
    one input's row swapped with another's (no longer a function of the multiset of records)."""
    from exactpriv.mechanisms.base import Mechanism

    out = []
    rows = [list(r) for r in mech.rows]
    k = len(mech.outputs)
    for i in (0, len(rows) - 1):
        row = list(rows[i])
        j = next((j for j, v in enumerate(row) if v > 0), None)
        if j is not None and k > 1:
            row[(j + 1) % k] += row[j]
            row[j] = Fraction(0)
            new = [list(r) for r in rows]
            new[i] = row
            out.append((f"row #{i}: output #{j}'s mass moved", new))
    points = list(mech.inputs.points)
    index = {x: j for j, x in enumerate(points)}
    for j, x in enumerate(points):
        y = tuple(reversed(x)) if isinstance(x, tuple) else None
        if y is not None and y != x and y in index and rows[j] == rows[index[y]]:
            other = next((r for r in rows if r != rows[j]), None)
            if other is not None:
                new = [list(r) for r in rows]
                new[j] = list(other)
                out.append((f"row of {x!r} differs from {y!r}'s", new))
            break
    built = []
    for what, new in out:
        try:
            built.append((what, Mechanism(mech.inputs, mech.outputs, new, _built=f"{mech.label or 'mechanism'} "
                                                                                 f"({what})")))
        except Exception:  # noqa: BLE001 - a move the mechanism refuses is skipped
            continue
    return built


def _param_moves(inst, ranges):
    """The instance's exact numeric parameters set one at a time just outside the range its family holds and
    to the landmarks of [0, 1] (-1/10, 0, 1/2, 9/10, 1, 11/10: a probability's ends, a level e^eps below 1);
    ints to one below and above their range; a list of numbers gets its first entry set to 0 and to -1/10 (a zero
    or negative weight, a vector that is no pmf)."""
    from counterexamples.search_space import exact_number, exact_number_list

    out = []
    for name, v in inst.params.items():
        if exact_number(v):
            lo, hi = ranges.get(name, (v, v))
            if isinstance(v, int):
                cands = (lo - 1, hi + 1)
            else:  # just outside the family range, and the landmarks of [0, 1] (its ends, inside, just outside)
                cands = (Fraction(lo) - Fraction(1, 10), Fraction(hi) + Fraction(1, 10), Fraction(-1, 10),
                         Fraction(0), Fraction(1, 2), Fraction(9, 10), Fraction(1), Fraction(11, 10))
            out += [(f"{name} = {c}", {**inst.params, name: c}) for c in cands if c != v]
        elif exact_number_list(v):
            for c in (Fraction(0), Fraction(-1, 10)):
                if v[0] != c:
                    out.append((f"{name}[0] = {c}", {**inst.params, name: type(v)([c, *v[1:]])}))
    return out


def _violators(claim: Claim, reading: Reading, dropped) -> tuple:
    """Instances just outside the dropped hypothesis and inside the others, made mechanically from the
    reading's own family instances by one exact move each: the prior removed, a prior point's mass moved onto
    another (zeros), the prior moved onto the diagonal (correlated records), an entry of the mechanism zeroed,
    one row made to differ from its permutation's, one numeric parameter set just outside its family's range
    (:func:`_prior_moves`, :func:`_mechanism_moves`, :func:`_param_moves`).  The search draws around its
    templates, which all meet the hypothesis; without these a hypothesis such as 'has-prior' or
    'full-support-prior' may never be left and its drop never tested.  They are checked (guarded) and drawn
    around like the templates."""
    from counterexamples.search_space import param_ranges
    from exactpriv.distributions import Prior
    from exactpriv.mechanisms.base import Mechanism

    others = [h for h in reading.hypotheses if h is not dropped]
    bases = []
    for fam in reading.families:
        if fam.slow:
            continue
        try:
            bases += list(fam.build())[:_VIOLATOR_BASES]
        except Exception:  # noqa: BLE001 - a family that cannot be built gives no violators
            continue
    ranges = param_ranges(bases)
    out: list = []
    for inst in bases:
        moves = []
        # the prior removed only for a hypothesis that asks for one: templates with and without priors make the
        # declared search space draw none (search_space_of: the check accepts both)
        if inst.prior is not None and dropped.name in _PRIOR_HYPOTHESES:
            moves.append(replace(inst, prior=None, label=f"{inst.label} (prior removed)"))
        if isinstance(inst.prior, Prior):
            moves += [replace(inst, prior=p, label=f"{inst.label} ({what})") for what, p in _prior_moves(inst.prior)]
        if isinstance(inst.mechanism, Mechanism) and inst.mechanism.is_rational:
            moves += [replace(inst, mechanism=m, label=f"{inst.label} ({what})")
                      for what, m in _mechanism_moves(inst.mechanism)]
        moves += [replace(inst, params=p, label=f"{inst.label} ({what})") for what, p in _param_moves(inst, ranges)]
        for v in moves:
            if not _holds(dropped, v) and all(_holds(h, v) for h in others):
                out.append(v)
                if len(out) >= _VIOLATOR_LIMIT:
                    return tuple(out)
    return tuple(out)


def _sibling_templates(claims, claim: Claim, reading: Reading) -> tuple:
    """The family instances of every other reading (of any claim) with the same check, at most 4 per reading,
    readings expected REFUTED first: a drop mutant may *be* such a reading (a variant without the hypothesis),
    whose own instances — its witness among them — are then the first place to look.  Checked against the
    mutant's hypotheses like every template."""
    siblings = [(c, r) for c in [claim] + [c for c in claims if c.id != claim.id] for r in c.readings
                if (c.id, r.name) != (claim.id, reading.name) and r.check is not None
                and _same_check(r.check, reading.check)]
    siblings.sort(key=lambda cr: cr[1].expected is not Verdict.REFUTED)  # stable: bank order otherwise
    out: list = []
    for _, r in siblings:
        mine: list = []
        for fam in r.families:
            if fam.slow or len(mine) >= 4:
                continue
            try:
                mine += list(fam.build())[:4 - len(mine)]
            except Exception:  # noqa: BLE001 - a family that cannot be built gives no templates
                continue
        out += mine
        if len(out) >= _SIBLING_LIMIT:
            break
    return tuple(out[:_SIBLING_LIMIT])


def _holds(h, inst) -> bool:
    """The hypothesis shown to hold (a predicate that raises counts as not shown, as in the guard)."""
    try:
        return h.check(inst)
    except Exception:  # not shown to hold
        return False


def params_drawable(claim: Claim, reading: Reading, *, effort: int, seed: int = 0, seconds: float = 600.0) -> bool:
    """Whether the hunt may draw the reading's parameters for its mutants: the *original* reading, hunted with
    parameter draws at the same effort, stays CHECKED (no instance false, none raising).  A reading whose
    parameters' domain lives in its families rather than its hypotheses fails this (a draw outside the domain
    raises or "refutes" it): then a mutant killed by a parameter draw would be killed for the wrong reason,
    so its mutants are hunted without parameter draws."""
    res = hunt_reading(claim, reading, seconds=seconds, seed=seed, max_examples=effort, local_steps=effort,
                       draw_params=True)
    return res.verdict is Verdict.CHECKED and not res.counts.get("error")


def run_mutant(m: Mutant, *, effort: int, seed: int = 0, seconds: float = 600.0, draw_params: bool = False,
               claims=()) -> dict:
    """Hunt one mutant with a fixed effort; ``{"killed", "tried", "stopped_by", "note", ...}`` (a drop mutant
    also ``"outside"``: what its check said on the instances outside the dropped hypothesis).  A drop mutant's
    extra templates: instances just outside the dropped hypothesis (:func:`_violators`) and the instances of
    readings with the same check among ``claims`` (:func:`_sibling_templates`)."""
    reading, rec, extra = m.reading, None, ()
    if m.operator.startswith("drop:"):
        original = m.claim.reading(m.original)
        dropped = next(h for h in original.hypotheses if h.name == m.operator[5:])
        reading, rec = _recording(m.reading, dropped)
        extra = _violators(m.claim, original, dropped) + _sibling_templates(list(claims), m.claim, original)
    res = hunt_reading(m.claim, reading, seconds=seconds, seed=seed, max_examples=effort,
                       local_steps=effort, extra_templates=extra, draw_params=draw_params,
                       killable=rec is None)  # the recording check counts in this process
    row = {"claim": m.claim.id, "reading": m.original, "operator": m.operator, "statement": m.statement,
           "killed": res.verdict is Verdict.REFUTED, "verdict": res.verdict.value, "tried": res.tried,
           "stopped_by": res.stopped_by, "found_by": res.found_by, "note": res.note[:200],
           # for a survivor: how close the search came (a float guide, positive = violated)
           "best_margin": res.margin,
           "witness": None if res.witness is None else res.witness.label}
    if res.structured_witness:
        row["structured_witness"] = res.structured_witness
        row["witness"] = res.structured_witness["label"]
    if rec is not None:
        row["outside"] = rec
    return row


# ----------------------------------------------------------------------------- survivors: equivalent or a hole

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


def _same_check(f, g, depth: int = 3) -> bool:
    """The same check: the same function, or two closures of one code object over equal captured values —
    captured functions compared the same way (a bank builds one closure per reading,
    ``check_forward(convention)``, capturing a default ``lambda r: r * r - 1`` each time)."""
    if f is g:
        return True
    code_f, code_g = getattr(f, "__code__", None), getattr(g, "__code__", None)
    if code_f is None or code_f is not code_g or depth <= 0:
        return False
    if getattr(f, "__defaults__", None) != getattr(g, "__defaults__", None):
        return False
    cells_f, cells_g = f.__closure__ or (), g.__closure__ or ()
    if len(cells_f) != len(cells_g):
        return False
    for a, b in zip(cells_f, cells_g):
        try:
            x, y = a.cell_contents, b.cell_contents
        except ValueError:  # an empty cell: not comparable
            return False
        if callable(x) and hasattr(x, "__code__"):
            if not _same_check(x, y, depth - 1):
                return False
        elif x is not y and not (type(x) is type(y) and x == y):
            return False
    return True


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
                if (c.id, r.name) != (m.claim.id, m.original) and _same_check(r.check, original.check) \
                        and theirs - _PRIOR_HYPOTHESES <= names and verdicts.get((c.id, r.name)) in ok:
                    domain = sorted(theirs & _PRIOR_HYPOTHESES - names)
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


def _has_params(reading: Reading) -> bool:
    from counterexamples.search_space import varies_params

    try:
        return any(varies_params(list(f.build())[:5]) for f in reading.families if not f.slow)
    except Exception:  # a family that cannot be built: no parameter draws
        return False


def mutation_run(claims, verdicts: dict, *, effort: int = 20, seed: int = 0, seconds: float = 600.0,
                 progress=None) -> dict:
    """Mutants of every implication/inequality reading whose verdict (``verdicts[(id, reading)]``) is CHECKED
    or PROVED, each hunted with ``effort``; survivors classified by :func:`equivalence`.  Returns
    ``{"mutants": [...], "killed", "total", "equivalent", "true_in_scope", "kill_rate" (killed / non-equivalent
    mutants: a mutant true only in the searched scope still counts), "kill_rate_in_scope" (killed / mutants neither
    equivalent nor true in scope), "not_mutated": [readings without a mutant], "readings": count}``; each surviving
    row carries ``"equivalent": {"rule", "why"}`` or None (rule ``true-in-scope``: :data:`IN_SCOPE`), and maybe
    ``"survivor_note"`` (:data:`SURVIVOR_NOTES`)."""
    claims = list(claims)
    rows, not_mutated, readings = [], [], 0
    for c in claims:
        if c.kind not in ("implication", "inequality"):
            continue
        for r in c.readings:
            if verdicts.get((c.id, r.name)) not in ("CHECKED", "PROVED"):
                continue
            readings += 1
            ms = mutants_of(c, r)
            if not ms:
                not_mutated.append(f"{c.id}/{r.name}")
            drawable = bool(ms) and _has_params(r) and params_drawable(c, r, effort=effort, seed=seed, seconds=seconds)
            for m in ms:
                row = run_mutant(m, effort=effort, seed=seed, seconds=seconds, draw_params=drawable, claims=claims)
                row["params_drawn"] = drawable
                row["equivalent"] = None if row["killed"] else equivalence(m, row, claims, verdicts)
                note = None if row["killed"] or row["equivalent"] else SURVIVOR_NOTES.get((c.id, r.name, m.operator))
                if note:
                    row["survivor_note"] = note
                rows.append(row)
                if progress is not None:
                    progress(rows[-1])
    killed = sum(1 for x in rows if x["killed"])
    in_scope = sum(1 for x in rows if (x.get("equivalent") or {}).get("rule") == "true-in-scope")
    equivalent = sum(1 for x in rows if x.get("equivalent")) - in_scope
    counted = len(rows) - equivalent
    return {"mutants": rows, "killed": killed, "total": len(rows), "equivalent": equivalent, "true_in_scope": in_scope,
            "kill_rate": (killed / counted) if counted else None,
            "kill_rate_in_scope": (killed / (counted - in_scope)) if counted - in_scope else None,
            "not_mutated": not_mutated, "readings": readings}
