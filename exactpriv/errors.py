"""The ExactPrivError hierarchy: every bad input raises one of these, naming the culprit."""

__all__ = [
    "ExactPrivError",
    "InvalidArgument",
    "NotExactError",
    "NoClosedFormError",
    "BankLoadError",
    "NotStochasticError",
    "EntryRangeError",
    "ShapeError",
    "UnknownSymbolError",
    "SpaceTooLargeError",
    "SpaceMismatchError",
    "SupportError",
    "UnsafeInputError",
    "FormatError",
    "UndecidedError",
    "BudgetExceededError",
    "WorkerDiedError",
    "TimeLimitReached",
    "OutputError",
    "RefutedError",
    "did_you_mean",
    "refuse_symbolic",
]


class ExactPrivError(Exception):
    """Base class of every error exactpriv raises on purpose."""


class InvalidArgument(ExactPrivError, ValueError):
    """An argument has the wrong type or value; the message names it and echoes it."""


class NotExactError(InvalidArgument):
    """A float (or other inexact number) was given where an exact value is required.

    Use ``exactpriv.from_float`` if you really mean the binary value of a float."""


class NoClosedFormError(InvalidArgument):
    """A measure was asked of a symbolic family (entries in ``eps``) and has no closed-form path.

    The message names the measure; substitute a value first, e.g. ``M.subs(eps=sympy.log(3))``."""


def refuse_symbolic(M, what: str) -> None:
    """Raise the refusal of a measure ``what`` that needs rational entries, if ``M`` has none.

    A symbolic family gets :class:`NoClosedFormError` (the measure has no closed form in eps); a
    mechanism with constant irrational entries gets :class:`InvalidArgument`.  One message for both, so
    Python users and the CLI (which rewrites the ``M.subs`` hint) read the same text."""
    if getattr(M, "is_rational", True):
        return
    cls = NoClosedFormError if getattr(M, "is_symbolic", False) else InvalidArgument
    kind = ("is a symbolic family (entries in eps) and this measure has no closed form in eps"
            if cls is NoClosedFormError else "has irrational entries")
    raise cls(f"{what} needs rational entries but {M!r} {kind}; substitute a value with rational e^eps first, "
              f"e.g. M.subs(eps=sympy.log(3))")


class BankLoadError(InvalidArgument):
    """A claim bank (a user's file, module or registered package) failed while it was imported:
    a syntax error, a missing import or an exception raised by its code; the message names the file
    and line."""


class NotStochasticError(InvalidArgument):
    """A row of a mechanism, or a pmf, does not sum to exactly 1."""


class EntryRangeError(InvalidArgument):
    """A probability is negative, above 1, NaN or infinite."""


class ShapeError(InvalidArgument):
    """A matrix is ragged, or its shape does not match the space / output alphabet."""


class UnknownSymbolError(InvalidArgument):
    """An expression uses a symbol or function that was not declared / is not allowed."""


class SpaceTooLargeError(ExactPrivError):
    """A space (or an enumeration derived from it) is larger than the enumeration limit."""


class SpaceMismatchError(InvalidArgument):
    """Two objects that must live on the same space (mechanism and prior, say) do not."""


class SupportError(InvalidArgument):
    """A prior lacks the support a definition needs (e.g. full support for eps_X)."""


class UnsafeInputError(ExactPrivError):
    """A file or string contains something outside the safe grammar (code, unknown names...)."""


class FormatError(ExactPrivError):
    """A JSON document does not follow the exactpriv format; the message gives the JSON path."""


class UndecidedError(ExactPrivError):
    """Raised only when a caller demanded a definite answer (``Decision.require()``) and got UNDECIDED."""


class BudgetExceededError(ExactPrivError):
    """Work was stopped before it finished (the base of :class:`TimeLimitReached`); the message names the
    step and the limit.  Running out of *effort* is not an error: it is an UNDECIDED verdict naming the effort."""


class TimeLimitReached(BudgetExceededError):
    """The time limit (``--seconds``, a deadline of the run) stopped a step, or the run was interrupted:
    a safety net, never a verdict (a reading stopped this way is STOPPED, see :mod:`exactpriv.effort`)."""


class WorkerDiedError(BudgetExceededError):
    """The killable worker running a step died without answering (out of memory, a signal, ``os._exit``):
    a crashed step, named as such — never a time limit, never a verdict.  ``verify`` reports a reading
    whose worker died as a crashed check (exit status 1)."""


class OutputError(ExactPrivError):
    """A result could not be written (full disk, read-only directory, ...); the message names
    the path.  Nothing partial is left behind: outputs are written to a temporary file first."""


class RefutedError(ExactPrivError, AssertionError):
    """Raised by ``Decision.require()`` when the statement is FALSE: the message carries the
    method and the reason (the witness or refuting certificate), so a test that states a false
    claim fails loudly instead of passing on a returned ``False``.  An ``AssertionError`` too,
    so pytest reports it as a failed assertion."""


def did_you_mean(word: str, options, *, n: int = 3, prefixes: bool = False) -> str:
    """``"did you mean a or b?"`` for the options closest to a mistyped ``word`` (``""`` when none is close).

    Closeness is :func:`difflib.get_close_matches`; ``prefixes=True`` first offers the options that
    ``word`` begins (``renyi`` -> ``renyi_dp``).  One wording for every "unknown name" message."""
    import difflib

    options = list(options)
    close = [o for o in options if o.startswith(word)][:n] if prefixes and word else []
    close = close or difflib.get_close_matches(word, options, n=n)
    return f"did you mean {' or '.join(close)}?" if close else ""
