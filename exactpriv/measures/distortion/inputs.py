"""Validation shared by the privacy–distortion measures.

Source: Wang, Ying, Zhang, "On the Relation Between Identifiability, Differential Privacy, and Mutual-
Information Privacy", IEEE Trans. Inf. Theory 62(9), 2016.

Every measure of :mod:`exactpriv.measures.distortion` takes a prior on D^n (a Hamming space) and a
privacy level e^ε given as an exact rational >= 1, so that every LP stays rational; these helpers
check both (echoing the bad value) and refuse LPs above ``MAX_LP_VARIABLES`` before building them.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument, SpaceTooLargeError
from exactpriv.exact.numbers import as_rational
from exactpriv.spaces import Hamming


__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.measures.distortion


#: Largest number of LP variables (N^2 = m^{2n}) the privacy–distortion LPs accept by default.
#: 6,561 (D^4, m = 3) is where the exact basis solve becomes a matter of minutes.
#: Empirically determined parameter.
MAX_LP_VARIABLES = 6561


#: The symbol t = e^ε (t > 0) of the polynomials behind ε̃_X and the relaxed LP.
EXP_EPS_SYMBOL = sympy.Symbol("t", positive=True)


# ======================================================================================
# validation
# ======================================================================================
def _int(v, name: str, low: int) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        if isinstance(v, Fraction) and v.denominator == 1:
            v = int(v)
        elif isinstance(v, sympy.Integer):
            v = int(v)
        else:
            raise InvalidArgument(f"{name}={v!r} of type {type(v).__name__} must be an int >= {low}")
    v = int(v)
    if v < low:
        raise InvalidArgument(f"{name}={v!r} must be an int >= {low}")
    return v


def check_n_m(n, m) -> tuple[int, int]:
    """``(n, m)`` as ints: n >= 1 records over an alphabet of m >= 2 values (D^n with |D| = m)."""
    return _int(n, "n", 1), _int(m, "m", 2)


def check_exp_eps(t, name: str = "exp_eps") -> Fraction:
    """e^ε as an exact rational >= 1 (ε >= 0); floats raise NotExactError (from as_rational)."""
    q = as_rational(t, name)
    if q < 1:
        raise InvalidArgument(f"{name}={q} must be >= 1 (it is e^eps with eps >= 0)")
    return q


def check_prior_on_Dn(prior, what: str) -> tuple[Hamming, int, int]:
    """``(space, n, m)`` of a prior on D^n (one alphabet of m >= 2 values); else a typed error naming ``what``."""
    if not isinstance(prior, Prior):
        raise InvalidArgument(f"prior={prior!r} of type {type(prior).__name__} must be an exactpriv Prior ({what})")
    space = prior.space
    if not isinstance(space, Hamming) or len(set(space.alphabets)) != 1:
        raise InvalidArgument(
            f"{what} needs a prior on D^n (Hamming(values, n) with one alphabet, Wang–Ying–Zhang §2), got {space!r}")
    m = len(space.alphabets[0])
    if m < 2:
        raise InvalidArgument(f"{what} needs |D| = m >= 2 (Wang–Ying–Zhang §2), got the alphabet {list(space.alphabets[0])!r}")
    return space, space.n, m


def check_lp_size(variables: int, max_variables: int, what: str) -> None:
    """Refuse an LP of more than ``max_variables`` variables before it is built (SpaceTooLargeError)."""
    if not isinstance(max_variables, int) or isinstance(max_variables, bool) or max_variables < 1:
        raise InvalidArgument(f"max_variables={max_variables!r} must be a positive int")
    if variables > max_variables:
        raise SpaceTooLargeError(
            f"{what} has {variables:,} variables, above max_variables={max_variables:,}; use a smaller D^n "
            f"or pass max_variables=... deliberately")
