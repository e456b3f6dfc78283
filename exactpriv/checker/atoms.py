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

__all__ = ["atom_identity", "factor_signs", "positive_shape"]

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
        self.positive, self.nonzero, self.nonneg, self.below, self.above = set(), set(), set(), {}, {}
        for v, text in domain.items():
            lo, hi, lc, hc = parse_domain(text)
            if isinstance(hi, Fraction):
                self.below[v] = (hi, hc)
            if isinstance(lo, Fraction):
                self.above[v] = (lo, lc)
            if V.compare(lo, ">=", _ZERO):
                self.nonneg.add(v)
            if V.compare(lo, ">", _ZERO) or (V.compare(lo, "==", _ZERO) and not lc):
                self.positive.add(v)
                self.nonzero.add(v)
            elif V.compare(hi, "<", _ZERO) or (V.compare(hi, "==", _ZERO) and not hc):
                self.nonzero.add(v)
        self.variables = set(domain)

    def _never_zero(self, atom) -> bool:
        return atom[0] in ("E", "Pow") or (atom[0] == "v" and atom[1] in self.nonzero)

    def _positive_atom(self, atom) -> bool:
        return atom[0] in ("E", "Pow") or (atom[0] == "v" and atom[1] in self.positive)

    def shape(self, node) -> str | None:
        """"pos", "nonneg", "neg", "nonpos" (or "zero") when the subtree has that sign on the whole domain by its
        shape alone, else None: constants by their exact sign, variables by their domain, c − v and v − c for a
        variable on one side of c, exp of anything, and sums, products and quotients by the rules of signs."""
        sig = self._sign(node)
        return None if sig is None else {(1, True): "pos", (1, False): "nonneg", (-1, True): "neg",
                                         (-1, False): "nonpos", (0, False): "zero"}[sig]

    def _sign(self, node):
        """(sign, strict): (1, True) positive, (1, False) non-negative, (-1, ·) mirrored, (0, False) zero."""
        k = node[0]
        if not names(node):  # a constant: its exact sign
            try:
                sg = V.sign(evaluate(node, {}))
            except (Failed, NotCheckable, V.Undefined, ArithmeticError):
                return None
            return (sg, sg != 0)
        if k == "name":
            v = node[1]
            return (1, True) if v in self.positive else (1, False) if v in self.nonneg else None
        if k == "call" and node[1] == "exp":
            return (1, True)
        if k == "call" and node[1] in ("abs", "sqrt"):
            return (1, False)
        if k == "neg":
            a = self._sign(node[1])
            return None if a is None else (-a[0], a[1])
        if k == "-" and not names(node[1]) and node[2][0] == "name" and node[2][1] in self.below:  # c − v
            c, (hi, hc) = evaluate(node[1], {}), self.below[node[2][1]]
            return (1, True) if V.compare(hi, "<", c) or (V.compare(hi, "==", c) and not hc) else \
                (1, False) if V.compare(hi, "<=", c) else None
        if k == "-" and node[1][0] == "name" and not names(node[2]) and node[1][1] in self.above:  # v − c
            c, (lo, lc) = evaluate(node[2], {}), self.above[node[1][1]]
            return (1, True) if V.compare(lo, ">", c) or (V.compare(lo, "==", c) and not lc) else \
                (1, False) if V.compare(lo, ">=", c) else None
        if k == "-":
            return self._sign(("+", node[1], ("neg", node[2])))
        if k in ("+", "*", "/"):
            a, b = self._sign(node[1]), self._sign(node[2])
            if a is None or b is None:
                return None
            if k == "+":
                if a[0] == 0 or b[0] == 0:
                    return b if a[0] == 0 else a
                return (a[0], a[1] or b[1]) if a[0] == b[0] else None
            if k == "/" and not b[1]:
                return None  # a divisor that may vanish
            if a[0] == 0:
                return (0, False)
            return (a[0] * b[0], a[1] and b[1])
        if k == "**" and node[2][0] == "num" and node[2][1].denominator == 1:
            a, e = self._sign(node[1]), int(node[2][1])
            if a is None or (e < 0 and not a[1]):
                return None
            if e % 2 == 0:
                return (1, a[1]) if a[0] != 0 else (0, False) if e > 0 else None
            return a
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
            if self.shape(node[2]) not in ("pos", "neg") and (den is None or not all(self._never_zero(a) for a, _ in den[1])) \
                    and not self._never_zero_poly(n2):
                raise NotCheckable("atom-identity: a divisor not shown non-zero (by its shape, as a monomial of "
                                   "never-zero atoms, or by the signs of its factors)")
            return _mul(n1, d2), _mul(d1, n2)
        if k == "**":
            e = self.polynomial(node[2])
            q = _const(e)
            if q is None and all(c.denominator == 1 and all(a[0] == "v" and k2 > 0 for a, k2 in m)
                                 for m, c in e.items()) and self.shape(node[1]) == "pos":
                # Q**(Σ c_i m_i + c0), Q positive by its shape: atoms Pow(Q, m_i)^{c_i} times Q^{c0}
                bn, bd = self.read(node[1])
                key = (_key(bn), _key(bd))
                out = ({((("Pow", key, m), int(c)),): Fraction(1)} for m, c in e.items() if m != _ONE)
                n, d = one, one
                for term in out:
                    n = _mul(n, term)
                c0 = int(e.get(_ONE, 0))
                for _ in range(abs(c0)):
                    n, d = (_mul(n, bn), _mul(d, bd)) if c0 > 0 else (_mul(n, bd), _mul(d, bn))
                return n, d
            if q is None or q.denominator != 1 or abs(q) > 64:
                raise NotCheckable("atom-identity: a power that is not an integer up to 64 (or an integer "
                                   "combination of variables, of a base positive by its shape)")
            if q < 0:
                return self.read(("/", ("num", Fraction(1)), ("**", node[1], ("num", -q))))
            n, d = one, one
            bn, bd = self.read(node[1])
            for _ in range(int(q)):
                n, d = _mul(n, bn), _mul(d, bd)
            return n, d
        if k == "call" and len(node[2]) == 1 and node[1] == "log":
            return self._log(*self.read(node[2][0])), one
        if k == "call" and len(node[2]) == 1:
            f, arg = node[1], self.polynomial(node[2][0])
            if f == "exp":
                return self._exp(arg)
            if f == "abs":
                t = _single(arg)
                if not arg:
                    return {}, one
                if t is not None and (t[1] == _ONE or all(self._positive_atom(a) for a, _ in t[1])):
                    return {t[1]: abs(t[0])}, one
                raise NotCheckable("atom-identity: |x| of something not of one sign")
        raise NotCheckable(f"atom-identity: {node[1] if k == 'call' else k} is not read")

    def polynomial(self, node) -> dict:
        """The subtree as one Laurent polynomial: N/D with D a single term."""
        n, d = self.read(node)
        t = _single(d)
        if t is None:
            raise NotCheckable("atom-identity: a quotient of sums where a single term is needed (an exponent)")
        c, m = t
        return _mul(n, {tuple((a, -e) for a, e in m): 1 / c})

    def _log(self, N: dict, D: dict) -> dict:
        """log(N/D) for N/D positive on the domain, split over its factors: primes, positive variables (log v),
        E_M (M), and irreducible polynomial factors positive on the whole domain (``_positive_factor``; atom
        log f), each factor's sign fixed there."""
        out: dict = {}
        sign = 1
        for poly, power in ((N, 1), (D, -1)):
            c, factors = _factor(poly)
            sign *= 1 if c > 0 else -1
            for prime, e in _primes(abs(c)):
                out = _add(out, {((("Lp", prime), 1),): Fraction(e * power)})
            for f, e in factors:
                t = _single(f)
                if t is not None:  # a single atom (the factorisation's monomial part)
                    (atom, k), = t[1]
                    if atom[0] == "v" and atom[1] in self.positive:
                        out = _add(out, {((("L", atom[1]), 1),): Fraction(e * k * power)})
                    elif atom[0] == "E":
                        out = _add(out, {m: c2 * e * k * power for m, c2 in {atom[1]: Fraction(1)}.items()})
                    else:
                        raise NotCheckable(f"atom-identity: the log of {atom}, not shown positive")
                    continue
                g = self._positive_factor(f)
                if g is None:
                    raise NotCheckable("atom-identity: a factor of a log argument not shown of one sign")
                if g is not f and e % 2:
                    sign = -sign
                out = _add(out, {((("Lf", _key(g)), 1),): Fraction(e * power)})
        if sign < 0:
            raise NotCheckable("atom-identity: a log argument that is not positive")
        return out

    def _never_zero_poly(self, poly: dict) -> bool:
        """Every factor of the polynomial has a strict sign on the whole domain (``factor_sign``)."""
        if not poly:
            return False
        try:
            _, factors = _factor(poly)
        except NotCheckable:
            return False
        return all((self.factor_sign(f) or (0, False))[1] for f, _ in factors)

    def factor_sign(self, f: dict):
        """(sign, strict) of a polynomial factor on the whole domain by the shift test of ``_positive_factor`` (every
        shifted coefficient ≥ 0, for f or −f; strict when some term is positive), else None."""
        for g, sg in ((f, 1), (_add({}, f, -1), -1)):
            strict = self._shift_test(g)
            if strict is not None:
                return sg, strict
        return None

    def _positive_factor(self, f: dict):
        """f or −f when one of them is positive on the whole domain (``_shift_test``), else None."""
        for g in (f, _add({}, f, -1)):
            if self._shift_test(g):
                return g
        return None

    def _shift_test(self, f: dict):
        """True when f > 0, False when f ≥ 0 on the whole domain, None when not shown: after shifting each variable
        to an end of its interval (v = a + w or v = b − w, w ≥ 0; E atoms are positive) every coefficient is ≥ 0,
        and for True some term is positive (a positive constant, or a monomial of strictly positive shifted
        variables, w > 0 at an open end)."""
        variables = sorted({a[1] for m in f for a, _ in m if a[0] == "v"})
        if not f or any(a[0] not in ("v", "E", "Pow") for m in f for a, _ in m) or len(variables) > 6:
            return None
        choices = []
        for v in variables:
            ends = []
            if v in self.above:
                ends.append(("lo",) + self.above[v])
            if v in self.below:
                ends.append(("hi",) + self.below[v])
            if not ends:
                return None
            choices.append(ends)
        import itertools

        weak = False
        for combo in itertools.product(*choices):
            shifted = f
            strict = set()
            for v, (side, end, closed) in zip(variables, combo):
                shifted = _shift(shifted, v, end, -1 if side == "hi" else 1)
                if not closed:
                    strict.add(v)
            if not shifted or any(c < 0 for c in shifted.values()):
                continue
            if any(c > 0 and all(a[0] in ("E", "Pow") or a[1] in strict for a, _ in m) for m, c in shifted.items()):
                return True
            weak = True
        return False if weak else None

    def _exp(self, arg: dict) -> tuple[dict, dict]:
        out, den = {_ONE: Fraction(1)}, {_ONE: Fraction(1)}
        for m, c in arg.items():
            if c.denominator != 1:
                raise NotCheckable("atom-identity: exp of a non-integer multiple")
            if m == _ONE:
                raise NotCheckable("atom-identity: exp of a non-zero rational (transcendental)")
            if len(m) == 1 and m[0][0][0] in ("L", "Lp", "Lf") and m[0][1] == 1:  # exp(c·log a) = a^c
                atom = m[0][0]
                base = ({((("v", atom[1]), 1),): Fraction(1)} if atom[0] == "L" else
                        {_ONE: Fraction(atom[1])} if atom[0] == "Lp" else dict(atom[1]))
                for _ in range(abs(int(c))):
                    if c > 0:
                        out = _mul(out, base)
                    else:
                        den = _mul(den, base)
                continue
            if any(a[0] != "v" or e < 0 for a, e in m):
                raise NotCheckable("atom-identity: exp of a term that is not a monomial in the variables")
            out = _mul(out, {((("E", m), int(c)),): Fraction(1)})
        return out, den


def _key(f: dict) -> tuple:
    return tuple(sorted(f.items()))


def _shift(f: dict, v: str, end: Fraction, direction: int) -> dict:
    """f with the variable v replaced by end + direction·w (w written as v again)."""
    out: dict = {}
    atom = ("v", v)
    for m, c in f.items():
        k = dict(m).get(atom, 0)
        rest = tuple((a, e) for a, e in m if a != atom)
        term = {rest: c}
        lin = {_ONE: end, ((atom, 1),): Fraction(direction)} if end else {((atom, 1),): Fraction(direction)}
        for _ in range(k):
            term = _mul(term, lin)
        out = _add(out, term)
    return out


def _factor(f: dict):
    """(rational content, [(factor, multiplicity)]) of a Laurent polynomial in the atoms: its lowest monomial taken
    out as single-atom factors, the rest factored by python-flint (fmpq_mpoly) over Q."""
    if not f:
        raise NotCheckable("atom-identity: the log of 0")
    atoms = sorted({a for m in f for a, _ in m}, key=repr)
    low = {a: min(dict(m).get(a, 0) for m in f) for a in atoms}
    factors = [({((a, 1),): Fraction(1)}, e) for a, e in low.items() if e]
    if not atoms:
        return next(iter(f.values())), factors
    ctx = flint.fmpq_mpoly_ctx.get(tuple(f"x{i}" for i in range(len(atoms))), "lex")
    poly = ctx.from_dict({tuple(dict(m).get(a, 0) - low[a] for a in atoms): flint.fmpq(c.numerator, c.denominator)
                          for m, c in f.items()})
    content, parts = poly.factor()
    c = Fraction(int(content.p), int(content.q))
    for g, e in parts:
        d = {}
        for exps, coeff in g.to_dict().items():
            m = tuple(sorted(((a, int(k)) for a, k in zip(atoms, exps) if k), key=repr))
            d[m] = Fraction(int(coeff.p), int(coeff.q))
        factors.append((d, int(e)))
    return c, factors


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
    if not proves or claim[0] != "cmp" or claim[1] not in (">", ">=", "<", "<=") or claim[3] != ("num", Fraction(0)):
        raise NotCheckable("positive-shape proves 'X > 0', 'X >= 0', 'X < 0' or 'X <= 0'")
    if names(claim) - set(dom):
        raise Failed(f"positive-shape: {sorted(names(claim) - set(dom))} are not variables of the domain")
    got = _Reader(dom).shape(claim[2])
    ok = {">": ("pos",), ">=": ("pos", "nonneg", "zero"), "<": ("neg",), "<=": ("neg", "nonpos", "zero")}[claim[1]]
    if got not in ok:
        raise Failed(f"positive-shape: the expression is not {claim[1]} 0 by its shape")


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


def factor_signs(cert, statement, proves, max_prec):
    """Kind ``factor-signs``: ``lhs REL rhs`` (REL one of > ≥ < ≤) over several variables: lhs − rhs is put in the
    normal form N/D (``atom-identity``), N and D are factored over Q (python-flint), and each factor's sign on the
    whole domain is read by the shift test (every coefficient ≥ 0 after moving each variable to an end of its
    interval, for the factor or its negative; strictly positive when some term is).  The product of the signs must
    give the goal (no factor that may vanish for a strict goal)."""
    dom = statement.get("domain")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or not dom:
        raise Failed("a factor-signs certificate needs a forall-params statement")
    if statement.get("hypotheses"):
        raise NotCheckable("factor-signs: hypotheses over the variables are not read")
    claim = parse(statement["claim"])
    if not proves or claim[0] != "cmp" or claim[1] not in (">", ">=", "<", "<="):
        raise NotCheckable("factor-signs proves one inequality")
    if names(claim) - set(dom):
        raise Failed(f"factor-signs: {sorted(names(claim) - set(dom))} are not variables of the domain")
    reader = _Reader(dom)
    N, D = reader.read(("-", claim[2], claim[3]))
    sign, strict = 1, True
    for poly in (N, D):
        if not poly:  # lhs − rhs is identically 0
            sign, strict = 0, False
            break
        c, factors = _factor(poly)
        sign *= 1 if c > 0 else -1
        for f, e in factors:
            got = reader.factor_sign(f)
            if got is None and e % 2 == 0 and poly is N:  # an even power: ≥ 0 whatever the factor's sign
                strict = False
                continue
            if got is None:
                raise Failed("factor-signs: a factor's sign is not fixed on the domain by the shift test")
            sign *= got[0] ** abs(e)
            strict = strict and got[1]
    want = 1 if claim[1] in (">", ">=") else -1
    if sign not in (want, 0) or (sign == 0 and claim[1] in (">", "<")) or (claim[1] in (">", "<") and not strict):
        raise Failed(f"factor-signs: the signs of the factors do not give {claim[1]} 0")
