"""Claims, readings and verdicts: the public API for stating and checking theorems.

A :class:`Claim` is a statement of a paper (quoted, with seed file and equation), with one
or more :class:`Reading` s — formalisations, the literal one first.  A reading is checked
by:

* ``prove()`` — an optional all-parameter argument returning a :class:`Decision` (TRUE:
  proved for every parameter, with certificate; FALSE: refuted, with the certified point);
* ``check(instance)`` on every :class:`Instance` of its :class:`Family` s — a Decision per
  instance (TRUE: the claim holds on it; FALSE: an exact counterexample).

Verdicts (:class:`Verdict`): REFUTED (an exact witness, replayable), PROVED (a symbolic
certificate for all parameters), CHECKED (every instance of the listed families decided
TRUE — the counts are the evidence), UNDECIDED (some instance could not be decided and
none refuted; the reasons are listed).  An UNDECIDED instance is never counted as a pass.

Kinds of claim: implication "alpha-A => f(alpha)-B" is checked as B(M) <= f(A(M)) for the
tightest A(M) when f is non-decreasing (:func:`implication`); equivalences are two
readings or two claims; tightness is a family where equality holds (:func:`equality`);
constructions and closed-form identities/inequalities use ``prove`` and/or ``check``.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.decisions import Decision, Truth

__all__ = [
    "Verdict",
    "Instance",
    "Family",
    "Outcome",
    "Reading",
    "Claim",
    "ReadingResult",
    "check_reading",
    "check_claim",
    "implication",
    "equality",
    "KINDS",
]

KINDS = (
    "definition",
    "implication",
    "equivalence",
    "non-implication",
    "tightness",
    "construction",
    "identity",
    "inequality",
    "value",
    "informal",
)


class Verdict(str, enum.Enum):
    REFUTED = "REFUTED"
    PROVED = "PROVED"
    CHECKED = "CHECKED"
    UNDECIDED = "UNDECIDED"

    def __str__(self):
        return self.value


@dataclass(frozen=True)
class Instance:
    """One concrete object a reading is checked on.

    ``mechanism`` and ``prior`` are exactpriv objects; ``params`` are exact scalars (Fraction,
    int, sympy expressions) such as ``{"eps": log(3)}``; ``extra`` holds further
    mechanisms/priors by name (e.g. a second mechanism for a composition claim).
    """

    label: str
    mechanism: Any = None
    prior: Any = None
    params: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    def __repr__(self):
        return f"Instance({self.label!r})"


@dataclass
class Family:
    """A named, reproducible collection of instances (an exhaustive enumeration or a seeded
    random exact family).  ``slow`` families run only with ``include_slow=True``
    (``pytest -m slow`` / ``exactpriv verify --slow``)."""

    name: str
    build: Callable[[], Iterable[Instance]]
    description: str = ""
    slow: bool = False


@dataclass
class Outcome:
    """Result of checking one instance: the decision plus the values behind it (for reports)."""

    decision: Decision
    values: dict = field(default_factory=dict)


@dataclass
class Reading:
    """One formalisation of a claim.

    name : short id ("literal", "all-priors", "finite-analogue", ...)
    statement : the formal statement checked, in words/maths
    check : instance -> Outcome or Decision (TRUE = holds on the instance)
    families : the instance families checked by default
    prove : () -> Decision for an all-parameter proof (optional)
    hypothesis : instance -> bool; instances failing it are skipped and counted (use
        families that satisfy hypotheses by construction where possible)
    expected : the status the regression suite expects (recorded next to the claim)
    """

    name: str
    statement: str
    check: Callable[[Instance], Any] | None = None
    families: Sequence[Family] = ()
    prove: Callable[[], Decision] | None = None
    hypothesis: Callable[[Instance], bool] | None = None
    expected: Verdict | None = None
    notes: str = ""


@dataclass
class Claim:
    """A statement of a seed paper, with its readings.

    id : as in shared/CLAIMS.md ("cuff2016.lemma1")
    title : "Lemma 1 (orderings (A), (B))"
    source : "seed 001_949fae51fe6a8fd3.txt, Lemma 1, eqs. (21)-(23)"
    quote : the paper's statement
    kind : one of KINDS
    readings : literal reading first
    encodable : False for informal statements (then ``reason`` says why)
    """

    id: str
    title: str
    source: str
    quote: str
    kind: str
    readings: list[Reading] = field(default_factory=list)
    encodable: bool = True
    reason: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise InvalidArgument(f"kind={self.kind!r} must be one of {KINDS}")
        names = [r.name for r in self.readings]
        if len(set(names)) != len(names):
            raise InvalidArgument(f"claim {self.id}: duplicate reading names {names}")
        if self.encodable and not self.readings:
            raise InvalidArgument(f"claim {self.id} is encodable but has no reading")
        if not self.encodable and not self.reason:
            raise InvalidArgument(f"claim {self.id} is not encodable: give the reason")

    def reading(self, name: str) -> Reading:
        for r in self.readings:
            if r.name == name:
                return r
        raise InvalidArgument(f"claim {self.id} has no reading {name!r}; readings: {[r.name for r in self.readings]}")


@dataclass
class ReadingResult:
    claim_id: str
    reading: str
    verdict: Verdict
    evidence: dict
    witness: Instance | None = None
    witness_values: dict = field(default_factory=dict)
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"id": self.claim_id, "reading": self.reading, "verdict": self.verdict.value,
                "evidence": self.evidence, "seconds": round(self.seconds, 3)}


def _as_outcome(res) -> Outcome:
    if isinstance(res, Outcome):
        return res
    if isinstance(res, Decision):
        return Outcome(res)
    raise TypeError(f"a reading's check must return Outcome or Decision, got {type(res).__name__}")


def check_reading(claim: Claim, reading: Reading, *, include_slow: bool = False,
                  max_instances: int | None = None, stop_at_first_refutation: bool = True) -> ReadingResult:
    """Check one reading: its proof (if any) and every instance of its families."""
    t0 = time.perf_counter()
    evidence: dict = {"families": {}}
    proof = None
    if reading.prove is not None:
        proof = reading.prove()
        evidence["proof"] = proof.to_json()
        if proof.is_false:
            return ReadingResult(claim.id, reading.name, Verdict.REFUTED, evidence,
                                 seconds=time.perf_counter() - t0)
    witness = None
    witness_values: dict = {}
    n_true = n_undecided = n_skipped = 0
    undecided_reasons: list[str] = []
    for fam in reading.families:
        if fam.slow and not include_slow:
            evidence["families"][fam.name] = {"skipped": "slow family (run with include_slow / pytest -m slow)"}
            continue
        counts = {"true": 0, "undecided": 0, "skipped_hypothesis": 0}
        for k, inst in enumerate(fam.build()):
            if max_instances is not None and k >= max_instances:
                break
            if reading.hypothesis is not None and not reading.hypothesis(inst):
                counts["skipped_hypothesis"] += 1
                continue
            out = _as_outcome(reading.check(inst))
            d = out.decision
            if d.truth is Truth.TRUE:
                counts["true"] += 1
            elif d.truth is Truth.FALSE:
                if witness is None:
                    witness, witness_values = inst, {"decision": d.to_json(), **out.values}
                counts["false"] = counts.get("false", 0) + 1
                if stop_at_first_refutation:
                    break
            else:
                counts["undecided"] += 1
                if len(undecided_reasons) < 5:
                    undecided_reasons.append(f"{inst.label}: {d.reason}")
        evidence["families"][fam.name] = counts
        n_true += counts["true"]
        n_undecided += counts["undecided"]
        n_skipped += counts["skipped_hypothesis"]
        if witness is not None and stop_at_first_refutation:
            break
    evidence["instances_true"] = n_true
    evidence["instances_undecided"] = n_undecided
    evidence["instances_skipped_hypothesis"] = n_skipped
    if undecided_reasons:
        evidence["undecided_reasons"] = undecided_reasons
    if witness is not None:
        if proof is not None and proof.is_true:
            raise ExactPrivError(
                f"{claim.id}/{reading.name}: proof says TRUE but instance {witness.label} refutes it — a bug"
            )
        evidence["witness"] = witness.label
        verdict = Verdict.REFUTED
    elif proof is not None and proof.is_true:
        verdict = Verdict.PROVED
    elif n_undecided:
        verdict = Verdict.UNDECIDED
    elif n_true:
        verdict = Verdict.CHECKED
    else:
        verdict = Verdict.UNDECIDED
        evidence.setdefault("undecided_reasons", []).append("no instance was checked and no proof given")
    return ReadingResult(claim.id, reading.name, verdict, evidence, witness, witness_values,
                         time.perf_counter() - t0)


def check_claim(claim: Claim, *, include_slow: bool = False, max_instances: int | None = None) -> list[ReadingResult]:
    return [check_reading(claim, r, include_slow=include_slow, max_instances=max_instances) for r in claim.readings]


# ----------------------------------------------------------------------------- helpers

def implication(given: Callable[[Instance], Any], measure: Callable[[Instance], Any],
                bound: Callable[[Any], Any], *, max_prec: int = 2048,
                monotone: bool = True) -> Callable[[Instance], Outcome]:
    """Check "alpha-A => f(alpha)-B" on an instance as B(M) <= f(A(M)), f non-decreasing.

    ``given`` and ``measure`` map an instance to a :class:`~exactpriv.measures.result.Measured`
    (tightest A and B); ``bound`` maps an exact value (sympy expression) to the stated f of
    it (a sympy expression; ``oo`` allowed).  When A or B is only enclosed, the monotonicity
    of f gives: B.upper <= f(A.lower) proves, B.lower > f(A.upper) refutes.  Pass
    ``monotone=False`` when f is not known to be non-decreasing: then only exact A values
    are used and an enclosed A gives UNDECIDED.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import value_to_sympy

    def check(inst: Instance) -> Outcome:
        a = given(inst)
        b = measure(inst)
        values = {"A": a, "B": b}
        if a.value is not None and b.value is not None:
            fa = bound(value_to_sympy(a.value))
            values["bound"] = fa
            return Outcome(compare(b.value, "<=", fa, max_prec=max_prec), values)
        if not monotone and a.value is None:
            return Outcome(Decision.undecided("enclosure", "A is only enclosed and the bound f is not known "
                                                           "to be non-decreasing"), values)
        # enclosure logic with monotone f
        f_lo = bound(value_to_sympy(a.lower)) if a.lower is not None else None
        f_hi = bound(value_to_sympy(a.upper)) if a.upper is not None else None
        values["bound_lower"], values["bound_upper"] = f_lo, f_hi
        if b.upper is not None and f_lo is not None:
            d = compare(b.upper, "<=", f_lo, max_prec=max_prec)
            if d.is_true:
                return Outcome(Decision.true("enclosure", "B.upper <= f(A.lower)", certificate=d.certificate), values)
        if b.lower is not None and f_hi is not None:
            d = compare(b.lower, ">", f_hi, max_prec=max_prec)
            if d.is_true:
                return Outcome(Decision.false("enclosure", "B.lower > f(A.upper)", certificate=d.certificate), values)
        return Outcome(Decision.undecided("enclosure", "enclosures of A and B too wide to decide B <= f(A)"), values)

    return check


def equality(lhs: Callable[[Instance], Any], rhs: Callable[[Instance], Any], *,
             max_prec: int = 2048) -> Callable[[Instance], Outcome]:
    """Check lhs(instance) == rhs(instance) exactly (for tightness witnesses and identities).

    Each side returns an exact value (Fraction, LogForm, sympy) or a Measured with an exact value.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import Measured

    def check(inst: Instance) -> Outcome:
        a, b = lhs(inst), rhs(inst)
        av = a.value if isinstance(a, Measured) else a
        bv = b.value if isinstance(b, Measured) else b
        if av is None or bv is None:
            return Outcome(Decision.undecided("equality", "a side has no exact value"), {"lhs": a, "rhs": b})
        return Outcome(compare(av, "==", bv, max_prec=max_prec), {"lhs": a, "rhs": b})

    return check
