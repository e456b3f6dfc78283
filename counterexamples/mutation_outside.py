"""Instances just outside a dropped hypothesis, for the ``drop:<hypothesis>`` mutants of :mod:`counterexamples.mutation`.

A drop mutant is the reading without one hypothesis; the search kills it on an instance the hypothesis excluded.
Such instances are built from the reading's own family instances by one exact move (:func:`violators`: prior
mass zeroed or moved onto the diagonal, an entry zeroed, a row made asymmetric, a parameter just outside its
range), and taken from the readings of other claims with the same check (:func:`sibling_templates`).
:func:`recording` wraps the mutant's check to report what it said on the instances outside the dropped
hypothesis (a defect there — the check raising — is told apart from a refutation).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from exactpriv.claims import Claim, Reading, Verdict

__all__ = ["PRIOR_HYPOTHESES", "holds", "recording", "same_check", "sibling_templates", "violators"]

#: hypotheses that ask for a prior: their violators are the family instances with the prior removed
PRIOR_HYPOTHESES = {"has-prior"}


#: how many instances outside a dropped hypothesis the record of a drop mutant keeps as examples
_OUTSIDE_EXAMPLES = 3


def recording(reading: Reading, dropped) -> tuple[Reading, dict]:
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
        inside = holds(dropped, inst)
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


def violators(claim: Claim, reading: Reading, dropped) -> tuple:
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
        if inst.prior is not None and dropped.name in PRIOR_HYPOTHESES:
            moves.append(replace(inst, prior=None, label=f"{inst.label} (prior removed)"))
        if isinstance(inst.prior, Prior):
            moves += [replace(inst, prior=p, label=f"{inst.label} ({what})") for what, p in _prior_moves(inst.prior)]
        if isinstance(inst.mechanism, Mechanism) and inst.mechanism.is_rational:
            moves += [replace(inst, mechanism=m, label=f"{inst.label} ({what})")
                      for what, m in _mechanism_moves(inst.mechanism)]
        moves += [replace(inst, params=p, label=f"{inst.label} ({what})") for what, p in _param_moves(inst, ranges)]
        for v in moves:
            if not holds(dropped, v) and all(holds(h, v) for h in others):
                out.append(v)
                if len(out) >= _VIOLATOR_LIMIT:
                    return tuple(out)
    return tuple(out)


def same_check(f, g, depth: int = 3) -> bool:
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
            if not same_check(x, y, depth - 1):
                return False
        elif x is not y and not (type(x) is type(y) and x == y):
            return False
    return True


def sibling_templates(claims, claim: Claim, reading: Reading) -> tuple:
    """The family instances of every other reading (of any claim) with the same check, at most 4 per reading,
    readings expected REFUTED first: a drop mutant may *be* such a reading (a variant without the hypothesis),
    whose own instances — its witness among them — are then the first place to look.  Checked against the
    mutant's hypotheses like every template."""
    siblings = [(c, r) for c in [claim] + [c for c in claims if c.id != claim.id] for r in c.readings
                if (c.id, r.name) != (claim.id, reading.name) and r.check is not None
                and same_check(r.check, reading.check)]
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


def holds(h, inst) -> bool:
    """The hypothesis shown to hold (a predicate that raises counts as not shown, as in the guard)."""
    try:
        return h.check(inst)
    except Exception:  # not shown to hold
        return False
