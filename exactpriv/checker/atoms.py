"""Kind ``atom-identity``: an equation over several variables that holds identically once products are expanded,
logs of products split and exps of sums multiplied out (docs/certificates.md, "atom-identity").

Each side is put in a normal form: a Laurent polynomial with rational coefficients in the *atoms* — the statement's
variables v, the logs log v of variables whose domain lies in (0, oo), the logs log p of primes, and the exponentials
E_M = exp(M) of monomials M in the variables — a quotient N/D of two such polynomials.  The rules used are identities wherever the expression is defined:
log(c·Π a^k) = log c + Σ k·log a for c > 0 and positive atoms a (log v, or M for a = E_M; c split into primes);
exp(Σ c_i m_i) = Π exp(m_i)^{c_i} for integers c_i (and exp(k·log v) = v^k); x/y only for y positive on the whole
domain by its shape (kind ``positive-shape``) or a monomial of atoms that never vanish there (a variable whose domain
excludes 0, an E_M); integer powers; |x| of a constant or of a positive monomial.  Anything else is not read.  When the two normal forms are equal — the atoms taken as independent
indeterminates — the sides are equal at every point of the domain, where every log argument is positive and every
divisor non-zero by the rules above.  (Hand-written: the checker may not use sympy.)
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.checker import values as V
from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.grammar import names, parse

__all__ = ["atom_identity", "positive_shape"]

_ONE: tuple = ()  # the empty monomial
_ZERO = Fraction(0)


def _mono_mul(a: tuple, b: tuple, k: int = 1) -> tuple:
    out = dict(a)
    for atom, e in b:
        out[atom] = out.get(atom, 0) + k * e
    return tuple(sorted((x, e) for x, e in out.items() if e))


def _add(f: dict, g: dict, sign=1) -> dict:
    out = dict(f)
    for m, c in g.items():
        out[m] = out.get(m, Fraction(0)) + sign * c
    return {m: c for m, c in out.items() if c}


def _mul(f: dict, g: dict) -> dict:
    out: dict = {}
    for m1, c1 in f.items():
        for m2, c2 in g.items():
            m = _mono_mul(m1, m2)
            out[m] = out.get(m, Fraction(0)) + c1 * c2
    return {m: c for m, c in out.items() if c}


def _const(f: dict):
    return f.get(_ONE, Fraction(0)) if set(f) <= {_ONE} else None


def _single(f: dict):
    """(coefficient, monomial) when f is one term, else None."""
    return next(iter(f.items()))[::-1] if len(f) == 1 else None


class _Reader:
    def __init__(self, domain: dict):
        self.positive, self.nonzero, self.nonneg, self.below = set(), set(), set(), {}
        for v, text in domain.items():
            lo, hi, lc, hc = parse_domain(text)
            if isinstance(hi, Fraction):
                self.below[v] = (hi, hc)
            if V.compare(lo, ">=", _ZERO):
                self.nonneg.add(v)
            if V.compare(lo, ">", _ZERO) or (V.compare(lo, "==", _ZERO) and not lc):
                self.positive.add(v)
                self.nonzero.add(v)
            elif V.compare(hi, "<", _ZERO) or (V.compare(hi, "==", _ZERO) and not hc):
                self.nonzero.add(v)
        self.variables = set(domain)

    def _never_zero(self, atom) -> bool:
        return atom[0] == "E" or (atom[0] == "v" and atom[1] in self.nonzero)

    def _positive_atom(self, atom) -> bool:
        return atom[0] == "E" or (atom[0] == "v" and atom[1] in self.positive)

    def shape(self, node) -> str | None:
        """"pos" / "nonneg" when the subtree is positive (non-negative) on the whole domain by its shape alone, else
        None: positive numbers and variables, c − v for a variable below c, sums, products and quotients of such,
        exp of anything."""
        k = node[0]
        if not names(node):  # a constant: its exact sign
            try:
                sg = V.sign(evaluate(node, {}))
            except (Failed, NotCheckable, V.Undefined, ArithmeticError):
                return None
            return "pos" if sg > 0 else "nonneg" if sg == 0 else None
        if k == "name":
            if node[1] in self.positive:
                return "pos"
            return "nonneg" if node[1] in self.nonneg else None
        if k == "call" and node[1] == "exp":
            return "pos"
        if k == "call" and node[1] in ("abs", "sqrt"):
            return "nonneg"
        if k == "-" and node[1][0] == "num" and node[2][0] == "name" and node[2][1] in self.below:
            c, (hi, hc) = node[1][1], self.below[node[2][1]]
            return "pos" if V.compare(hi, "<", c) or (V.compare(hi, "==", c) and not hc) else \
                "nonneg" if V.compare(hi, "<=", c) else None
        if k in ("+", "*", "/"):
            a, b = self.shape(node[1]), self.shape(node[2])
            if a is None or b is None or (k == "/" and b != "pos"):
                return None
            if k == "+":
                return "pos" if "pos" in (a, b) else "nonneg"
            return "pos" if a == b == "pos" else "nonneg"
        if k == "**" and node[2][0] == "num" and node[2][1].denominator == 1:
            a = self.shape(node[1])
            return a if node[2][1] >= 0 or a == "pos" else None
        return None

    def read(self, node) -> tuple[dict, dict]:
        """(N, D): the subtree is N/D, both Laurent polynomials in the atoms, D never 0 on the domain."""
        k = node[0]
        one = {_ONE: Fraction(1)}
        if k == "num":
            return ({_ONE: node[1]} if node[1] else {}), one
        if k == "name":
            if node[1] not in self.variables:
                raise Failed(f"atom-identity: {node[1]!r} is not a variable of the domain")
            return {((("v", node[1]), 1),): Fraction(1)}, one
        if k == "neg":
            n, d = self.read(node[1])
            return _add({}, n, -1), d
        if k in ("+", "-"):
            (n1, d1), (n2, d2) = self.read(node[1]), self.read(node[2])
            return _add(_mul(n1, d2), _mul(n2, d1), 1 if k == "+" else -1), _mul(d1, d2)
        if k == "*":
            (n1, d1), (n2, d2) = self.read(node[1]), self.read(node[2])
            return _mul(n1, n2), _mul(d1, d2)
        if k == "/":
            (n1, d1), (n2, d2) = self.read(node[1]), self.read(node[2])
            den = _single(n2)
            if self.shape(node[2]) != "pos" and (den is None or not all(self._never_zero(a) for a, _ in den[1])):
                raise NotCheckable("atom-identity: a divisor neither positive by its shape nor a monomial of "
                                   "never-zero atoms")
            return _mul(n1, d2), _mul(d1, n2)
        if k == "**":
            q = _const(self.polynomial(node[2]))
            if q is None or q.denominator != 1 or abs(q) > 64:
                raise NotCheckable("atom-identity: a power that is not an integer up to 64")
            if q < 0:
                return self.read(("/", ("num", Fraction(1)), ("**", node[1], ("num", -q))))
            n, d = one, one
            bn, bd = self.read(node[1])
            for _ in range(int(q)):
                n, d = _mul(n, bn), _mul(d, bd)
            return n, d
        if k == "call" and len(node[2]) == 1:
            f, arg = node[1], self.polynomial(node[2][0], fraction=node[1] == "log")
            if f == "log":
                return self._log(arg), one
            if f == "exp":
                return self._exp(arg), one
            if f == "abs":
                t = _single(arg)
                if not arg:
                    return {}, one
                if t is not None and (t[1] == _ONE or all(self._positive_atom(a) for a, _ in t[1])):
                    return {t[1]: abs(t[0])}, one
                raise NotCheckable("atom-identity: |x| of something not of one sign")
        raise NotCheckable(f"atom-identity: {node[1] if k == 'call' else k} is not read")

    def polynomial(self, node, *, fraction: bool = False) -> dict:
        """The subtree as one Laurent polynomial: N/D with D a single term (or, with ``fraction``, the single term
        N/D of a log argument)."""
        n, d = self.read(node)
        t = _single(d)
        if t is None or (fraction and len(n) != 1):
            raise NotCheckable("atom-identity: a quotient of sums where a single term is needed (a log argument, "
                               "an exponent)")
        c, m = t
        return _mul(n, {tuple((a, -e) for a, e in m): 1 / c})

    def _log(self, arg: dict) -> dict:
        t = _single(arg)
        if t is None or t[0] <= 0:
            raise NotCheckable("atom-identity: the log of a sum, or of a non-positive constant")
        c, m = t
        out: dict = {}
        for prime, e in _primes(c):
            out = _add(out, {((("Lp", prime), 1),): Fraction(e)})
        for atom, e in m:
            if atom[0] == "v" and atom[1] in self.positive:
                out = _add(out, {((("L", atom[1]), 1),): Fraction(e)})
            elif atom[0] == "E":
                out = _add(out, {atom[1]: Fraction(e)})  # log exp(M) = M
            else:
                raise NotCheckable(f"atom-identity: the log of {atom}, not shown positive")
        return out

    def _exp(self, arg: dict) -> dict:
        out = {_ONE: Fraction(1)}
        for m, c in arg.items():
            if c.denominator != 1:
                raise NotCheckable("atom-identity: exp of a non-integer multiple")
            if m == _ONE:
                raise NotCheckable("atom-identity: exp of a non-zero rational (transcendental)")
            if len(m) == 1 and m[0][0][0] in ("L", "Lp") and m[0][1] == 1:  # exp(c·log a) = a^c
                atom = m[0][0]
                base = {((("v", atom[1]), 1),): Fraction(1)} if atom[0] == "L" else {_ONE: Fraction(atom[1])}
                power = {_ONE: Fraction(1)}
                for _ in range(abs(int(c))):
                    power = _mul(power, base)
                if c < 0:
                    t = _single(power)
                    power = {tuple((a, -e) for a, e in t[1]): 1 / t[0]}
                out = _mul(out, power)
                continue
            if any(a[0] != "v" or e < 0 for a, e in m):
                raise NotCheckable("atom-identity: exp of a term that is not a monomial in the variables")
            out = _mul(out, {((("E", m), int(c)),): Fraction(1)})
        return out


def _primes(c: Fraction):
    out = []
    for part, sign in ((c.numerator, 1), (c.denominator, -1)):
        if part > 1:
            out += [(int(p), sign * int(e)) for p, e in flint.fmpz(part).factor()]
    return out


def positive_shape(cert, statement, proves, max_prec):
    """Kind ``positive-shape``: ``X > 0`` (``X >= 0``) where X is positive (non-negative) on the whole domain by its
    shape alone (``_Reader.shape``: positive numbers and variables, c − v below c, sums, products, quotients, exp)."""
    dom = statement.get("domain")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or not dom:
        raise Failed("a positive-shape certificate needs a forall-params statement")
    claim = parse(statement["claim"])
    if not proves or claim[0] != "cmp" or claim[1] not in (">", ">=") or claim[3] != ("num", Fraction(0)):
        raise NotCheckable("positive-shape proves 'X > 0' or 'X >= 0'")
    if names(claim) - set(dom):
        raise Failed(f"positive-shape: {sorted(names(claim) - set(dom))} are not variables of the domain")
    got = _Reader(dom).shape(claim[2])
    if got is None or (claim[1] == ">" and got != "pos"):
        raise Failed("positive-shape: the expression is not positive by its shape")


def atom_identity(cert, statement, proves, max_prec):
    dom = statement.get("domain")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or not dom:
        raise Failed("an atom-identity certificate needs a forall-params statement")
    if statement.get("hypotheses"):
        raise NotCheckable("atom-identity: hypotheses over the variables are not read")
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] != "==":
        raise NotCheckable("an atom-identity certificate proves an equation")
    if names(claim) - set(dom):
        raise Failed(f"atom-identity: {sorted(names(claim) - set(dom))} are not variables of the domain")
    reader = _Reader(dom)
    (n1, d1), (n2, d2) = reader.read(claim[2]), reader.read(claim[3])
    differ = _add(_mul(n1, d2), _mul(n2, d1), -1)
    if differ and proves:
        raise Failed("atom-identity: the two sides' normal forms differ")
    if not proves:
        raise NotCheckable("atom-identity proves; a refutation is given as a point")
