"""The certifier's result (:class:`ProofResult`) and its default budgets.

A ProofResult says exactly what was shown: the verdict, the method that settled it, the reason, a
replayable counterexample point with the values of both sides, and the certificate; it converts to a
:class:`~exactpriv.exact.decisions.Decision` and to JSON.  Kept apart from the methods so callers can
read results without importing the proof machinery.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from exactpriv.exact.verdicts import Verdict
from exactpriv.exact.decisions import Decision, Truth
from exactpriv.exact.json_values import json_value


__all__ = ["DEFAULT_SECONDS", "DEFAULT_MAX_PREC", "ProofResult"]


from exactpriv.certify.limits import DEFAULT_MAX_PREC, DEFAULT_SECONDS  # noqa: E402  (one definition, light)


#: The relations an inequality to prove may use.
RELATIONS = ("<", "<=", ">", ">=", "==")


# ---------------------------------------------------------------------------------------
# result
@dataclass(frozen=True)
class ProofResult:
    """Outcome of :func:`prove_inequality` / :func:`prove_identity`.

    Attributes
    ----------
    verdict : Verdict
        PROVED, REFUTED, UNDECIDED (the effort was spent) or STOPPED (the time limit stopped it first) — the
        same :class:`~exactpriv.exact.verdicts.Verdict` the claims use.
    method : str
        The method(s) that settled it, e.g. "exact-algebra", "monotone",
        "taylor + dominance + branch-and-bound", "endpoint".
    certificate : dict
        ``steps`` (each method's re-checkable data: sign charts with polynomials and root
        isolation intervals, Taylor orders and remainder bounds, proved boxes with certified
        lower bounds, dominance margins), ``precision`` (max bits used), ``effort`` (the proof steps
        allowed and used, the precision ceiling).
    point : Fraction | sympy number | None
        When REFUTED, where the statement fails (a Fraction whenever possible).
    values : dict | None
        When REFUTED, certified enclosures ``{"lhs": [lo, hi], "rhs": [lo, hi]}`` at the point.
    reason : str
        Why the verdict holds, or for UNDECIDED why it could not be settled.
    timing : dict
        ``{"seconds": ...}``: how long it took (kept apart from the certificate: it varies from run to run).
    """

    verdict: Verdict
    method: str
    certificate: dict = field(default_factory=dict)
    point: object = None
    values: dict | None = None
    reason: str = ""
    statement: str = ""
    domain: str = ""
    timing: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdict", Verdict(self.verdict))

    def __repr__(self) -> str:  # short: the (possibly kilobytes long) certificate stays behind .certificate
        at = "" if self.point is None else f", point={self.point}"
        return (f"ProofResult({self.verdict.value}: {self.statement} for eps in {self.domain}, "
                f"method={self.method!r}{at})")

    def _repr_html_(self) -> str:
        import html

        return (f"{self.verdict._repr_html_()} {html.escape(self.statement)} for ε in {html.escape(self.domain)}"
                f" <em>({html.escape(self.method)})</em>")

    def to_decision(self) -> Decision:
        """TRUE for PROVED, FALSE for REFUTED, UNDECIDED otherwise."""
        truth = {"PROVED": Truth.TRUE, "REFUTED": Truth.FALSE}.get(self.verdict, Truth.UNDECIDED)
        cert = dict(self.certificate)
        if self.point is not None:
            cert["point"] = str(self.point)
        return Decision(truth, f"certify:{self.method}", self.reason, self.certificate.get("precision"), cert)

    def to_json(self) -> dict:
        return {
            "statement": self.statement,
            "domain": self.domain,
            "verdict": self.verdict.value,
            "method": self.method,
            "certificate": json_value(self.certificate),
            "point": None if self.point is None else str(self.point),
            "values": json_value(self.values),
            "reason": self.reason,
            "timing": dict(self.timing),
        }
