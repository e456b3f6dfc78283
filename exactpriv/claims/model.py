"""Claims and readings: the objects a theorem bank is made of.

A :class:`Claim` is a statement of a paper (quoted, with the paper's section and equation), with one or
more :class:`Reading` s — formalisations, the literal one first; an ambiguous statement gets one reading
per interpretation.  A reading is checked (:mod:`exactpriv.claims.check`) by

* ``prove()`` — an optional all-parameter argument returning a :class:`Decision` (TRUE: proved for every
  parameter the reading's statement covers, with certificate; FALSE: refuted, with the certified point);
* ``check(instance)`` on every :class:`Instance` of its :class:`Family` s — a Decision per instance (TRUE:
  the claim holds on it; FALSE: an exact counterexample), counted only when the instance meets the
  reading's :attr:`Reading.hypotheses`.

Kinds of claim: implication "alpha-A => f(alpha)-B" is checked as B(M) <= f(A(M)) for the tightest A(M)
when f is non-decreasing (:func:`exactpriv.claims.forms.implication`); equivalences are two readings or two
claims; tightness is a family where equality holds (:func:`~exactpriv.claims.forms.equality`);
constructions and closed-form identities/inequalities use ``prove`` and/or ``check``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Callable, Iterable, Sequence

from exactpriv.claims import display
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.claims.relations import Relation
from exactpriv.claims.verdicts import Finding, Verdict
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision

__all__ = ["KINDS", "QUANTIFIERS", "Claim", "Family", "Instance", "Outcome", "Reading"]

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


@dataclass(frozen=True)
class Instance:
    """One concrete object a reading is checked on.

    ``mechanism`` and ``prior`` are exactpriv objects; ``params`` are exact scalars (Fraction,
    int, sympy expressions) such as ``{"eps": log(3)}``; ``extra`` holds further
    mechanisms/priors by name (e.g. a second mechanism for a composition claim).

    A mechanism with one free symbol is a *symbolic family* (``randomized_response(3, eps=EPS)``):
    declarative claims decide it for every value of the symbol in ``domain`` (an interval text,
    default ``"[0, oo)"``; :mod:`exactpriv.claims.symbolic`).
    """

    label: str
    mechanism: Any = None
    prior: Any = None
    params: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)
    domain: str | None = None

    def __repr__(self):
        return f"Instance({self.label!r})"


@dataclass
class Family:
    """A named, reproducible collection of instances (an exhaustive enumeration or a seeded
    random exact family).  ``slow`` families run only with ``include_slow=True``
    (``pytest -m slow`` / ``exactpriv verify --slow``).  ``exhaustive`` declares that the family
    enumerates a finite scope completely (it is what can refute an "exists" reading).  ``symbolic``
    declares that every instance is a symbolic family (a mechanism in one free symbol, with its
    ``Instance.domain``), decided for all its members (:mod:`exactpriv.claims.symbolic`).  ``pinned``: for a
    slow family, each instance it builds as ``(label, eps text, sha256)``, written in the bank's source so that a
    declarative statement binds them without building them (``verify`` runs it only with ``--slow``; a slow test
    builds the family and compares the digests)."""

    name: str
    build: Callable[[], Iterable[Instance]]
    description: str = ""
    slow: bool = False
    exhaustive: bool = False
    symbolic: bool = False
    pinned: tuple = ()


@dataclass
class Outcome:
    """Result of checking one instance: the decision plus the values behind it (for reports).

    universal : the instance is a symbolic family and a TRUE decision covers every member of it (every value
        of its symbol in its domain), not one point — what lets a reading about listed families be PROVED
    witness : for a FALSE decision on a symbolic family, the concrete member (rational entries) that the exact
        check refutes; it replaces the family as the reading's witness (None: the family itself)
    """

    decision: Decision
    values: dict = field(default_factory=dict)
    universal: bool = False
    witness: Any = None


QUANTIFIERS = ("forall", "exists")


@dataclass
class Reading:
    """One formalisation of a claim.

    name : short id ("literal", "all-priors", "finite-analogue", ...)
    statement : the formal statement checked, in words/maths; it states the scope exactly (a proof for
        randomized response only is a reading "for RR(ε), all ε ≥ 0", not the general statement)
    check : instance -> Outcome or Decision (TRUE = holds on the instance)
    families : the instance families checked by default
    prove : () -> Decision for an all-parameter proof (optional); TRUE must cover the whole statement
    hypotheses : the reading's conditions (:class:`~exactpriv.claims.hypotheses.Hypothesis`); an instance
        that does not meet them is *outside* — skipped and counted, never a witness
    hypothesis : a single unnamed predicate (older form; becomes one entry of ``hypotheses``)
    quantifier : "forall" (the statement holds for every instance meeting the hypotheses: one exact
        counterexample refutes it) or "exists" (there is an instance …: refuted only when an ``exhaustive``
        family is exhausted without a witness, never by a random instance)
    open_search : False when the statement is only about the listed instances (a paper's named
        construction, a finite table): search tools then never draw other instances
    expected : the verdict the regression suite expects — justified, not recorded: an expected REFUTED
        needs ``finding`` and ``why``, an expected UNDECIDED needs ``why``
    finding : the class of the refutation (:class:`~exactpriv.claims.verdicts.Finding`)
    why : one line in words: why this verdict is expected (what fails, where, or why it cannot be decided)
    convention : for a ``convention`` finding (or a reading fixed to one convention): the convention's name
    relations : the implications / non-implications this reading states (:class:`Relation`), read by the
        implication atlas and the tightness explorer
    strategy : optional hypothesis strategy of Instances for search tools (else they draw around the
        families' instances)
    form : the statement as data for the independent checker (docs/certificates.md, "Statements"): the
        measures, hypotheses and claim formula the reading checks; None when the reading is custom Python
        code only (then its rows say so and the checker cannot re-verify them from the definitions); or a
        function of no arguments returning it, called when the statement is written (a form over instances that
        are built lazily, such as compiled programs; :func:`exactpriv.claims.evidence.reading_form`)
    """

    name: str
    statement: str
    check: Callable[[Instance], Any] | None = None
    families: Sequence[Family] = ()
    prove: Callable[[], Decision] | None = None
    hypothesis: Callable[[Instance], bool] | None = None
    expected: Verdict | None = None
    notes: str = ""
    _: KW_ONLY
    hypotheses: Sequence[Hypothesis] = ()
    quantifier: str = "forall"
    open_search: bool = True
    finding: Finding | None = None
    why: str = ""
    convention: str = ""
    relations: Sequence[Relation] = ()
    strategy: Any = None
    form: Any = None

    def __post_init__(self):
        _check_label("reading name", self.name)
        if self.quantifier not in QUANTIFIERS:
            raise InvalidArgument(f"reading {self.name!r}: quantifier={self.quantifier!r} must be one of {QUANTIFIERS}")
        if self.expected is not None and not isinstance(self.expected, Verdict):
            self.expected = Verdict(self.expected)
        if self.finding is not None and not isinstance(self.finding, Finding):
            try:
                self.finding = Finding(self.finding)
            except ValueError:
                raise InvalidArgument(f"reading {self.name!r}: finding={self.finding!r} must be one of "
                                      f"{[f.value for f in Finding]}") from None
        hyps = list(self.hypotheses)
        if self.hypothesis is not None:
            hyps.append(Hypothesis("stated-hypothesis", "the reading's stated hypothesis", self.hypothesis))
        for h in hyps:
            if not isinstance(h, Hypothesis):
                raise InvalidArgument(f"reading {self.name!r}: hypotheses must be Hypothesis objects, got {h!r}")
        self.hypotheses = tuple(hyps)
        self.relations = tuple(self.relations)

    def __repr__(self) -> str:
        return display.reading_repr(self)

    def _repr_html_(self) -> str:
        """Jupyter: the name, the statement, the expected verdict and why (HTML-escaped)."""
        return display.reading_html(self)

    def justification_problems(self) -> list[str]:
        """What is missing for the expected verdict to count as justified (empty: nothing)."""
        out = []
        if self.expected is Verdict.REFUTED:
            if self.finding is None:
                out.append("an expected REFUTED needs a finding class")
            if not self.why.strip():
                out.append("an expected REFUTED needs a reason (why=...)")
            if self.finding is Finding.CONVENTION and not self.convention:
                out.append("a convention finding must name its convention")
        if self.expected is Verdict.UNDECIDED and not self.why.strip():
            out.append("an expected UNDECIDED needs a reason (why=...)")
        return out


#: A claim id: "<paper key>.<name>" of letters, digits, "_" and "-" between dots (it names files:
#: archived witnesses, report pages), so never "..", a path separator or a leading dot.
CLAIM_ID = re.compile(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*")


def _check_label(kind: str, value, *, owner: str = "") -> None:
    """A reading name or claim id must be a non-empty printable string without path tricks: labels
    reach file names (witness archives) and terminals, so control characters, lone surrogates,
    backslashes and ".." are refused where a bank is loaded (issue 25)."""
    where = f"{owner}: " if owner else ""
    if not isinstance(value, str) or not value.strip():
        raise InvalidArgument(f"{where}{kind}={value!r} must be a non-empty string")
    bad = [ch for ch in value if unicodedata.category(ch) in ("Cc", "Cs", "Cf", "Zl", "Zp")]
    if bad:
        raise InvalidArgument(f"{where}{kind}={value!r} contains the control character {bad[0]!r}")
    if "\\" in value or ".." in value or value.startswith(("/", ".")):
        raise InvalidArgument(f"{where}{kind}={value!r} must not contain '\\\\' or '..' nor start with '/' or '.'")


@dataclass
class Claim:
    """A statement of a paper, with its readings.

    id : "<paper key>.<name>", e.g. "cuff2016.lemma1"; the paper key names the bank's reference
    title : "Lemma 1 (orderings (A), (B))"
    source : where in the paper: "Lemma 1, eqs. (21)–(23)" (the bank's paper table gives the reference)
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
        _check_label("claim id", self.id)
        if not CLAIM_ID.fullmatch(self.id):
            raise InvalidArgument(f"claim id {self.id!r} must be dot-separated names of letters, digits, '_' and '-' "
                                  "(e.g. 'mypaper.thm1')")
        if self.kind not in KINDS:
            raise InvalidArgument(f"kind={self.kind!r} must be one of {KINDS}")
        names = [r.name for r in self.readings]
        if len(set(names)) != len(names):
            raise InvalidArgument(f"claim {self.id}: duplicate reading names {names}")
        if self.encodable and not self.readings:
            raise InvalidArgument(f"claim {self.id} is encodable but has no reading")
        if not self.encodable and not self.reason:
            raise InvalidArgument(f"claim {self.id} is not encodable: give the reason")

    def __repr__(self) -> str:
        return display.claim_repr(self)

    def _repr_html_(self) -> str:
        """Jupyter: id, title, source, the paper's quote and the readings (HTML-escaped)."""
        return display.claim_html(self)

    def reading(self, name: str) -> Reading:
        for r in self.readings:
            if r.name == name:
                return r
        raise InvalidArgument(f"claim {self.id} has no reading {name!r}; readings: {[r.name for r in self.readings]}")


