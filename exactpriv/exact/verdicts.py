"""The verdict type shared by every layer: what a check of a statement showed.

It lives in layer 0 so that :func:`exactpriv.certify.prove` (layer 0) and the claims machinery (layer 3)
return the same :class:`Verdict`; ``exactpriv.claims.verdicts`` re-exports it with the finding classes.
The meanings are documented there and in docs/verdicts.md.
"""

from __future__ import annotations

import enum

__all__ = ["Verdict"]

_COLOURS = {"REFUTED": "#b3261e", "PROVED": "#1b6e20", "CHECKED": "#0b5c7a", "UNDECIDED": "#8a6d00",
            "STOPPED": "#5f5f5f"}


class Verdict(str, enum.Enum):
    """The verdict of one reading or statement: REFUTED, PROVED, CHECKED or UNDECIDED — or STOPPED.

    A ``str`` enum, so ``verdict == "PROVED"`` holds for ``Verdict.PROVED``.

    STOPPED is not a verdict about the statement: the time limit (a safety net, ``--seconds``) stopped the
    work before the effort was spent, so nothing beyond what is listed was shown.  UNDECIDED, by contrast,
    means the stated effort (precision, boxes, iterations, examples) was spent without deciding — the
    same on every machine.  A witness or a proof found before a stop is kept (REFUTED, PROVED).
    """

    REFUTED = "REFUTED"
    PROVED = "PROVED"
    CHECKED = "CHECKED"
    UNDECIDED = "UNDECIDED"
    STOPPED = "STOPPED"

    def __str__(self) -> str:
        return self.value

    def __bool__(self) -> bool:
        # every member is a non-empty str, so ``if prove(...).verdict:`` would pass for REFUTED too; like a
        # Decision, a Verdict refuses to be read as a truth value (compare it: ``verdict is Verdict.PROVED``)
        raise TypeError(f"the truth value of Verdict.{self.name} is ambiguous: compare it with a Verdict, "
                        "e.g. `verdict is Verdict.PROVED`")


def _verdict_html(self: Verdict) -> str:
    return f'<strong style="color:{_COLOURS[self.value]}">{self.value}</strong>'


def _verdict_latex(self: Verdict) -> str:
    return r"$\textsf{" + self.value + "}$"


# Jupyter's rich display hooks; Enum refuses _sunder_ names in a class body, so they are set afterwards.
setattr(Verdict, "_repr_html_", _verdict_html)
setattr(Verdict, "_repr_latex_", _verdict_latex)
