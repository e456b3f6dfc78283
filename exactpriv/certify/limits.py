"""The certifier's default effort, in a module of its own: the command line's argument parser shows these
defaults in its help without importing the certifier (sympy, flint), which is only loaded to prove."""

__all__ = ["DEFAULT_MAX_PREC", "DEFAULT_SECONDS"]

#: Default wall-clock budget of one proof, in seconds.
DEFAULT_SECONDS = 10.0

#: Default ceiling of the arb working precision, in bits.
DEFAULT_MAX_PREC = 1024
