"""The safe expression grammar: the only road from user strings and file contents to sympy.

Algorithm and why.  ``sympy.sympify`` and ``parse_expr`` call Python's ``eval`` on a
rewritten token stream, so ``sympify("__import__('os').system('...')")`` runs code; they must
never see untrusted text.  Instead we parse with :func:`ast.parse` (``mode="eval"``), which
only *builds a syntax tree* and executes nothing, then walk that tree in two passes:

1. a non-recursive check pass over an explicit allow-list of node types (integer literals,
   declared names, ``+ - * / **``, unary ``-``/``+``, calls of allow-listed functions by bare
   name).  It enforces the node-count and depth limits before any recursion, so the second
   pass recurses at most :data:`MAX_DEPTH` deep;
2. a build pass that turns each node into a sympy object *directly* (``sympy.Integer``,
   ``a + b``, ``sympy.exp(a)`` ...), never through a string.

Resource guards.  Hostile text can be safe yet expensive: ``9**9**9**9`` is a legal tower,
``sqrt(<4000-digit integer>)`` makes sympy trial-factor the radicand (7 s measured at 13k
bits, 0.01 s at 1k bits), ``exp(10**9*log(2))`` is auto-evaluated by sympy to ``2**(10**9)``,
``sqrt(a)*sqrt(b)*...`` merges radicands and re-factors the product, and ``Min``/``Max`` of
many symbolic arguments run O(n^2) assumption queries (2 s measured for 16 arguments).  So
before each sympy call that can blow up, the size of its result is *estimated* and refused
above the limits below.  The estimates use ``math.log2`` of integers: a float here only
guards resources and never decides a mathematical verdict.  Every intermediate rational is
also checked after it is built (at most :data:`MAX_RATIONAL_BITS` bits, chosen so that every
accepted value can be printed again under Python's 4300-digit ``int``-to-``str`` limit).
With these limits the worst inputs we built parse in about 1 s (a 1000-node ``Abs`` of a
sum, two 8-argument ``Min`` calls); typical expressions take milliseconds.

Errors (all from :mod:`exactpriv.errors`), each naming the offending token and its 1-based
column, with the text echoed and a caret under the token:

* :class:`UnsafeInputError` -- anything outside the grammar: syntax errors, attributes,
  subscripts, strings, lambdas, keywords, comparisons where an expression is expected, and
  every resource limit;
* :class:`UnknownSymbolError` (an :class:`InvalidArgument`) -- a name or function that is not
  declared/allowed (with a "did you mean" hint);
* :class:`NotExactError` -- a float literal such as ``0.5`` (with the exact spelling ``1/2``);
* :class:`InvalidArgument` -- well-formed but mathematically unusable: division by zero,
  ``nan``, non-real values (``sqrt(-1)``), a reversed interval.

Modules of this package (one concept each; their public names are re-exported here):

* ``grammar`` — The safe expression grammar's vocabulary and limits: allowed functions, constants, operators.
* ``size_estimates`` — Size estimates that guard sympy calls of the expression parser against hostile-but-
  legal input.
* ``parser`` — The two-pass walker of the safe expression grammar (``_Parser``).
* ``parse`` — Public parsers of the safe grammar: expressions, inequalities, intervals and exact rationals.
* ``printing`` — Printing parsed expressions back in the safe grammar (round-trip: parse(format(e)) == e).
"""

from __future__ import annotations

from .grammar import (
    ALLOWED_CONSTANTS, ALLOWED_FUNCTIONS, COMPARISON_OPERATORS, Inequality, IntervalBounds, MAX_DEPTH,
    MAX_EXPONENT, MAX_EXP_ARGUMENT, MAX_FUNCTION_ARGS, MAX_MINMAX_ARGS_TOTAL, MAX_NODES, MAX_RATIONAL_BITS,
    MAX_ROOT_BITS,
)
from .parse import parse_expression, parse_inequality, parse_interval, parse_rational
from .printing import format_expression, format_inequality, format_interval

__all__ = [
    "ALLOWED_CONSTANTS",
    "ALLOWED_FUNCTIONS",
    "COMPARISON_OPERATORS",
    "Inequality",
    "IntervalBounds",
    "MAX_DEPTH",
    "MAX_EXPONENT",
    "MAX_EXP_ARGUMENT",
    "MAX_FUNCTION_ARGS",
    "MAX_MINMAX_ARGS_TOTAL",
    "MAX_NODES",
    "MAX_RATIONAL_BITS",
    "MAX_ROOT_BITS",
    "format_expression",
    "format_inequality",
    "format_interval",
    "parse_expression",
    "parse_inequality",
    "parse_interval",
    "parse_rational",
]
