"""The independent checker of exactpriv's evidence files (issue 20; the format is docs/certificates.md).

What must be trusted is small and separate: this package imports neither sympy nor any other exactpriv module
(a test asserts it in a fresh interpreter), uses Python integers, ``fractions.Fraction`` and python-flint
``arb``/``fmpq``/``fmpz`` only, re-evaluates every decisive quantity from the definitions with its own code and
re-checks every certificate.  ``check_file(path)`` returns a :class:`Report` with one :class:`RowResult` per row:
``re-verified``, ``not independently checkable`` (why) or ``FAILED`` (what).

Why it is over the 2,000 lines issue 20 aimed at (over 7,500 in 38 modules at the end of session 7): the checker may call neither the
engine nor sympy, so every notion a bank statement uses is computed here again from its definition (notions.py,
for_each and the information measures), every measure of a symbolic family is derived here (family_measures.py,
family_information.py), and every certificate kind has its own re-check (a module or two each: charts, rewrites,
log-linear forms and bounds, several variables, reductions, monotonicity, continuity).  Each module holds one of
these concepts and can be read alone; the polynomial algebra underneath is python-flint's (polys.py), not ours.
"""

from exactpriv.checker.errors import CheckerError
from exactpriv.checker.run import FAILED, NOT_CHECKABLE, RE_VERIFIED, Report, RowResult, check_document, check_file

__all__ = ["FAILED", "NOT_CHECKABLE", "RE_VERIFIED", "CheckerError", "Report", "RowResult", "check_document",
           "check_file"]
