"""Rational forms for the certifier: an expression as N/D in ε, in t = e^{ε/m} or in u = log ε.

sinh/cosh/tanh are rewritten with ``exp``; if every ``exp`` argument is ``c x + d`` with rational
``c`` and ``x`` occurs nowhere else, then with ``m`` the lcm of the denominators of the ``c`` and
``t = e^{x/m}`` the expression is a rational function of ``t``; if ``x`` occurs only as ``log x`` it is
one of ``u = log x``; otherwise it may be one of ``x``.  ``sympy.cancel`` gives ``N/D`` in lowest
terms, accepted only with rational coefficients (``Poly`` over QQ), so every later step is exact.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

import flint
import sympy
from sympy.polys.polyerrors import BasePolynomialError

from exactpriv.certify.core import to_q
from exactpriv.exact.numbers import to_sympy
from exactpriv.exact.ratfunc import NotARationalFunction, RationalFunction, rational_function_of


__all__ = ["MAX_OPS", "OutOfTime", "AlgebraFailure", "rewrite_hyperbolic", "RationalForm", "rational_form"]


# Empirically determined parameters: expressions beyond these sizes skip the symbolic methods
# (cancel/expand/root isolation costs grow quickly; branch-and-bound still applies).
MAX_OPS = 400

_MAX_DEGREE = 120


class OutOfTime(Exception):
    """Internal: the time budget ran out inside an exact method."""


class AlgebraFailure(Exception):
    """Internal: an exact method does not apply (or a sympy result failed verification)."""


def rewrite_hyperbolic(expr):
    """sinh, cosh, tanh written with exp (an exact rewriting)."""
    return expr.replace(lambda e: isinstance(e, (sympy.sinh, sympy.cosh, sympy.tanh)),
                        lambda e: e.rewrite(sympy.exp))


# ---------------------------------------------------------------------------------------
# rational forms
@dataclass(frozen=True)
class RationalForm:
    """``expr == N(u)/D(u)`` exactly, with u = x (kind "x"), u = e^{x/m} (kind "t") or
    u = log(x) (kind "log", x > 0)."""

    kind: str
    m: int
    u: sympy.Symbol
    N: sympy.Poly
    D: sympy.Poly

    def describe(self) -> dict:
        sub = {"x": "u = eps", "log": "u = log(eps)"}.get(
            self.kind, f"u = exp(eps/{self.m})" if self.m != 1 else "u = exp(eps)")
        return {"substitution": sub, "numerator": str(self.N.as_expr()), "denominator": str(self.D.as_expr())}


def rational_form(expr, var) -> RationalForm | None:
    """The exact rational form of ``expr`` in ``var`` or ``e^{var/m}``, or None when there is none."""
    if not isinstance(expr, sympy.Basic):
        expr = to_sympy(expr)
    return _rational_form(expr, var)


# A pure function of the (immutable, structurally compared) expression and variable, and the proofs ask for the
# same factors again and again (634 forms of 174 distinct expressions in one `verify`): each is computed once.
@functools.lru_cache(maxsize=4096)
def _rational_form(expr, var) -> RationalForm | None:
    if sympy.count_ops(expr) > MAX_OPS:
        return None
    e = rewrite_hyperbolic(expr)
    exps = [a for a in e.atoms(sympy.exp) if a.has(var)]
    try:
        if exps:
            lin = {}
            for a in exps:
                p = sympy.Poly(sympy.expand(a.args[0]), var)
                if p.degree() != 1:
                    return None
                c1, c0 = p.coeff_monomial(var), p.coeff_monomial(1)
                if not c1.is_Rational:
                    return None
                lin[a] = (sympy.Rational(c1), c0)
            m = 1
            for c1, _ in lin.values():
                m = m * int(c1.q) // math.gcd(m, int(c1.q))
            if max(abs(c1) * m for c1, _ in lin.values()) > _MAX_DEGREE:
                return None
            u = sympy.Symbol("t", positive=True) if getattr(var, "name", "") != "t" else sympy.Dummy("t", positive=True)
            e = e.xreplace({a: sympy.exp(c0) * u ** int(c1 * m) for a, (c1, c0) in lin.items()})
            if e.has(var):  # var may still cancel (as in derivatives of var*f(t) - var*g(t))
                if _var_remains(e, var):
                    return None
                e = sympy.cancel(sympy.together(e))
                if e.has(var):
                    return None
            kind = "t"
        elif any(a.has(var) for a in e.atoms(sympy.log)):
            logs = [a for a in e.atoms(sympy.log) if a.has(var)]
            if any(a.args[0] != var for a in logs):
                return None
            kind, m, u = "log", 1, sympy.Symbol("s", real=True) if getattr(var, "name", "") != "s" \
                else sympy.Dummy("s", real=True)
            e = e.xreplace({sympy.log(var): u})
            if e.has(var):
                if _var_remains(e, var):
                    return None
                e = sympy.cancel(sympy.together(e))
                if e.has(var):
                    return None
        else:
            kind, m, u = "x", 1, var
        num, den = _numer_denom(e, u)
        N = sympy.Poly(num, u, domain="QQ")
        D = sympy.Poly(den, u, domain="QQ")
    except (BasePolynomialError, ValueError, TypeError):
        return None
    if D.is_zero or max(N.degree(), D.degree()) > _MAX_DEGREE:
        return None
    return RationalForm(kind, m, u, N, D)


# Whether ``var`` survives sympy's ``cancel(together(e))`` (then there is no rational form) is most often "yes": 70 of the
# 76 such questions in one `verify`, at a quarter of the certifier's rational forms.  sympy's cancel is the reduced
# quotient of polynomials over Q in its generators, treated as independent symbols; ``var`` remains in it exactly when
# the derivative in ``var`` of e, as a formal rational function of those generators, is not zero.  So on expressions
# whose generators sympy takes as they stand (symbols and log(...) without ``var``; sums, products, integer powers and
# rationals between them) the question is decided from flint's multivariate polynomials.  Anything else
# (exponentials, which sympy splits into powers of E; fractional powers; other functions) and the rare "var cancels"
# go the sympy way, which then also computes the cancelled form.
_MAX_FORMAL_DEGREE = 200


class _NotFormal(Exception):
    pass


def _var_remains(e, var) -> bool:
    """True when ``var`` provably remains in ``sympy.cancel(sympy.together(e))``; False: not decided here."""
    gens: dict = {var: 0}
    try:
        _formal_generators(e, var, gens)
        ctx = flint.fmpq_mpoly_ctx.get(tuple(f"g{i}" for i in range(len(gens))))
        N, D = _formal(e, ctx, gens)
    except (_NotFormal, ZeroDivisionError):
        return False
    if D.is_zero():
        return False
    return not (N.derivative(0) * D - N * D.derivative(0)).is_zero()


def _formal_generators(e, var, gens: dict) -> None:
    if e.is_Rational:
        return
    if e.is_Add or e.is_Mul:
        for a in e.args:
            _formal_generators(a, var, gens)
        return
    if e.is_Pow:
        if not e.exp.is_Integer:
            raise _NotFormal
        _formal_generators(e.base, var, gens)
        return
    if e.is_Symbol or (isinstance(e, sympy.log) and not e.has(var)):
        gens.setdefault(e, len(gens))
        return
    raise _NotFormal


def _formal(e, ctx, gens: dict):
    """(N, D): ``e`` = N/D as flint polynomials in the generators (not reduced; only the derivative's zero test
    reads them)."""
    if e.is_Rational:
        return ctx.constant(flint.fmpq(int(e.p), int(e.q))), ctx.constant(1)
    if e in gens:
        return ctx.gens()[gens[e]], ctx.constant(1)
    if e.is_Add or e.is_Mul:
        N, D = _formal(e.args[0], ctx, gens)
        for a in e.args[1:]:
            n, d = _formal(a, ctx, gens)
            if e.is_Mul:
                N, D = N * n, D * d
            elif D == d:
                N = N + n
            else:
                N, D = N * d + n * D, D * d
            if max(N.total_degree(), D.total_degree()) > _MAX_FORMAL_DEGREE:
                raise _NotFormal
        return N, D
    k = int(e.exp)
    N, D = _formal(e.base, ctx, gens)
    if max(N.total_degree(), D.total_degree(), 1) * abs(k) > _MAX_FORMAL_DEGREE:
        raise _NotFormal
    if k < 0:
        if N.is_zero():
            raise ZeroDivisionError
        N, D, k = D, N, -k
    return N ** k, D ** k


def _numer_denom(e, u):
    """``sympy.fraction(sympy.cancel(sympy.together(e)))``: from flint when ``e`` is built from rationals and ``u``
    by sums, products and integer powers (the lowest-terms N/D over Z with a positive leading coefficient of D is
    unique, and it is what ``cancel`` returns: its sparse-polynomial ``cancel`` clears denominators, takes the
    cofactors of the gcd over Z and makes the leading coefficient of D positive; then the same expression
    ``N/D`` goes through the same ``fraction``), else from sympy.  ``cancel`` with ``together`` were about half of
    the certifier's rational forms (signsimp, factor_terms, sring, the gcd); flint's gcd takes microseconds."""
    try:
        rf = _rf_of(e, u)
    except (NotARationalFunction, ZeroDivisionError):
        return _numer_denom_plain(e)
    Nz, Dz = _integer_normal_form(rf)
    return sympy.fraction(_poly_expr(Nz, u) / _poly_expr(Dz, u))


def _numer_denom_plain(e):
    """The plain computation :func:`_numer_denom` stands for (sympy's ``together``, ``cancel``, ``fraction``)."""
    return sympy.fraction(sympy.cancel(sympy.together(e)))


def _rf_of(e, u) -> RationalFunction:
    """``e`` as a flint rational function of ``u``; NotARationalFunction for anything but rationals, ``u``, sums,
    products and integer powers (of exponent at most 4·_MAX_DEGREE in size)."""
    return rational_function_of(e, lambda leaf: RationalFunction.gen() if leaf == u else None,
                                max_exponent=4 * _MAX_DEGREE)


def _integer_normal_form(rf: RationalFunction) -> tuple[list[int], list[int]]:
    """(N, D) integer coefficient lists, lowest degree first, of ``rf`` = N/D with gcd(N, D) = 1 over Z (contents
    included) and a positive leading coefficient of D."""
    qs = [Fraction(int(c.p), int(c.q)) for c in rf.N.coeffs()], [Fraction(int(c.p), int(c.q)) for c in rf.D.coeffs()]
    lcm = math.lcm(*(c.denominator for part in qs for c in part))
    ints = [[int(c * lcm) for c in part] for part in qs]
    g = math.gcd(*(c for part in ints for c in part))
    N, D = ([c // g for c in part] for part in ints)
    if not N:  # the zero function: sympy's cancel gives 0/1
        return [], [1]
    return N, D  # D is monic over Q, so its leading coefficient is positive


def _poly_expr(coeffs: list[int], u):
    """The polynomial as sympy builds it from its terms (what ``Poly.as_expr`` gives)."""
    return sympy.Add(*[sympy.Mul(sympy.Integer(c), u ** i) for i, c in enumerate(coeffs) if c])


# ---------------------------------------------------------------------------------------
# verified real-root isolation
def horner(coeffs, x: Fraction) -> Fraction:
    """The polynomial with ``coeffs`` (highest degree first) at ``x``, exactly."""
    acc = Fraction(0)
    for c in coeffs:
        acc = acc * x + c
    return acc


def sign_of(q) -> int:
    """-1, 0 or 1: the sign of ``q``."""
    return (q > 0) - (q < 0)


def poly_coefficients(P: sympy.Poly) -> list:
    """The coefficients of ``P`` as exact rationals, highest degree first."""
    return [to_q(c) for c in P.all_coeffs()]
