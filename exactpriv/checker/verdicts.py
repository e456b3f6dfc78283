"""One check per verdict (docs/certificates.md): what each verdict's evidence must show."""

from __future__ import annotations

from exactpriv.checker.errors import Failed, NotCheckable

__all__ = ["check"]


def check(row: dict, *, entry: dict | None, effort: dict) -> None:
    verdict = row["verdict"]
    statement = row.get("statement")
    if verdict == "NOT_ENCODABLE":
        if not (isinstance(statement, dict) and isinstance(statement.get("not_encodable"), str)):
            raise Failed("a NOT_ENCODABLE row needs the statement {\"not_encodable\": why}")
        return
    _check_effort(row, effort)
    if verdict == "UNDECIDED":
        if not isinstance(row.get("why"), str) or not row["why"].strip():
            raise Failed("an UNDECIDED row must say why")
        return
    if not isinstance(statement, dict):
        raise Failed("no statement")
    if "custom" in statement:
        raise NotCheckable(f"custom statement: {statement['custom']}")
    raise NotCheckable(f"{verdict} evidence is not checked by this checker version yet")


def _check_effort(row: dict, effort: dict) -> None:
    own = row.get("effort") or {}
    if not isinstance(own, dict):
        raise Failed("'effort' must be an object")
    for key, want in effort.items():
        got = own.get(key, want)
        if isinstance(want, int) and (not isinstance(got, int) or got < want):
            raise Failed(f"effort below the run's: {key} = {got!r} < {want}")
