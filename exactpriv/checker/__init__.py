"""The independent checker of exactpriv's evidence files (issue 20; the format is docs/certificates.md).

What must be trusted is small and separate: this package imports neither sympy nor any other exactpriv module
(a test asserts it in a fresh interpreter), uses Python integers, ``fractions.Fraction`` and python-flint
``arb``/``fmpq``/``fmpz`` only, re-evaluates every decisive quantity from the definitions with its own code and
re-checks every certificate.  ``check_file(path)`` returns a :class:`Report` with one :class:`RowResult` per row:
``re-verified``, ``not independently checkable`` (why) or ``FAILED`` (what).
"""

from exactpriv.checker.errors import CheckerError
from exactpriv.checker.run import FAILED, NOT_CHECKABLE, RE_VERIFIED, Report, RowResult, check_document, check_file

__all__ = ["FAILED", "NOT_CHECKABLE", "RE_VERIFIED", "CheckerError", "Report", "RowResult", "check_document",
           "check_file"]
