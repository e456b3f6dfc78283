"""Shared by the Cuff–Yu tests: check a deliberately broken variant of a reading on the claim's families."""

from exactpriv.claims import Claim, Reading, Verdict, check_reading

_PROBE = Claim("cuff2016.broken", "a deliberately broken variant", "(test)", "(broken variant)", "implication",
               [Reading("probe", "placeholder", prove=lambda: None, expected=Verdict.REFUTED)])


def refutation(check, families, **reading_kw):
    """The result of checking ``check`` on ``families`` as a reading of its own (a broken variant must be
    REFUTED with a witness from the same families the true claim runs on)."""
    reading = Reading("broken", "deliberately broken variant", check=check, families=tuple(families), **reading_kw)
    return check_reading(_PROBE, reading)


def is_refuted(check, families, **reading_kw) -> bool:
    res = refutation(check, families, **reading_kw)
    return res.verdict is Verdict.REFUTED and res.witness is not None
