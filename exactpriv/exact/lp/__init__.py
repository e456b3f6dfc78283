"""Certified exact linear programming: a float solver guides, exact rational arithmetic decides.

:func:`solve_lp` (in :mod:`~exactpriv.exact.lp.solve`, which explains the algorithm) returns an
:class:`LPResult` whose status is "optimal", "infeasible" or "unbounded" only with an exactly
checked certificate.  The modules, one step each:

* :mod:`~exactpriv.exact.lp.problem` — validation of the input into exact sparse rows;
* :mod:`~exactpriv.exact.lp.float_solve` — the guiding float solve (HiGHS and a crossover);
* :mod:`~exactpriv.exact.lp.basis` — exact candidates: rationalised floats and exact basis solves;
* :mod:`~exactpriv.exact.lp.sparse_solve` — exact sparse integer systems by numeric lifting;
* :mod:`~exactpriv.exact.lp.certificate` — the exact duality checks and the certificate search.
"""

from exactpriv.exact.lp.solve import LPResult, solve_lp

__all__ = ["LPResult", "solve_lp"]
