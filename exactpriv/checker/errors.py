"""The checker's one error type (it may not import ``exactpriv.errors``: it trusts no other module)."""

__all__ = ["CheckerError", "Failed", "NotCheckable"]


class CheckerError(Exception):
    """The evidence file cannot be read as format ``exactpriv-evidence`` version 1; the message names why."""


class NotCheckable(Exception):
    """Raised inside a row check: the evidence is not wrong, but this checker cannot decide it (says why)."""


class Failed(Exception):
    """Raised inside a row check: the evidence does not show what the row claims (says what)."""
