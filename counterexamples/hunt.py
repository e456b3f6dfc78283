"""Hunting counterexamples: hypothesis search plus structure-guided exact local improvement.

Algorithm (deterministic for a given seed):

1. **Templates.**  The reading's own families give instances that satisfy its hypotheses;
   a reading may also bring its own ``strategy`` (a hypothesis strategy of Instances).
   Without one, instances are drawn *around* the templates: same space, outputs and
   parameters, fresh exact rows (integer weights, zeros and near-deterministic rows
   allowed) and a fresh prior of the same kind (independent stays independent, so
   hypotheses such as "sources independent" hold by construction).
2. **Hypothesis search.**  ``hypothesis.find`` draws instances with ``target()`` on the
   violation margin (a float — it only *guides*: every verdict is the reading's exact
   check) and shrinks the first violation to a minimal one.
3. **Structure-guided local search.**  From the instance with the best margin, exact
   rational moves of probability mass sharpen the worst ratio: the neighbour pair (x, x')
   and output y come from the measures' witnesses, or else from an exact pure-DP scan of
   the space's neighbour graph; mass moves into y in row x and out of y in row x'.  A move
   is kept when the margin grows.  Space sizes escalate through the templates (smallest
   first) and, for conjectures without a given space, through growing spaces.
4. A time limit or Ctrl-C stops the search and keeps every witness found so far.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from hypothesis import HealthCheck, Phase, find, settings, target
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from counterexamples import strategies as S
from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv.claims import Claim, Instance, Outcome, Reading, Verdict
from exactpriv.distributions import Prior
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact import budget
from exactpriv.mechanisms.base import Mechanism

__all__ = ["HuntResult", "hunt", "hunt_reading", "margin_of"]


@dataclass
class HuntResult:
    claim_id: str
    reading: str
    verdict: Verdict
    witness: Instance | None = None
    values: dict = field(default_factory=dict)
    margin: float | None = None
    tried: int = 0
    seconds: float = 0.0
    seed: int = 0
    found_by: str = ""
    witnesses: list = field(default_factory=list)
    note: str = ""

    def to_json(self) -> dict:
        return {"id": self.claim_id, "reading": self.reading, "verdict": self.verdict.value,
                "tried": self.tried, "seconds": round(self.seconds, 3), "seed": self.seed,
                "found_by": self.found_by, "margin": self.margin, "note": self.note}


class _TimeUp(Exception):
    pass


def _late(deadline: float) -> bool:
    """Past the hunt's deadline, or the run was asked to stop (Ctrl-C: a KeyboardInterrupt can
    be swallowed where it lands, e.g. in a finaliser, so the stop flag is checked too)."""
    return time.perf_counter() > deadline or budget.stop_requested()


def _float(v) -> float | None:
    from exactpriv.measures.result import Measured, value_to_float

    try:
        if isinstance(v, Measured):
            if v.value is not None:
                return value_to_float(v.value)
            return value_to_float(v.lower) if v.lower is not None else None
        return value_to_float(v)
    except Exception:
        return None


def margin_of(outcome: Outcome) -> float:
    """A float guide: how far the instance is from violating (positive = violated).

    Uses the values an implication/equality check reports ("B" and "bound", or "lhs"/"rhs");
    only steers the search, never decides."""
    vals = outcome.values
    if "B" in vals and "bound" in vals:
        b, f = _float(vals["B"]), _float(vals["bound"])
        if b is not None and f is not None and math.isfinite(b) and math.isfinite(f):
            return b - f
    if "lhs" in vals and "rhs" in vals:
        a, b = _float(vals["lhs"]), _float(vals["rhs"])
        if a is not None and b is not None and math.isfinite(a) and math.isfinite(b):
            return abs(a - b)
    if "margin" in vals:
        m = _float(vals["margin"])
        if m is not None:
            return m
    return 1.0 if outcome.decision.is_false else -1.0


def _as_outcome(res) -> Outcome:
    return res if isinstance(res, Outcome) else Outcome(res)


def _templates(reading: Reading, limit: int = 200) -> list[Instance]:
    out = []
    for fam in reading.families:
        if fam.slow:
            continue
        try:
            for k, inst in enumerate(fam.build()):
                if k >= limit:
                    break
                out.append(inst)
        except ExactPrivError:
            continue
    # escalate sizes: smallest spaces first
    return sorted(out, key=lambda i: (getattr(getattr(i.mechanism, "inputs", None), "size", 0) or 0,
                                      len(getattr(i.mechanism, "outputs", ()) or ())))


def _prior_kind(prior: Prior) -> str:
    try:
        return "independent" if prior.is_mutually_independent() else "correlated"
    except ExactPrivError:
        return "correlated"


@st.composite
def _around(draw, template: Instance):
    """An instance shaped like ``template`` with fresh exact rows and a same-kind prior."""
    mech, prior = template.mechanism, template.prior
    if isinstance(mech, Mechanism) and mech.is_rational:
        keep_zeros = draw(st.booleans())
        rows = []
        for row in mech.rows:
            if keep_zeros:
                support = [j for j, v in enumerate(row) if v != 0]
                w = draw(st.lists(st.integers(1, 12), min_size=len(support), max_size=len(support)))
                total = sum(w)
                new = [Fraction(0)] * len(row)
                for j, wj in zip(support, w):
                    new[j] = Fraction(wj, total)
                rows.append(new)
            else:
                rows.append(list(draw(S.pmfs(len(row), max_weight=12))))
        mech = Mechanism(mech.inputs, mech.outputs, rows, _built=f"{mech!r} with hunted rows")
    if isinstance(prior, Prior):
        full = prior.has_full_support
        if prior.space.records is not None and _prior_kind(prior) == "independent":
            prior = draw(S.independent_priors(prior.space, full_support=full))
        else:
            prior = draw(S.correlated_priors(prior.space, full_support=full))
    return Instance(f"hunted around {template.label}", mech, prior, dict(template.params), dict(template.extra))


def _strategy(reading: Reading, templates: list[Instance]):
    own = getattr(reading, "strategy", None)
    if own is not None:
        return own() if callable(own) else own
    if not templates:
        raise InvalidArgument(f"reading {reading.name!r} has no families or strategy to hunt from")
    return st.sampled_from(templates).flatmap(_around)


def _move(row: list, src: int, dst: int, frac: Fraction) -> bool:
    """Move the fraction ``frac`` of row[src] to row[dst] (exact); False if nothing to move."""
    if src == dst or row[src] == 0:
        return False
    amount = row[src] * frac
    row[src] -= amount
    row[dst] += amount
    return True


def _perturb(inst: Instance, rng: random.Random, focus: list[tuple]) -> Instance | None:
    """An exact rational move of probability mass.  With a focus (x, x', y) — the neighbour
    pair and output attaining the worst ratio — it usually *sharpens* that ratio (mass into y
    in row x, out of y in row x'); otherwise it moves mass inside a focus row or a random row."""
    mech = inst.mechanism
    if not isinstance(mech, Mechanism) or not mech.is_rational or len(mech.outputs) < 2:
        return None
    rows = [list(r) for r in mech.rows]
    k = len(mech.outputs)
    frac = Fraction(rng.choice([1, 1, 2, 3]), rng.choice([2, 3, 4, 8]))
    moved = False
    if focus and rng.random() < 0.7:
        x, x2, y = rng.choice(focus)
        if y is not None and rng.random() < 0.6:
            other = rng.choice([j for j in range(k) if j != y])
            moved = _move(rows[x], other, y, frac) | _move(rows[x2], y, other, frac)
        else:
            a, b = rng.sample(range(k), 2)
            moved = _move(rows[rng.choice((x, x2))], b, a, frac)
    if not moved:
        a, b = rng.sample(range(k), 2)
        moved = _move(rows[rng.randrange(len(rows))], b, a, frac)
    if not moved:
        return None
    m2 = Mechanism(mech.inputs, mech.outputs, rows, _built=f"{mech!r} perturbed")
    return Instance(inst.label.replace(" (locally improved)", "") + " (locally improved)", m2, inst.prior,
                    inst.params, inst.extra)


def _focus(outcome: Outcome, mech) -> list[tuple]:
    """(x, x', y) index triples where the instance is most extreme: the measures' witnesses
    (pair and output) when the check reports them, else the neighbour edge and output of the
    worst likelihood ratio, found exactly by pure_dp over the space's neighbour graph."""
    from exactpriv.measures.result import Measured

    def triple(w):
        try:
            x, x2 = (mech.inputs.index(p) for p in w["pair"])
        except Exception:
            return None
        y = w.get("output")
        try:
            y = mech.output_index(y) if y is not None else None
        except Exception:
            y = None
        return (x, x2, y)

    out = []
    for v in outcome.values.values():
        if isinstance(v, Measured) and isinstance(v.witness, dict) and "pair" in v.witness:
            t = triple(v.witness)
            if t is not None:
                out.append(t)
    if not out and isinstance(mech, Mechanism) and mech.is_rational and mech.inputs.edges.size:
        from exactpriv.measures.divergence import pure_dp

        try:
            t = triple(pure_dp(mech).witness)
        except Exception:  # the guide is optional: no focus, random moves
            t = None
        if t is not None:
            out.append(t)
    return out


def hunt_reading(claim: Claim, reading: Reading, *, seconds: float = 30.0, seed: int = 0,
                 max_examples: int = 100_000, local_steps: int = 400, batch_size: int = 60, collect: int = 1,
                 progress: Callable[[int, float | None], None] | None = None) -> HuntResult:
    """Search for an exact violation of one reading; see the module docstring."""
    if reading.check is None:
        raise InvalidArgument(f"{claim.id} [{reading.name}] has no instance check to hunt with")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < math.inf:
        raise InvalidArgument(f"seconds={seconds!r} must be a finite positive number")
    t0 = time.perf_counter()
    deadline = t0 + seconds
    result = HuntResult(claim.id, reading.name, Verdict.CHECKED, seed=seed)
    best: list = [None, -math.inf]  # instance, margin
    undecided = 0
    errors: list[str] = []
    interrupted = False

    def evaluate(inst: Instance):
        nonlocal undecided
        if unmet_hypotheses(reading, inst):
            return None
        try:
            out = _as_outcome(reading.check(inst))
        except ExactPrivError as exc:
            # counted: a search whose checks all fail must not end as CHECKED
            errors.append(f"{inst.label}: {type(exc).__name__}: {exc}"[:300])
            return None
        result.tried += 1
        if out.decision.is_undecided:
            undecided += 1
        m = margin_of(out)
        if m > best[1]:
            best[0], best[1] = inst, m
        if progress is not None:
            progress(result.tried, best[1])
        return out

    def violated(inst: Instance) -> bool:
        if _late(deadline):
            return False  # raising inside find() would make hypothesis call the test flaky
        out = evaluate(inst)
        if out is None:
            return False
        m = margin_of(out)
        if math.isfinite(m):
            target(m, label="violation margin")
        if out.decision.is_false:
            result.witnesses.append((inst, out))
            return len(result.witnesses) >= collect
        return False

    try:
        templates = _templates(reading)
        # the families themselves first: a refutation there needs no search
        for inst in templates:
            if _late(deadline):
                raise _TimeUp
            out = evaluate(inst)
            if out is not None and out.decision.is_false:
                result.witnesses.append((inst, out))
                result.found_by = "bank family instance"
                if len(result.witnesses) >= collect:
                    break
        if len(result.witnesses) < collect:
            strategy = _strategy(reading, templates)
            # find() has no wall-clock limit: run it in deterministic batches (batch b uses
            # Random(seed, b)), checking the deadline between batches
            batch = 0
            while len(result.witnesses) < collect and not _late(deadline) and batch * batch_size < max_examples:
                cfg = settings(max_examples=batch_size, deadline=None, database=None,
                               suppress_health_check=list(HealthCheck),
                               phases=[Phase.generate, Phase.target, Phase.shrink])
                try:
                    find(strategy, violated, settings=cfg, random=random.Random(f"{seed}/{batch}"))
                    result.found_by = "hypothesis find + target + shrink"
                except NoSuchExample:
                    pass
                batch += 1
        if not result.witnesses and best[0] is not None:
            rng = random.Random(seed + 1)
            cur, cur_m = best[0], best[1]
            cur_focus = _focus(_as_outcome(reading.check(cur)), cur.mechanism)
            for _ in range(local_steps):
                if _late(deadline):
                    break
                cand = _perturb(cur, rng, cur_focus)
                if cand is None:
                    continue
                out = evaluate(cand)
                if out is None:
                    continue
                if out.decision.is_false:
                    result.witnesses.append((cand, out))
                    result.found_by = "structure-guided local search"
                    break
                m = margin_of(out)
                if m >= cur_m:
                    cur, cur_m = cand, m
                    cur_focus = _focus(out, cur.mechanism)
    except _TimeUp:
        pass
    except KeyboardInterrupt:
        interrupted = True
        result.note = "interrupted; witnesses found so far are kept"
    interrupted = interrupted or budget.stop_requested()
    if result.witnesses:
        # the first witness is the one a family or hypothesis' shrinker settled on
        inst, out = result.witnesses[0] if result.found_by == "bank family instance" else result.witnesses[-1]
        result.verdict = Verdict.REFUTED
        result.witness, result.values = inst, out.values
        result.margin = margin_of(out)
    else:
        # CHECKED only when something was checked and every check was decided TRUE
        reasons = []
        if result.tried == 0:
            reasons.append("no instance was checked")
        if undecided:
            reasons.append(f"{undecided} of {result.tried} instances undecided")
        if errors:
            reasons.append(f"{len(errors)} instances raised errors (first: {errors[0]})")
        if interrupted:
            reasons.append("interrupted")
        result.margin = best[1] if best[0] is not None else None
        if reasons:
            result.verdict = Verdict.UNDECIDED
            result.note = "; ".join(reasons)
    result.seconds = time.perf_counter() - t0
    return result


def hunt(claim: Claim, *, reading: str | None = None, seconds: float = 30.0, seed: int = 0,
         **kw) -> list[HuntResult]:
    """Hunt every reading of ``claim`` (or only ``reading``), splitting the time budget."""
    if not isinstance(claim, Claim):
        raise InvalidArgument(f"claim={claim!r} must be an exactpriv Claim")
    readings = [claim.reading(reading)] if reading else [r for r in claim.readings if r.check is not None]
    if not readings:
        raise InvalidArgument(f"claim {claim.id} has no checkable reading")
    per = seconds / len(readings)
    return [hunt_reading(claim, r, seconds=per, seed=seed, **kw) for r in readings]
