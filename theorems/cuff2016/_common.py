"""Shorthands shared by the Cuff–Yu bank modules (one definition instead of one per section module).

``reading_of`` builds a :class:`~exactpriv.claims.Reading` with the arguments in the order the section modules
write them (name, statement, check, families), and ``CHECKED, PROVED, _U, REFUTED`` abbreviate the expected verdicts
CHECKED, PROVED, UNDECIDED and REFUTED so that each claim's declaration fits beside its checks.
"""

from __future__ import annotations

from exactpriv.claims import Reading, Verdict

__all__: list[str] = []  # helpers of the bank's modules


def reading_of(name, statement, check=None, families=(), *, expected, prove=None, notes="", **kw):
    return Reading(name, statement, check=check, families=tuple(families), prove=prove, expected=expected,
                   notes=notes, **kw)


CHECKED, PROVED, _U, REFUTED = Verdict.CHECKED, Verdict.PROVED, Verdict.UNDECIDED, Verdict.REFUTED


def kl_bound_form(claim: str) -> dict:
    """A bound on kl_dp (B) in pure_dp (A) over every mechanism, as data for the independent checker."""
    return {"quantifier": "forall-instances", "hypotheses": [], "claim": claim,
            "measures": {"A": {"notion": "pure_dp"}, "B": {"notion": "kl_dp"}}}
