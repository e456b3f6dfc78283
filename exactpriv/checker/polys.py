"""Univariate polynomials and rational functions over Q (coefficient lists, lowest degree first), Sturm counts,
and rewriting an expression of the grammar as N(u)/D(u) under a substitution u = x or u = exp(x/m).

Products, division, gcds and evaluation are python-flint's exact fmpq_poly (the checker may not use sympy, the
engine's algebra); what is hand-written here is the reading of the grammar into polynomials and the Sturm count.
"""

from __future__ import annotations

import json

from fractions import Fraction

import flint

from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse

__all__ = ["count_roots", "flint_key", "from_flint", "linear_coefficient", "peval", "pmul", "rational_function", "remembered",
           "rf_add", "rf_quotient", "rf_reduce", "rf_same", "rf_sub", "root_counter", "sign_at", "squarefree", "to_flint"]

_MAX_DEGREE = 400


# ----------------------------------------------------------------------------- remembered results
# A family's entries, their differences and the same likelihood ratios come back many times in one run (one verify
# asks for 9,226 rational functions of 1,059 distinct expressions and 13,781 Sturm sequences of 751 polynomials).
# Both are pure functions of exact, immutable inputs (text or a parse tree, rational coefficients), so each is
# computed once per distinct input; a failure is remembered as its error and raised again as a new instance.
# tests/checker/test_polys_memo.py compares every remembered answer with the unremembered computation.

_MEMO_LIMIT = 4096


def json_key(value) -> str | None:
    """The JSON text of ``value`` as a memo key, or None when it is not plain JSON that reads back as ``value``
    itself (tuples, non-text keys, NaN): two values share a key only when they are the same JSON document."""
    try:
        key = json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return key if json.loads(key) == value else None


def remembered(key_of):
    """Remember ``f(*args)`` by ``key_of(*args)`` (None: not remembered); a cache over _MEMO_LIMIT starts over."""
    def wrap(f):
        cache: dict = {}

        def memo(*args):
            key = key_of(*args)
            if key is None:
                return f(*args)
            hit = cache.get(key)
            if hit is None:
                if len(cache) >= _MEMO_LIMIT:
                    cache.clear()
                try:
                    hit = (True, f(*args))
                except (Failed, NotCheckable) as exc:
                    hit = (False, (type(exc), exc.args))
                cache[key] = hit
            ok, value = hit
            if not ok:
                raise value[0](*value[1])
            return value

        memo.__wrapped__ = f  # type: ignore[attr-defined]
        memo.cache_clear = cache.clear  # type: ignore[attr-defined]
        memo.__doc__, memo.__name__ = f.__doc__, f.__name__
        return memo
    return wrap


def _tree_key(node):
    """A hashable key of an expression: its text, or the repr of a parse tree (tuples, lists, names and exact
    Fractions, whose repr is exact), tagged apart (a text that spells a tree's repr is not that tree)."""
    return ("text", node) if isinstance(node, str) else ("tree", repr(node))


def _trim(p):
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def to_flint(p) -> flint.fmpq_poly:
    """A coefficient list (lowest degree first) as python-flint's exact fmpq_poly."""
    return flint.fmpq_poly([flint.fmpq(c.numerator, c.denominator) for c in p])


def from_flint(f: flint.fmpq_poly) -> list:
    """An fmpq_poly back as a trimmed list of Fractions."""
    return [Fraction(int(c.p), int(c.q)) for c in f.coeffs()]


def padd(p, q):
    n = max(len(p), len(q))
    return _trim([(p[k] if k < len(p) else 0) + (q[k] if k < len(q) else 0) for k in range(n)])


def pneg(p):
    return [-c for c in p]


def pmul(p, q):
    if not p or not q:
        return []
    if len(p) + len(q) - 2 > _MAX_DEGREE:
        raise NotCheckable(f"a polynomial of degree above {_MAX_DEGREE}")
    if len(p) == 1 or len(q) == 1:
        c, r = (p[0], q) if len(p) == 1 else (q[0], p)
        return _trim([c * x for x in r])
    return from_flint(to_flint(p) * to_flint(q))


def pdivmod(p, q):
    p, q = _trim(p), _trim(q)
    if not q:
        raise ZeroDivisionError("polynomial division by zero")
    quo, rem = divmod(to_flint(p), to_flint(q))
    return from_flint(quo), from_flint(rem)


def pderiv(p):
    return _trim([k * p[k] for k in range(1, len(p))])


def pgcd(p, q):
    """The monic greatest common divisor (flint's; [] when both are 0)."""
    p, q = _trim(p), _trim(q)
    if not p and not q:
        return []
    return from_flint(to_flint(p).gcd(to_flint(q)))


def rf_key(a) -> tuple | None:
    """A key equal for two rational functions (N, D) exactly when they are equal as functions, N_a·D_b = N_b·D_a:
    N/D in lowest terms with a monic denominator (flint's monic gcd), coefficients as text; None when D is 0."""
    return flint_key(to_flint(_trim(a[0])), to_flint(_trim(a[1])))


def flint_key(n: flint.fmpq_poly, d: flint.fmpq_poly) -> tuple | None:
    """rf_key of N/D given as fmpq_poly."""
    if d.is_zero():
        return None
    g = n.gcd(d)
    n, d = divmod(n, g)[0], divmod(d, g)[0]
    lc = d.coeffs()[-1]
    return tuple(str(c) for c in (n / lc).coeffs()), tuple(str(c) for c in (d / lc).coeffs())


def _squarefree(f: flint.fmpq_poly) -> flint.fmpq_poly:
    if f.degree() < 1:
        return f
    g = f.gcd(f.derivative())
    return f if g.degree() < 1 else divmod(f, g)[0]


def squarefree(p):
    return from_flint(_squarefree(to_flint(_trim(p))))


def peval(p, x: Fraction) -> Fraction:
    if len(p) < 8:
        acc = Fraction(0)
        for c in reversed(p):
            acc = acc * x + c
        return acc
    v = to_flint(p)(flint.fmpq(x.numerator, x.denominator))
    return Fraction(int(v.p), int(v.q))


def sign_at(p, x) -> int:
    """Sign of p at a rational x, or at ±oo (x = "oo" / "-oo")."""
    if not p:
        return 0
    if x == "oo":
        return (p[-1] > 0) - (p[-1] < 0)
    if x == "-oo":
        s = (p[-1] > 0) - (p[-1] < 0)
        return s if (len(p) - 1) % 2 == 0 else -s
    v = peval(p, x)
    return (v > 0) - (v < 0)


def _sturm(f: flint.fmpq_poly) -> list:
    """The Sturm sequence of f (python-flint exact division)."""
    seq = [f, f.derivative()]
    while not seq[-1].is_zero():
        r = divmod(seq[-2], seq[-1])[1]
        if r.is_zero():
            break
        # −r scaled by a positive rational to its primitive integer form: the signs (all a Sturm count reads)
        # are kept and the coefficients stay small
        z = (-r).numer()
        seq.append(flint.fmpq_poly(z) / z.content())
    return seq


def _flint_sign(f: flint.fmpq_poly, x) -> int:
    if f.is_zero():
        return 0
    if x in ("oo", "-oo"):
        lead = f.coeffs()[-1]
        s = (lead > 0) - (lead < 0)
        return s if x == "oo" or f.degree() % 2 == 0 else -s
    v = f(flint.fmpq(x.numerator, x.denominator))
    return (v > 0) - (v < 0)


def _signs_at(seq: list, x) -> list:
    """The non-zero signs of the polynomials of ``seq`` at x (rational, or "oo" / "-oo"), x converted to flint
    once for the whole sequence (as _flint_sign takes each)."""
    if isinstance(x, str):
        return [s for s in (_flint_sign(q, x) for q in seq) if s]
    fx = flint.fmpq(x.numerator, x.denominator)
    out = []
    for q in seq:
        v = q(fx)
        if v:
            out.append(1 if v > 0 else -1)
    return out


def root_counter(p):
    """count_roots(p, ·, ·) with p's Sturm sequence computed once (many intervals of one polynomial); ends
    rational or ±oo."""
    return _root_counter(tuple(_trim(p)))


@remembered(lambda p: p)
def _root_counter(p: tuple):
    f = _squarefree(to_flint(list(p)))
    if f.degree() < 1:
        return lambda lo, hi: 0
    seq = _sturm(f)

    seen: dict = {}  # bisection meets each inner point twice (the upper end of one half, the lower of the other)

    def variations(x) -> int:
        if x in seen:
            return seen[x]
        signs = _signs_at(seq, x)
        n = sum(1 for a, b in zip(signs, signs[1:]) if a != b)
        if len(seen) >= 65536:
            seen.clear()
        seen[x] = n
        return n

    return lambda lo, hi: variations(lo) - variations(hi)


def count_roots(p, lo, hi) -> int:
    """Distinct real roots of p in the half-open interval (lo, hi] (ends rational or ±oo), by Sturm's theorem
    on python-flint's exact fmpq_poly (the algebra is flint's; the sign variations are counted here)."""
    return root_counter(p)(lo, hi)


class _RF:
    """N(u)/D(u) while an expression is read: python-flint fmpq_poly throughout, converted to coefficient lists
    once at the end (a conversion per product was most of the reading's time)."""

    __slots__ = ("n", "d")

    def __init__(self, n: flint.fmpq_poly, d: flint.fmpq_poly):
        if d.is_zero():
            raise Failed("a rational function with denominator 0")
        self.n, self.d = n, d


_ONE = flint.fmpq_poly([1])
_U = flint.fmpq_poly([0, 1])


def _fmul(p: flint.fmpq_poly, q: flint.fmpq_poly) -> flint.fmpq_poly:
    """p·q, refused above pmul's degree bound (checked as pmul checks it: only when neither factor is 0)."""
    if p.is_zero() or q.is_zero():
        return flint.fmpq_poly()
    if p.degree() + q.degree() > _MAX_DEGREE:
        raise NotCheckable(f"a polynomial of degree above {_MAX_DEGREE}")
    return p * q


def _is_monomial(f: flint.fmpq_poly) -> bool:
    return not f.is_zero() and not any(f.coeffs()[:-1])


def _add(a: _RF, b: _RF) -> _RF:
    """a + b over a common denominator that is the lcm when both denominators are one polynomial or monomials
    c·u^k (sums of powers of exp(−var/m), as compiled programs write them: the product would add the degrees)."""
    if a.d == b.d:
        return _RF(a.n + b.n, a.d)
    if _is_monomial(a.d) and _is_monomial(b.d):
        k = max(a.d.degree(), b.d.degree())
        shift = lambda rf: rf.n * flint.fmpq_poly([0] * (k - rf.d.degree()) + [1]) / rf.d.coeffs()[-1]  # noqa: E731
        return _RF(shift(a) + shift(b), flint.fmpq_poly([0] * k + [1]))
    g = a.d.gcd(b.d)
    if g.degree() < 1:
        return _RF(_fmul(a.n, b.d) + _fmul(b.n, a.d), _fmul(a.d, b.d))
    ca, cb = divmod(b.d, g)[0], divmod(a.d, g)[0]  # D_b/g and D_a/g: the lcm is D_a·(D_b/g)
    return _RF(a.n * ca + b.n * cb, a.d * ca)


def rf_reduce(n, d):
    """N/D in lowest terms (divided by their monic gcd)."""
    fn, fd = to_flint(_trim(n)), to_flint(_trim(d))
    g = fn.gcd(fd)
    if g.degree() >= 1:
        n, d = from_flint(divmod(fn, g)[0]), from_flint(divmod(fd, g)[0])
    return n, d


def rf_quotient(a, b):
    """(N, D) in lowest terms of the quotient N_a·D_b / (D_a·N_b) of two rational functions a = (N_a, D_a) and
    b: rf_reduce(pmul(N_a, D_b), pmul(D_a, N_b)) with the products, gcd and divisions in python-flint and one
    conversion back (a family's likelihood ratios, many per verify); the degree bound as pmul checks it."""
    (an, ad), (bn, bd) = a, b
    for p, q in ((an, bd), (ad, bn)):
        if p and q and len(p) + len(q) - 2 > _MAX_DEGREE:
            raise NotCheckable(f"a polynomial of degree above {_MAX_DEGREE}")
    fn, fd = to_flint(_trim(an)) * to_flint(_trim(bd)), to_flint(_trim(ad)) * to_flint(_trim(bn))
    g = fn.gcd(fd)
    if g.degree() >= 1:
        fn, fd = divmod(fn, g)[0], divmod(fd, g)[0]
    return from_flint(fn), from_flint(fd)


def rf_same(a, b) -> bool:
    """a = (N_a, D_a) and b are the same rational function."""
    return not padd(pmul(a[0], b[1]), pneg(pmul(b[0], a[1])))


def rf_sub(a, b):
    """(N, D) of a − b."""
    return rf_add(a, (pneg(b[0]), b[1]))


def rf_add(a, b):
    """(N, D) of a + b for rational functions a = (N_a, D_a), b = (N_b, D_b), over the lcm of the denominators
    (flint's gcd): sums of many entries keep their degree."""
    (an, ad), (bn, bd) = a, b
    if ad == bd:
        return padd(an, bn), ad
    g = pgcd(ad, bd)
    if len(g) <= 1:
        return padd(pmul(an, bd), pmul(bn, ad)), pmul(ad, bd)
    fa, fb = to_flint(ad), to_flint(bd)
    fg = to_flint(g)
    ca, cb = divmod(fb, fg)[0], divmod(fa, fg)[0]  # D_b/g and D_a/g: the lcm is D_a·(D_b/g)
    return from_flint(to_flint(an) * ca + to_flint(bn) * cb), from_flint(fa * ca)


def _pow(rf: _RF, k: int) -> _RF:
    if k < 0:
        rf, k = _RF(rf.d, rf.n), -k
    return _RF(_fpow(rf.n, k), _fpow(rf.d, k))


def _fpow(f: flint.fmpq_poly, k: int) -> flint.fmpq_poly:
    """f**k (k ≥ 0), refused when a product of the repeated multiplication would pass pmul's degree bound: the
    degrees only grow, so exactly when f ≠ 0 and k·deg f does."""
    if k and not f.is_zero() and k * f.degree() > _MAX_DEGREE:
        raise NotCheckable(f"a polynomial of degree above {_MAX_DEGREE}")
    return f ** k


def const(node):
    """The value of a constant subtree (numbers under + − · /, e.g. the (1/2) written by a printer), else None."""
    k = node[0]
    if k == "num":
        return node[1]
    if k == "neg":
        a = const(node[1])
        return None if a is None else -a
    if k in ("+", "-", "*", "/"):
        a, b = const(node[1]), const(node[2])
        if a is None or b is None or (k == "/" and b == 0):
            return None
        return a + b if k == "+" else a - b if k == "-" else a * b if k == "*" else a / b
    if k == "call" and node[1] == "abs" and len(node[2]) == 1:  # |c| of a constant (a density at a given point)
        a = const(node[2][0])
        return None if a is None else abs(a)
    return None


def linear_coefficient(node, var: str):
    """c when node is c·var for a rational c, else None."""
    return _linear_in(node, var)


def _linear_in(node, var: str):
    """node = c·var (c rational) → c, else None."""
    if node == ("name", var):
        return Fraction(1)
    if node[0] == "*" and const(node[1]) is not None and node[2] == ("name", var):
        return const(node[1])
    if node[0] == "*" and const(node[2]) is not None and node[1] == ("name", var):
        return const(node[2])
    if node[0] == "/" and const(node[2]) not in (None, 0):
        c = _linear_in(node[1], var)
        return None if c is None else c / const(node[2])
    if node[0] == "neg":
        c = _linear_in(node[1], var)
        return None if c is None else -c
    return None


def rational_function(text, var: str, substitution: str):
    """g(var) as (N, D) in u, for ``substitution`` "u = VAR" or "u = exp(VAR/m)" (m a positive integer)."""
    n, d = _rational_function(text, var, substitution)
    return list(n), list(d)  # the caller's own lists (the remembered ones are tuples)


@remembered(lambda text, var, substitution: (_tree_key(text), var, substitution)
             if isinstance(var, str) and isinstance(substitution, str) else None)
def _rational_function(text, var: str, substitution: str):
    sub = parse(substitution.split("=", 1)[1]) if isinstance(substitution, str) and "=" in substitution else None
    if sub == ("name", var):
        scale = None
    else:
        c = _linear_in(sub[2][0], var) if sub is not None and sub[0] == "call" and sub[1] == "exp" else None
        if c is None or c <= 0 or c.numerator != 1:
            raise NotCheckable(f"substitution {substitution!r} (the checker takes u = {var} or u = exp({var}/m))")
        scale = c.denominator  # u = exp(var/scale)

    def go(node) -> _RF:
        kind = node[0]
        if kind == "num":
            return _RF(flint.fmpq_poly([flint.fmpq(node[1].numerator, node[1].denominator)]), _ONE)
        if kind == "name":
            if node[1] == var and scale is None:
                return _RF(_U, _ONE)
            raise NotCheckable(f"{node[1]} is not rational in u under {substitution!r}")
        if kind == "neg":
            a = go(node[1])
            return _RF(-a.n, a.d)
        if kind in ("+", "-", "*", "/"):
            a, b = go(node[1]), go(node[2])
            if kind in ("+", "-"):
                return _add(a, b if kind == "+" else _RF(-b.n, b.d))
            if kind == "*":
                return _RF(_fmul(a.n, b.n), _fmul(a.d, b.d))
            if b.n.is_zero():
                raise Failed("division by zero in a rational function")
            return _RF(_fmul(a.n, b.d), _fmul(a.d, b.n))
        if kind == "**" and node[2][0] in ("num", "neg"):
            e = node[2][1] if node[2][0] == "num" else (-node[2][1][1] if node[2][1][0] == "num" else None)
            if isinstance(e, Fraction) and e.denominator == 1 and abs(e) <= 64:
                return _pow(go(node[1]), int(e))
        if kind == "call" and node[1] == "exp":
            e = _exp_of(node[2][0])
            if e is not None:
                return e
        if kind == "call" and node[1] in ("exp", "tanh") and scale is not None:
            c = _linear_in(node[2][0], var)
            if c is not None:
                k = c * scale * (2 if node[1] == "tanh" else 1)
                if k.denominator == 1:
                    if node[1] == "exp":
                        return _pow(_RF(_U, _ONE), int(k))
                    e2 = _pow(_RF(_U, _ONE), int(k))
                    return _RF(_fmul(e2.n - e2.d, e2.d), _fmul(e2.n + e2.d, e2.d))
        raise NotCheckable(f"the expression is not a rational function of u = {substitution!r}")

    def _terms(arg, c, out) -> bool:
        """Distribute c·arg over + and − and rational factors into out [(c, log(E) | var | number)]."""
        k = arg[0]
        if k in ("+", "-"):
            return _terms(arg[1], c, out) and _terms(arg[2], c if k == "+" else -c, out)
        if k == "neg":
            return _terms(arg[1], -c, out)
        if const(arg) is not None:
            out.append((c, ("num", const(arg))))
            return True
        if k == "*" and const(arg[1]) is not None:
            return _terms(arg[2], c * const(arg[1]), out)
        if k == "*" and const(arg[2]) is not None:
            return _terms(arg[1], c * const(arg[2]), out)
        if k == "/" and const(arg[2]) not in (None, 0):
            return _terms(arg[1], c / const(arg[2]), out)
        if (k == "call" and arg[1] == "log") or arg == ("name", var):
            out.append((c, arg))
            return True
        return False

    def _exp_of(arg):
        """exp of a sum of c·log(E) (c·... an integer), c·var (c·m an integer) and 0, as an _RF; else None."""
        terms = []
        if not _terms(arg, Fraction(1), terms):
            return None
        out = _RF(_ONE, _ONE)
        for c, node in terms:
            if node[0] == "num":
                if c * node[1] != 0:
                    return None  # e^q for a rational q ≠ 0 is transcendental
                continue
            if node[0] == "name":
                if scale is None or (c * scale).denominator != 1:
                    return None
                f = _pow(_RF(_U, _ONE), int(c * scale))
            else:
                if c.denominator != 1 or abs(c) > 64:
                    return None
                base = go(node[2][0])
                if base.n.is_zero():
                    return None
                f = _pow(base, int(c))
            out = _RF(_fmul(out.n, f.n), _fmul(out.d, f.d))
        return out

    rf = go(parse(text) if isinstance(text, str) else text)
    return tuple(from_flint(rf.n)), tuple(from_flint(rf.d))


def ppow(p, k: int):
    out = [Fraction(1)]
    for _ in range(k):
        out = pmul(out, p)
    return out


def scale_of(substitution: str, var: str) -> int:
    """m of a substitution "u = exp(var/m)"."""
    sub = parse(substitution.split("=", 1)[1]) if isinstance(substitution, str) and "=" in substitution else None
    c = _linear_in(sub[2][0], var) if sub is not None and sub[0] == "call" and sub[1] == "exp" else None
    if c is None or c <= 0 or c.numerator != 1:
        raise NotCheckable(f"substitution {substitution!r} (the checker takes u = exp({var}/m) here)")
    return c.denominator


def _mtrim(ns):
    ns = [_trim(n) for n in ns]
    while ns and not ns[-1]:
        ns.pop()
    return ns


def mixed_function(text, var: str, substitution: str):
    """g(var) = Σ_j var^j·N_j(u) / D(u) under u = exp(var/m), with var and u treated as independent
    indeterminates: returns ([N_0, N_1, …], D).  An identity of such forms is an identity of the functions
    (substituting u = exp(var/m) into an identity of polynomials keeps it), and for var ≥ 0 the sign of g
    follows from the signs of the coefficients N_j/D (the ``powers`` certificate).  Division only by
    expressions free of var outside exp."""
    sub = parse(substitution.split("=", 1)[1]) if isinstance(substitution, str) and "=" in substitution else None
    c = _linear_in(sub[2][0], var) if sub is not None and sub[0] == "call" and sub[1] == "exp" else None
    if c is None or c <= 0 or c.numerator != 1:
        raise NotCheckable(f"substitution {substitution!r} (mixed forms take u = exp({var}/m))")
    one = [Fraction(1)]

    def add(a, b, sign=1):
        (na, da), (nb, db) = a, b
        n = max(len(na), len(nb))
        out = [padd(pmul(na[j] if j < len(na) else [], db),
                    [sign * x for x in pmul(nb[j] if j < len(nb) else [], da)]) for j in range(n)]
        return _mtrim(out), pmul(da, db)

    def mul(a, b):
        (na, da), (nb, db) = a, b
        if len(na) + len(nb) > 10:
            raise NotCheckable("a polynomial in the variable of degree above 8")
        out = [[] for _ in range(max(len(na) + len(nb) - 1, 0))]
        for i, p in enumerate(na):
            for k, q in enumerate(nb):
                out[i + k] = padd(out[i + k], pmul(p, q))
        return _mtrim(out), pmul(da, db)

    def go(node):
        kind = node[0]
        if kind in ("num", "neg", "+", "-", "*", "/", "**") or (kind == "name" and node[1] == var):
            if kind == "num":
                return _mtrim([[node[1]]]), one
            if kind == "name":
                return [[], one], one
            if kind == "neg":
                n, d = go(node[1])
                return [pneg(p) for p in n], d
            if kind == "**":
                e = node[2][1] if node[2][0] == "num" else None
                if isinstance(e, Fraction) and e.denominator == 1 and 0 <= e <= 16:
                    out = ([one], one)
                    base = go(node[1])
                    for _ in range(int(e)):
                        out = mul(out, base)
                    return out
            else:
                a, b = go(node[1]), go(node[2])
                if kind == "+":
                    return add(a, b)
                if kind == "-":
                    return add(a, b, -1)
                if kind == "*":
                    return mul(a, b)
                if kind == "/":
                    j0 = len(b[0]) - 1  # a divisor var^j0·N(u)/D(u): exact when a's lower coefficients vanish
                    if not b[0] or not b[0][j0] or any(b[0][:j0]) or any(a[0][:j0]):
                        raise NotCheckable("division by an expression in the variable outside exp")
                    return [pmul(p, b[1]) for p in a[0][j0:]], pmul(a[1], b[0][j0])
        n, d = rational_function(node, var, substitution)  # exp(k·var/m), tanh, and other u-only parts
        return _mtrim([n]), d

    return go(parse(text) if isinstance(text, str) else text)
