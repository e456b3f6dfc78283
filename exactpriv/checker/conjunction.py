"""A conjunction of statements (quantifier ``all-of``, kind ``parts``; docs/certificates.md "all-of"): a reading
that claims several things of different forms — identities in a variable and a limit, say — states each part, and
is proved when every part is proved by its own certificate."""

from __future__ import annotations

from exactpriv.checker.errors import Failed, NotCheckable

__all__ = ["part_statements", "parts"]

CHECK = None  # exactpriv.checker.certificates.check_certificate, set there (nested certificates)


def part_statements(statement: dict) -> list[tuple[str, dict]]:
    given = statement.get("parts")
    if statement.get("quantifier") != "all-of" or not isinstance(given, list) or not given:
        raise Failed("an all-of statement needs a non-empty list of 'parts'")
    out = []
    for k, p in enumerate(given):
        if not isinstance(p, dict) or not isinstance(p.get("statement"), dict):
            raise Failed(f"part {k} must be {{\"name\": …, \"statement\": {{…}}}}")
        if p["statement"].get("quantifier") in ("all-of", None) or "custom" in p["statement"]:
            raise Failed(f"part {k} must be a declarative statement other than all-of")
        out.append((str(p.get("name", k)), p["statement"]))
    return out


def parts(cert, statement, proves, max_prec):
    if not proves:
        raise NotCheckable("refuting an all-of statement is not checked by this checker version")
    derived = part_statements(statement)
    given = cert.get("parts")
    if not isinstance(given, list) or len(given) != len(derived):
        raise Failed(f"parts: {len(derived)} parts need {len(derived)} certificates, in order")
    trusted = []
    for (name, st), c in zip(derived, given):
        try:
            trusted += CHECK(c, st, proves=True, max_prec=max_prec) or []
        except (Failed, NotCheckable) as exc:
            raise type(exc)(f"part {name}: {exc}") from None
    return trusted or None
