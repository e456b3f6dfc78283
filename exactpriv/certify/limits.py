"""The certifier's default effort, in a module of its own: the command line's argument parser shows these
defaults in its help without importing the certifier (sympy, flint), which is only loaded to prove."""

__all__ = ["DEFAULT_MAX_PREC", "DEFAULT_SECONDS"]

#: Default time limit of one proof: none of its own (the deadline in force, if any, applies).  The effort
#: (:class:`exactpriv.effort.Effort`) decides how far a proof goes; a time limit only stops it.
DEFAULT_SECONDS = None

#: Default ceiling of the arb working precision, in bits (the default effort's ``precision_bits``).
DEFAULT_MAX_PREC = 1024
