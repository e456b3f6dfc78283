"""Exact comparison and sign of exact reals, the method chain of the decision kernel.

Cheapest sound method first, the one that settled the verdict recorded: (1) both sides rational:
one Fraction comparison; (2) both sides log-forms q0 + Σ c·log r: canonical prime form decides
``==``/``!=`` exactly (logs of primes are Q-linearly independent), and an order by arb at doubling
precision, which must terminate since the difference is known non-zero; (3) any other closed sympy
expression: certified arb balls at 64, 128, ... up to ``max_prec`` bits; (4) ``sympy.simplify``
returning exactly 0 proves equality.  Otherwise UNDECIDED with the reason.  No float decides.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from exactpriv.effort import run_bounded
from exactpriv.effort.knobs import current as current_effort
from exactpriv.errors import EntryRangeError, InvalidArgument, NotExactError
from exactpriv.exact.decisions import Decision, Enclosure, Truth
from exactpriv.exact.intervals import NonFiniteBallError, arb_eval, arb_to_fractions
from exactpriv.exact.logforms import LogForm, logform_from_sympy
from exactpriv.exact.numbers import as_rational


__all__ = ["compare", "decide_sign", "is_equal", "is_le", "is_lt"]


_OPS = {
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
    ">=": operator.ge,
    ">": operator.gt,
}


#: First precision (bits) of every arb search; doubled each round.
_START_PREC = 64

#: Default upper bound of the sign search for known-non-zero LogForm differences.
LOGFORM_MAX_PREC = 1 << 16


# --------------------------------------------------------------------------------------
# operands
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Operand:
    kind: str  # "rational" | "logform" | "expr" | "inf" | "enclosure"
    value: object


def _operand(x, name: str) -> _Operand:
    """Classify an exact operand, refusing floats, free symbols and undefined values."""
    if isinstance(x, Enclosure):
        return _Operand("enclosure", x)
    if isinstance(x, LogForm):
        return _Operand("logform", x)
    if isinstance(x, sympy.Basic):
        if not isinstance(x, sympy.Expr):
            raise InvalidArgument(f"{name}={x!r} of type {type(x).__name__} is not a real-valued expression")
        if x is sympy.oo:
            return _Operand("inf", 1)
        if x is sympy.S.NegativeInfinity:
            return _Operand("inf", -1)
        if x.has(sympy.Float):
            raise NotExactError(f"{name}={x!r} contains a Float; write exact numbers (e.g. Rational(1, 10))")
        if x.has(sympy.nan, sympy.zoo):
            raise EntryRangeError(f"{name}={x!r} is undefined (contains nan or zoo)")
        if x.free_symbols:
            raise InvalidArgument(
                f"{name}={x!r} has free symbols {sorted(map(str, x.free_symbols))}; the decision kernel "
                f"compares closed numbers only -- use the certifier to prove statements for all values of a symbol"
            )
        if x.has(sympy.oo, -sympy.oo):
            raise EntryRangeError(f"{name}={x!r} contains an infinity inside an expression; pass sympy.oo alone")
        if x.is_Rational:
            return _Operand("rational", Fraction(int(x.p), int(x.q)))
        lf = logform_from_sympy(x)
        if lf is not None:
            return _Operand("logform", lf)
        if x.has(sympy.tanh, sympy.sinh, sympy.cosh):
            # hyperbolic functions of log-forms (eps*tanh(eps/2) at eps = log 3) become
            # algebraic in exp(): an exact rewrite, often straight back into a log-form
            rewritten = sympy.cancel(x.rewrite(sympy.exp))
            if rewritten.is_Rational:
                return _Operand("rational", Fraction(int(rewritten.p), int(rewritten.q)))
            lf = logform_from_sympy(rewritten)
            if lf is not None:
                return _Operand("logform", lf)
        return _Operand("expr", x)
    # as_rational refuses floats (NotExactError), bools, NaN/inf, and irrational values.
    return _Operand("rational", as_rational(x, name))


def _to_sympy(op: _Operand):
    if op.kind == "rational":
        q = op.value
        return sympy.Rational(q.numerator, q.denominator)
    if op.kind == "logform":
        return op.value.to_sympy()
    return op.value


def _sub(a: _Operand, b: _Operand) -> _Operand:
    """Exact difference a − b of two finite, non-enclosure operands, reclassified."""
    if a.kind == "rational" and b.kind == "rational":
        return _Operand("rational", a.value - b.value)
    if a.kind in ("rational", "logform") and b.kind in ("rational", "logform"):
        d = LogForm.rational(a.value) if a.kind == "rational" else a.value
        return _Operand("logform", d - b.value)
    # sympy's automatic canonicalisation of a − b is exact (it may cancel equal terms).
    return _operand(_to_sympy(a) - _to_sympy(b), "difference")


# --------------------------------------------------------------------------------------
# sign information: the set of signs the true value may still have
# --------------------------------------------------------------------------------------
@dataclass
class _SignInfo:
    possible: frozenset  # subset of {-1, 0, 1}, never empty
    method: str
    reason: str
    precision: int | None = None
    certificate: dict = field(default_factory=dict)


def _signs_of_interval(lo, hi) -> frozenset:
    """Possible signs of a value in [lo, hi] (None = unbounded side)."""
    out = set()
    if lo is None or lo < 0:
        out.add(-1)
    if hi is None or hi > 0:
        out.add(1)
    if (lo is None or lo <= 0) and (hi is None or hi >= 0):
        out.add(0)
    return frozenset(out)


def _sgn(q) -> int:
    return (q > 0) - (q < 0)


def _fmt_sign(s: int) -> str:
    return {-1: "negative", 0: "zero", 1: "positive"}[s]


def _exact_sign(s: int) -> int:
    """Predicate 'which sign?': decided only when a single sign remains."""
    return s


def _decides(possible: frozenset, pred) -> bool | None:
    """True/False if ``pred`` holds for all / none of the possible signs, else None."""
    vals = {pred(s) for s in possible}
    return vals.pop() if len(vals) == 1 else None


def _arb_sign_search(value, *, start: int, stop: int, pred):
    """Evaluate ``value`` (LogForm or sympy) at start, 2·start, …, stop bits until ``pred``
    is decided by the possible signs; returns (possible, prec, ball, enclosure, last_error)."""
    prec = start
    possible, ball, encl, err, used = frozenset({-1, 0, 1}), None, None, None, None
    while True:
        try:
            b = value.arb(prec) if isinstance(value, LogForm) else arb_eval(value, prec)
        except NonFiniteBallError as exc:
            err = exc
        else:
            lo, hi = arb_to_fractions(b)
            possible, ball, encl, used = _signs_of_interval(lo, hi), b, (lo, hi), prec
            if _decides(possible, pred) is not None:
                break
        if prec >= stop:
            break
        prec = min(2 * prec, stop)
    return possible, used, ball, encl, err


def _magnitude_bits(encl) -> int | None:
    """Largest k ≥ 0 with max(|lo|, |hi|) < 2^-k, or None when that bound is 0 or ≥ 1."""
    lo, hi = encl
    m = max(abs(lo), abs(hi))
    if m == 0 or m >= 1:
        return None
    k = max(m.denominator.bit_length() - m.numerator.bit_length() - 1, 0)  # a lower estimate
    while m < Fraction(1, 1 << (k + 1)):
        k += 1
    while k > 0 and not m < Fraction(1, 1 << k):
        k -= 1
    return k


def _short(q, digits: int = 60) -> str:
    """A rational for messages: in full when short, else abbreviated (a 10^5-digit
    numerator must not be formatted — Python refuses int->str above 4300 digits)."""
    n, dd = q.numerator, q.denominator
    if n.bit_length() < 3 * digits and dd.bit_length() < 3 * digits:
        return str(q)
    sign = "-" if n < 0 else ""
    return f"{sign}<{abs(n).bit_length()}-bit integer>/<{dd.bit_length()}-bit integer>"


def _sign_info(d: _Operand, pred, *, max_prec: int, logform_max_prec: int, symbolic: bool) -> _SignInfo:
    """Sign information for the finite, non-enclosure operand ``d``, refined until ``pred``
    (a predicate on signs) is decided or every method is exhausted."""
    if d.kind == "rational":
        s = _sgn(d.value)
        return _SignInfo(frozenset({s}), "rational", f"exact rational value {_short(d.value)} is {_fmt_sign(s)}",
                         certificate={"value": _short(d.value)})
    if d.kind == "logform":
        lf: LogForm = d.value
        text = repr(lf)  # (printed once, used in the certificate and the reason)
        if lf.is_rational:
            s = _sgn(lf.q0)
            return _SignInfo(frozenset({s}), "logform-primes",
                             f"in canonical prime form the value is the rational {lf.q0} ({_fmt_sign(s)})",
                             certificate={"canonical_form": text})
        cert = {"canonical_form": text, "nonzero_by": "q0 + sum c_p log p with some c_p != 0"}
        info = _SignInfo(frozenset({-1, 1}), "logform-primes",
                         f"{text} is non-zero: logs of distinct primes are Q-linearly independent "
                         f"(Lindemann-Weierstrass rules out a rational cancelling them)", certificate=cert)
        if _decides(info.possible, pred) is not None:
            return info
        possible, prec, ball, encl, _ = _arb_sign_search(
            lf, start=_START_PREC, stop=max(logform_max_prec, _START_PREC), pred=pred)
        possible = possible & info.possible  # zero excluded exactly
        cert = dict(cert, ball=str(ball), enclosure=encl)
        if len(possible) == 1:
            s = next(iter(possible))
            return _SignInfo(possible, "arb", f"{text} is {_fmt_sign(s)}: arb ball {ball} at {prec} bits "
                             f"(non-zero proved by prime factorisation)", prec, cert)
        return _SignInfo(possible, "arb", f"{text} is non-zero (prime factorisation) but its sign was not "
                         f"settled by {logform_max_prec} bits (ball {ball}); raise logform_max_prec", prec, cert)
    # general closed sympy expression
    expr = d.value
    possible, prec, ball, encl, err = _arb_sign_search(
        expr, start=min(_START_PREC, max_prec), stop=max_prec, pred=pred)
    text = _text(expr)
    cert = {"difference": text}
    if ball is not None:
        cert.update(ball=str(ball), enclosure=encl)
    if _decides(possible, pred) is not None:
        sset = ", ".join(_fmt_sign(s) for s in sorted(possible))
        return _SignInfo(possible, "arb", f"{text} lies in the arb ball {ball} at {prec} bits (sign: {sset})",
                         prec, cert)
    # the ball still admits 0: only an exact symbolic proof can settle equality
    size = sympy.count_ops(expr) if symbolic else 0
    if symbolic and size > current_effort().symbolic_size:  # bounded by size before it starts (issue 19)
        cert["not_simplified"] = f"{size:,} operations > the effort's symbolic_size {current_effort().symbolic_size:,}"
    elif symbolic:
        # sympy.simplify has no deadline: it runs in a killable worker, within the time limit in force
        simplified = run_bounded(sympy.simplify, expr, what="sympy.simplify of a difference", warm=True)
        cert["simplified"] = _text(simplified)
        if simplified == 0:
            return _SignInfo(frozenset({0}), "sympy-simplify",
                             f"sympy.simplify rewrites {text} to exactly 0", prec, cert)
        lf = logform_from_sympy(simplified)
        if lf is not None:
            s_info = _sign_info(_Operand("logform", lf), pred,
                                max_prec=max_prec, logform_max_prec=logform_max_prec, symbolic=False)
            s_info.method = "sympy-simplify+" + s_info.method
            s_info.reason = f"sympy.simplify rewrites {text} to {cert['simplified']}; " + s_info.reason
            s_info.certificate = dict(cert, **s_info.certificate)
            return s_info
    if ball is None:
        reason = (f"{text} could not be enclosed in a finite ball up to {max_prec} bits ({err}); "
                  f"no symbolic proof")
    else:
        k = _magnitude_bits(encl)
        size = f"|difference| < 2^-{k}" if k is not None else f"difference in {ball}"
        reason = f"{size} at precision {prec}; no symbolic proof"
    return _SignInfo(possible, "arb", reason, prec, cert)


def _check_budget(max_prec, logform_max_prec):
    for name, v in (("max_prec", max_prec), ("logform_max_prec", logform_max_prec)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 2:
            raise InvalidArgument(f"{name}={v!r} of type {type(v).__name__} must be an int >= 2 (bits)")


# --------------------------------------------------------------------------------------
# enclosures and infinities
# --------------------------------------------------------------------------------------
def _enc_str(e: Enclosure) -> str:
    lo = "-oo" if e.lower is None else str(e.lower)
    hi = "oo" if e.upper is None else str(e.upper)
    return f"[{lo}, {hi}]"


def _diff_info(a: _Operand, b: _Operand, pred, kw) -> _SignInfo:
    """Possible signs of a − b for arbitrary operands."""
    # -- infinities (extended reals); an Enclosure encloses a finite real
    if a.kind == "inf" or b.kind == "inf":
        sa = a.value if a.kind == "inf" else 0
        sb = b.value if b.kind == "inf" else 0
        s = _sgn(sa - sb)
        names = {1: "oo", -1: "-oo", 0: "finite"}
        return _SignInfo(frozenset({s}), "infinity",
                         f"extended reals: {names[sa]} vs {names[sb]} gives a - b {_fmt_sign(s)}")
    # -- two enclosures: a − b ∈ [La − Ub, Ua − Lb]
    if a.kind == "enclosure" and b.kind == "enclosure":
        ea, eb = a.value, b.value
        lo = None if ea.lower is None or eb.upper is None else ea.lower - eb.upper
        hi = None if ea.upper is None or eb.lower is None else ea.upper - eb.lower
        possible = _signs_of_interval(lo, hi)
        return _SignInfo(possible, "enclosure",
                         f"a in {_enc_str(ea)}, b in {_enc_str(eb)}, so a - b in "
                         f"[{'-oo' if lo is None else lo}, {'oo' if hi is None else hi}]",
                         _max_prec_of(ea.precision, eb.precision),
                         {"a": ea, "b": eb, "difference_bounds": (lo, hi)})
    if b.kind == "enclosure":  # sign(a − b) = −sign(b − a)
        info = _diff_info(b, a, lambda s: pred(-s), kw)
        info.possible = frozenset(-s for s in info.possible)
        return info
    if a.kind == "enclosure":
        e: Enclosure = a.value
        # x ∈ [L, U]  ⇒  sign(L − b) ≤ sign(x − b) ≤ sign(U − b); any sign in between may occur.
        sub, lo_s, hi_s = {}, -1, 1
        if e.lower is not None:
            sub["lower"] = _sign_info(_sub(_Operand("rational", e.lower), b), _exact_sign, **kw)
            lo_s = min(sub["lower"].possible)
        if e.upper is not None:
            sub["upper"] = _sign_info(_sub(_Operand("rational", e.upper), b), _exact_sign, **kw)
            hi_s = max(sub["upper"].possible)
        possible = frozenset(range(lo_s, hi_s + 1))
        methods = sorted({i.method for i in sub.values()})
        precs = [i.precision for i in sub.values() if i.precision is not None]
        bval = str(_to_sympy(b))
        reason = f"a in {_enc_str(e)} vs b = {bval}: " + "; ".join(
            f"{side} bound - b: {i.reason}" for side, i in sub.items())
        return _SignInfo(possible, "enclosure" + "".join(f"+{m}" for m in methods if m != "rational"), reason,
                         max(precs) if precs else e.precision,
                         {"a": e, "b": bval, **{f"{k}_bound": i.certificate for k, i in sub.items()}})
    # -- finite exact values
    return _sign_info(_sub(a, b), pred, **kw)


def _max_prec_of(*ps):
    ps = [p for p in ps if p is not None]
    return max(ps) if ps else None


# --------------------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------------------
def compare(a, op: str, b, *, max_prec: int = 2048, logform_max_prec: int = LOGFORM_MAX_PREC,
            symbolic: bool = True) -> Decision:
    """Decide the statement ``a op b`` for exact reals, op in {"<", "<=", "==", "!=", ">=", ">"}.

    Operands: int, Fraction, "p/q" strings, sympy Rational, :class:`LogForm`, closed sympy
    expressions, ``sympy.oo``/``-sympy.oo``, and :class:`Enclosure` (a certified enclosure of
    a finite real).  Floats raise :class:`NotExactError`; expressions with free symbols raise
    :class:`InvalidArgument` (use the certifier for statements over all ε).

    Parameters
    ----------
    max_prec : int
        Largest arb precision (bits) for general sympy expressions.
    logform_max_prec : int
        Largest arb precision for the sign of a difference already proved non-zero by
        prime factorisation (the search terminates mathematically; this is a budget).
    symbolic : bool
        Whether to try ``sympy.simplify(a - b) == 0`` as an exact proof of equality when
        the ball at ``max_prec`` still contains 0.

    Returns
    -------
    Decision
        TRUE/FALSE with the settling method ("rational", "logform-primes", "arb",
        "sympy-simplify", "infinity", "enclosure…"), precision in bits and a certificate
        (balls as exact rational endpoints); or UNDECIDED with the reason.
    """
    if op not in _OPS:
        raise InvalidArgument(f"op={op!r} must be one of {sorted(_OPS)}")
    _check_budget(max_prec, logform_max_prec)
    if not isinstance(symbolic, bool):
        raise InvalidArgument(f"symbolic={symbolic!r} must be a bool")
    fn = _OPS[op]
    exponentiated = _log_product_sign(a, b)
    if exponentiated is not None:
        s, cert = exponentiated
        truth = Truth.TRUE if fn(s, 0) else Truth.FALSE
        return Decision(truth, "log-power-product", f"{_show(a)} {op} {_show(b)} is {truth.value}: a - b = "
                        f"log of a product of rational powers, whose sign is that of the exact rational "
                        f"product minus 1 (a - b {_fmt_sign(s)})", None, cert)
    A, B = _operand(a, "a"), _operand(b, "b")
    pred = lambda s: fn(s, 0)  # noqa: E731  (a op b  <=>  sign(a - b) op 0)
    info = _diff_info(A, B, pred, dict(max_prec=max_prec, logform_max_prec=logform_max_prec, symbolic=symbolic))
    verdict = _decides(info.possible, pred)
    cert = dict(info.certificate, possible_signs_of_a_minus_b=sorted(info.possible))
    statement = f"{_show(a)} {op} {_show(b)}"
    if verdict is None:
        return Decision.undecided(info.method, f"{statement}: {info.reason}", precision=info.precision,
                                  certificate=cert)
    truth = Truth.TRUE if verdict else Truth.FALSE
    return Decision(truth, info.method, f"{statement} is {truth.value}: {info.reason}", info.precision, cert)


#: Logs of rationals with a numerator or denominator above this many bits are compared by exponentiating (the
#: prime path factors such integers in a killable worker, and a 400-bit one may never factor); the same bound as
#: the log-forms' factoring in a worker.  Empirically determined parameter.
_EXPONENTIATE_ABOVE_BITS = 128

#: The largest exponentiated product (bits of Π r^|k|) the log-power-product path builds; beyond it the
#: ordinary chain (prime forms, arb) decides.  Empirically determined parameter: 2^20 bits multiply in milliseconds.
_POWER_PRODUCT_MAX_BITS = 1 << 20


def _log_terms(x) -> list[tuple[Fraction, Fraction]] | None:
    """``x`` = Σ c·log(r) with rational c and positive rational r, as [(c, r)]; None for any other shape
    (a rational constant other than 0 included: its exponential is not rational)."""
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        return [] if x == 0 else None
    if not isinstance(x, sympy.Basic):
        return None
    if x.is_Rational:
        return [] if x == 0 else None
    if isinstance(x, sympy.log):
        r = x.args[0]
        return [(Fraction(1), Fraction(int(r.p), int(r.q)))] if r.is_Rational and r > 0 else None
    if isinstance(x, sympy.Mul):
        c, rest = x.as_coeff_Mul()
        inner = _log_terms(rest) if c.is_Rational and isinstance(rest, sympy.log) else None
        return None if inner is None else [(Fraction(int(c.p), int(c.q)) * k, r) for k, r in inner]
    if isinstance(x, sympy.Add):
        out: list = []
        for t in x.args:
            inner = _log_terms(t)
            if inner is None:
                return None
            out += inner
        return out
    return None


def _log_product_sign(a, b) -> tuple[int, dict] | None:
    """sign(a − b) when a − b = Σ c_i log r_i (rational c_i, r_i): with L the lcm of the c_i's denominators,
    sign(a − b) = sign(Π r_i^{L c_i} − 1), one exact rational comparison — no prime factorisation (which never
    ended on the 400-bit likelihood ratios of a compiled program, issue 28), no arb.  Used only when some r_i has
    a numerator or denominator the prime path would factor in a worker; None when the shape differs, the numbers
    are small, or the product would exceed :data:`_POWER_PRODUCT_MAX_BITS`."""
    ta, tb = _log_terms(a), _log_terms(b)
    if ta is None or tb is None or not (ta or tb):
        return None
    terms = ta + [(-c, r) for c, r in tb]
    if max(max(r.numerator.bit_length(), r.denominator.bit_length()) for _, r in terms) <= _EXPONENTIATE_ABOVE_BITS:
        return None  # small numbers: prime forms cost microseconds (and decide == structurally)
    L = 1
    for c, _ in terms:
        L = math.lcm(L, c.denominator)
    bits = sum(abs(c * L) * (r.numerator.bit_length() + r.denominator.bit_length()) for c, r in terms)
    if bits > _POWER_PRODUCT_MAX_BITS:
        return None
    num = den = 1
    for c, r in terms:
        k = int(c * L)
        if k >= 0:
            num, den = num * r.numerator ** k, den * r.denominator ** k
        else:
            num, den = num * r.denominator ** -k, den * r.numerator ** -k
    s = (num > den) - (num < den)
    return s, {"exponentiated": f"sign(a - b) = sign(prod r^(L c) - 1) with L = {L}", "terms": len(terms),
               "product_bits": num.bit_length() + den.bit_length()}


def _show(x) -> str:
    if isinstance(x, Enclosure):
        return f"Enclosure{_enc_str(x)}"
    return _text(x)


def _text(x) -> str:
    """``x`` as text, bounded: sympy's default printer orders the terms of a sum by evaluating them
    numerically, which never returned on ``eps**eps**eps**eps`` at a rational point (issue 19), so the
    terms are printed in their stored order; an integer beyond Python's 4300-digit limit is named."""
    try:
        text = sympy.sstr(x, order="none") if isinstance(x, sympy.Basic) else str(x)
    except ValueError:  # an integer beyond Python's 4300-digit str limit
        return f"<{type(x).__name__} too large to print>"
    return text if len(text) <= 400 else text[:200] + " ... " + text[-100:]


def decide_sign(x, *, max_prec: int = 2048, logform_max_prec: int = LOGFORM_MAX_PREC,
                symbolic: bool = True) -> tuple[int | None, Decision]:
    """Certified sign of the exact real ``x``: returns (s, decision) with s ∈ {−1, 0, 1}.

    ``decision`` is TRUE (statement "sign(x) == s" proved, by the recorded method) or
    UNDECIDED with s = None.  Operands and budgets as in :func:`compare`.
    """
    _check_budget(max_prec, logform_max_prec)
    X = _operand(x, "x")
    info = _diff_info(X, _Operand("rational", Fraction(0)), _exact_sign,
                      dict(max_prec=max_prec, logform_max_prec=logform_max_prec, symbolic=symbolic))
    cert = dict(info.certificate, possible_signs=sorted(info.possible))
    if len(info.possible) == 1:
        s = next(iter(info.possible))
        cert["sign"] = s
        return s, Decision.true(info.method, f"sign({_show(x)}) = {s}: {info.reason}", precision=info.precision,
                                certificate=cert)
    return None, Decision.undecided(info.method, f"sign({_show(x)}): {info.reason}", precision=info.precision,
                                    certificate=cert)


def is_equal(a, b, **kw) -> Decision:
    """Decide ``a == b`` (see :func:`compare`)."""
    return compare(a, "==", b, **kw)


def is_le(a, b, **kw) -> Decision:
    """Decide ``a <= b`` (see :func:`compare`)."""
    return compare(a, "<=", b, **kw)


def is_lt(a, b, **kw) -> Decision:
    """Decide ``a < b`` (see :func:`compare`)."""
    return compare(a, "<", b, **kw)
