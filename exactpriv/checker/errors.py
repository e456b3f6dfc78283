"""The checker's one error type (it may not import ``exactpriv.errors``: it trusts no other module)."""

__all__ = ["CheckerError", "Failed", "NotCheckable", "Undefined"]


class CheckerError(Exception):
    """The evidence file cannot be read as format ``exactpriv-evidence`` version 1; the message names why."""


class NotCheckable(Exception):
    """Raised inside a row check: the evidence is not wrong, but this checker cannot decide it (says why)."""


class Failed(Exception):
    """Raised inside a row check: the evidence does not show what the row claims (says what)."""


class Undefined(Exception):
    """A construction is not defined at the witness (E_i at e^ε ≤ 1, or below ε̃_X): the witness lies outside every
    statement about it, whose hypotheses exclude such points (the claim is then not evaluated: outside)."""
