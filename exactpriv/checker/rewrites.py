"""Certificates that rewrite a one-variable claim before another certificate checks it (docs/certificates.md,
"factor, split, exponentiate, derivative", and "powers"): each rewriting is done here from the statement, never
read from the certificate, and is valid by an elementary fact named in its docstring.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.calculus import derivative
from exactpriv.checker.charts import coefficient_chart
from exactpriv.checker.domains import goal, rational, single_variable
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.grammar import parse

__all__ = ["KINDS", "exponential_term", "in_powers", "nonnegative_by_shape", "squared"]


#: exactpriv.checker.certificates.check_certificate, set by that module when it loads (kinds nest: a rewritten
#: claim is checked by another certificate; set rather than imported, so the modules form no import cycle)
CHECK = None


def _check(*args, **kwargs):
    return CHECK(*args, **kwargs)


def _powers(cert, statement, proves, max_prec):
    """g = lhs − rhs = Σ_j var^j·C_j(u), C_j = N_j(u)/D(u), u = exp(var/m), on a domain where var ≥ 0.  Each
    C_j (j ≥ 1) has one sign on the domain (the checker's own root isolation); a term of the goal's sign is
    bounded by var ≥ m(u − 1)/u (log u ≥ 1 − 1/u), a term of the other sign by var ≤ m(u − 1) (log u ≤ u − 1):
    g is then bounded, towards the goal, by a rational function R(u), which must have the goal's sign on the
    domain (strictly for a strict goal).  When every C_j has the goal's sign this is "each coefficient has it".
    ``"bounds": "tight"`` uses the sharper bounds 2(u − 1)/(u + 1) ≤ log u ≤ (u² − 1)/(2u), valid for u ≥ 1
    (which var ≥ 0 gives): both differences vanish at u = 1 with derivatives (u − 1)²/(u(u + 1)²) ≥ 0 and
    (u − 1)²/(2u²) ≥ 0."""
    if not proves:
        raise NotCheckable("refuting coefficient signs are given as points")
    var, dom = single_variable(statement)
    if not V.compare(dom[0], ">=", Fraction(0)):
        raise Failed(f"powers: the domain of {var} reaches below 0, where its powers change sign")
    g, rel = goal(cert, statement, var)
    sub = cert.get("substitution", f"u = exp({var})")
    ns, D = polys.mixed_function(g, var, sub)
    m = polys.scale_of(sub, var)
    want = 1 if rel in (">", ">=") else -1
    tight = cert.get("bounds", "basic")
    if tight not in ("basic", "tight"):
        raise Failed("powers: 'bounds' is basic or tight")
    if tight == "basic":
        ub_n, ub_d = [-m, m], [Fraction(1)]  # m(u − 1)
        lb_n, lb_d = [-m, m], [Fraction(0), Fraction(1)]  # m(u − 1)/u
    else:
        ub_n, ub_d = [-m, 0, m], [Fraction(0), Fraction(2)]  # m(u² − 1)/(2u)
        lb_n, lb_d = [-2 * m, 2 * m], [Fraction(1), Fraction(1)]  # 2m(u − 1)/(u + 1)
    R_n, R_d = (ns[0] if ns else []), [Fraction(1)]  # R = R_n / (R_d·D)
    for j, N in enumerate(ns[1:], start=1):
        if not N:
            continue
        _, signed = coefficient_chart(N, D, dom, sub, var)
        signs = {sg for _, sg in signed}
        if len(signs) != 1:
            raise NotCheckable(f"powers: the coefficient of {var}^{j} changes sign on the domain")
        if signs.pop() == want:  # var^j·C_j ≥ (lower bound)^j·C_j towards the goal
            bn, bd = polys.ppow(lb_n, j), polys.ppow(lb_d, j)
        else:
            bn, bd = polys.ppow(ub_n, j), polys.ppow(ub_d, j)
        R_n, R_d = polys.padd(polys.pmul(R_n, bd), polys.pmul(polys.pmul(N, bn), R_d)), polys.pmul(R_d, bd)
    if not R_n:
        if rel in (">", "<"):
            raise Failed("powers: the bound is identically 0, the strict goal fails")
        return
    ivs, signed = coefficient_chart(R_n, polys.pmul(R_d, D), dom, sub, var)
    if any(sg != want for _, sg in signed) or (rel in (">", "<") and ivs):
        raise Failed(f"powers: the coefficient of {var}^0 and the bounded terms do not have the goal's sign on "
                     f"the domain")


def _factor(cert, statement, proves, max_prec):
    """g = var^k·h on a domain where var ≥ 0 (var > 0 for a strict goal): the checker divides g's mixed form by
    var^k itself (the coefficients of var^0 … var^(k−1) must vanish identically) and checks ``then`` on the claim
    "h REL 0" over the same domain."""
    from exactpriv.checker.printing import mixed_text

    if not proves:
        raise NotCheckable("refuting factorisations are given as points")
    var, dom = single_variable(statement)
    k = cert.get("power")
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 8:
        raise Failed("factor: 'power' must be 1..8")
    lo, hi, lc, hc = dom
    if not V.compare(lo, ">=", Fraction(0)):
        raise Failed(f"factor: the domain of {var} reaches below 0")
    g, rel = goal(cert, statement, var)
    if rel in (">", "<") and lc and V.compare(lo, "==", Fraction(0)):
        raise Failed(f"factor: g = 0 at {var} = 0, which the strict claim includes")
    sub = cert.get("substitution", f"u = exp({var})")
    ns, D = polys.mixed_function(g, var, sub)
    if any(ns[:k]):
        raise Failed(f"factor: g is not divisible by {var}^{k}")
    h = mixed_text(ns[k:], D, var, polys.scale_of(sub, var))
    _check(cert.get("then"), dict(statement, claim=f"{h} {rel} 0"), proves=True, max_prec=max_prec)


def _positive_logs(node, var, dom) -> None:
    """Every log argument inside ``node`` is a rational function of u = exp(var/m) (or of var) positive on the
    domain."""
    if not isinstance(node, tuple):
        return
    if node[0] == "call" and node[1] == "log":
        for sub in [f"u = exp({var}/{m})" for m in (1, 2, 3, 4, 6, 12)] + [f"u = {var}"]:
            try:
                N, D = polys.rational_function(node[2][0], var, sub)
            except NotCheckable:
                continue
            ivs, signed = coefficient_chart(N, D, dom, sub, var)
            if ivs or any(sg <= 0 for _, sg in signed):
                raise Failed("exponentiate: a log argument is not positive on the whole domain")
            break
        else:
            raise NotCheckable("exponentiate: a log argument that is not a rational function of exp(var/m)")
    for child in (node[2] if node[0] == "call" else node[1:]):
        if isinstance(child, tuple):
            _positive_logs(child, var, dom)
        elif isinstance(child, list):
            for c in child:
                _positive_logs(c, var, dom)


def _exponentiate(cert, statement, proves, max_prec):
    """L REL R ⟺ exp(c·L) REL exp(c·R) for a rational c > 0 (exp is strictly increasing): the checker rewrites
    the claim itself (exp of c·log(E) is E^c for an integer c) and checks ``then`` on it."""
    from exactpriv.checker.printing import unparse

    if not proves:
        raise NotCheckable("refuting exponentials are given as points")
    var, dom = single_variable(statement)
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] == "!=":
        raise Failed("exponentiate: the claim is not one comparison")
    c = rational(cert.get("scale", "1"), "scale")
    if c <= 0:
        raise Failed("exponentiate: the scale must be positive")
    _positive_logs(claim, var, dom)  # exp(c·log(E)) = E^c needs E > 0 wherever the claim is read
    scaled = lambda side: ("call", "exp", [("*", ("num", c), side)])  # noqa: E731
    new = unparse(("cmp", claim[1], scaled(claim[2]), scaled(claim[3])))
    _check(cert.get("then"), dict(statement, claim=new), proves=True, max_prec=max_prec)


def _derivative(cert, statement, proves, max_prec):
    """g = lhs − rhs meets the goal at the domain's lower end (exact value) and g' has the goal's sign on the
    domain (``then``, on the checker's own derivative): by the mean value theorem g keeps the goal.  With
    ``"from": "upper"``, g meets the goal at the upper end and g' has the opposite sign.  Every log
    argument must be positive on the domain and g may use no abs, min, max or sqrt (g is then differentiable
    wherever it is defined; the rational certificates below check their denominators)."""
    from exactpriv.checker.printing import unparse
    from exactpriv.checker.grammar import names

    if not proves:
        raise NotCheckable("refuting derivatives are given as points")
    var, dom = single_variable(statement)
    g, rel = goal(cert, statement, var)
    lo, hi, lc, hc = dom
    upper = cert.get("from", "lower") == "upper"  # g meets the goal at the upper end, g' the opposite sign
    if upper:
        lo, lc = hi, hc
    if not isinstance(lo, Fraction):
        raise NotCheckable("derivative: the domain's end must be rational")
    if any(f in repr(g) for f in ("'abs'", "'min'", "'max'", "'Min'", "'Max'", "'sqrt'")):
        raise NotCheckable("derivative: g uses a function that is not differentiable everywhere")
    _positive_logs(g, var, dom)
    if names(g) - {var}:
        raise Failed("derivative: g has names other than the variable")
    try:
        at_lo = V.sign(evaluate(g, {var: lo}), max_prec=max_prec)
    except V.Undefined:
        raise NotCheckable(f"derivative: g is undefined at {var} = {lo}") from None
    want = 1 if rel in (">", ">=") else -1
    if at_lo not in (0, want):
        raise Failed(f"derivative: g at {var} = {lo} does not meet the goal")
    strict = rel in (">", "<")
    if at_lo == 0 and strict and lc:
        raise Failed(f"derivative: g = 0 at {var} = {lo}, which the strict claim includes")
    sub_rel = rel if (strict and at_lo == 0) else rel.replace(">", ">=").replace("<", "<=").replace("==", "=")
    sub_rel = {">=": ">=", "<=": "<=", ">": ">", "<": "<", ">==": ">=", "<==": "<="}[sub_rel]
    dg = derivative(g, var)
    if upper:  # g(x) = g(hi) − ∫_x^hi g': g' of the other sign keeps the goal
        sub_rel = {">=": "<=", "<=": ">=", ">": "<", "<": ">"}[sub_rel]
    _check(cert.get("then"), dict(statement, claim=f"{unparse(dg)} {sub_rel} 0"), proves=True,
                      max_prec=max_prec)


def _split(cert, statement, proves, max_prec):
    """L <= min(a, b, …) is L <= a and L <= b …; likewise max(…) <= R, L >= max(…), min(…) >= R: one part per
    argument, each proved by its certificate."""
    from exactpriv.checker.printing import unparse

    if not proves:
        raise NotCheckable("a split proves")
    claim = parse(statement["claim"])
    if claim[0] != "cmp":
        raise Failed("split: the claim is not one comparison")
    op, lhs, rhs = claim[1], claim[2], claim[3]
    low = op in ("<=", "<")
    fn = lambda node: node[1].lower() if node[0] == "call" else None  # noqa: E731
    if fn(rhs) == ("min" if low else "max"):
        claims = [("cmp", op, lhs, a) for a in rhs[2]]
    elif fn(lhs) == ("max" if low else "min"):
        claims = [("cmp", op, a, rhs) for a in lhs[2]]
    else:
        raise Failed("split: the claim is not L <= min(…), max(…) <= R, L >= max(…) or min(…) >= R")
    parts = cert.get("parts")
    if not isinstance(parts, list) or len(parts) != len(claims):
        raise Failed(f"split: {len(claims)} parts needed")
    for c, part in zip(claims, parts):
        _check(part, dict(statement, claim=unparse(c)), proves=True, max_prec=max_prec)


def nonnegative_by_shape(node) -> bool:
    """``node`` is ≥ 0 wherever it is defined, by its shape alone: a non-negative number, sqrt, exp, an even
    integer power, or a sum, product or quotient of such."""
    k = node[0]
    if k == "num":
        return node[1] >= 0
    if k == "call":
        return node[1] in ("sqrt", "exp", "abs")
    if k in ("+", "*", "/"):
        return nonnegative_by_shape(node[1]) and nonnegative_by_shape(node[2])
    if k == "**":
        e = node[2]
        return (e[0] == "num" and e[1].denominator == 1 and e[1] % 2 == 0) or nonnegative_by_shape(node[1])
    return False


def squared(node, radicands: list):
    """node² written out: products and quotients factor by factor, sqrt(x)² = x (x collected in
    ``radicands``: sqrt(x) is defined, and equals √x ≥ 0, only where x ≥ 0)."""
    k = node[0]
    if k == "num":
        return ("num", node[1] * node[1])
    if k == "neg":
        return squared(node[1], radicands)
    if k in ("*", "/"):
        return (k, squared(node[1], radicands), squared(node[2], radicands))
    if k == "call" and node[1] == "sqrt":
        radicands.append(node[2][0])
        return node[2][0]
    return ("**", node, ("num", Fraction(2)))


def _square(cert, statement, proves, max_prec):
    """L <= R (or <) from L² <= R² (or <) and R ≥ 0: then |L| <= R, so L <= R.  R ≥ 0 is read from its shape
    (sqrt, exp, non-negative numbers, products, quotients, sums) or proved by ``nonneg``; every radicand x of a
    sqrt(x) squared away must be ≥ 0 on the domain (one certificate per radicand under ``radicands``, in the
    order the checker lists them; a rational constant is checked by evaluation).  ``then`` proves L² REL R²."""
    from exactpriv.checker.printing import unparse

    if not proves:
        raise NotCheckable("refuting squares are given as points")
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] not in ("<", "<=", ">", ">="):
        raise Failed("square: the claim is not one inequality")
    rel, lhs, rhs = claim[1], claim[2], claim[3]
    if rel in (">", ">="):  # L >= R is R <= L
        rel, lhs, rhs = {">": "<", ">=": "<="}[rel], rhs, lhs
    radicands: list = []
    sq_l, sq_r = squared(lhs, radicands), squared(rhs, radicands)
    parts = cert.get("radicands", [])
    pending = []
    for x in radicands:
        if x[0] == "num":
            if x[1] < 0:
                raise Failed("square: the square root of a negative number")
            continue
        pending.append(x)
    if not isinstance(parts, list) or len(parts) != len(pending):
        raise Failed(f"square: {len(pending)} radicands need {len(pending)} certificates")
    for x, part in zip(pending, parts):
        _check(part, dict(statement, claim=f"{unparse(x)} >= 0"), proves=True, max_prec=max_prec)
    if not nonnegative_by_shape(rhs):
        _check(cert.get("nonneg"), dict(statement, claim=f"{unparse(rhs)} >= 0"), proves=True, max_prec=max_prec)
    _check(cert.get("then"), dict(statement, claim=f"{unparse(sq_l)} {rel} {unparse(sq_r)}"), proves=True,
           max_prec=max_prec)


def in_powers(node, y: str) -> dict:
    """node as Σ_j y^j·C_j with parse trees C_j free of y ({j: C_j}); NotCheckable when y appears otherwise
    than in sums, products, quotients by y-free terms and integer powers (degree at most 8)."""
    from exactpriv.checker.calculus import fold_node
    from exactpriv.checker.grammar import names

    k = node[0]
    if y not in names(node):
        return {0: node}
    if k == "name":
        return {1: ("num", Fraction(1))}
    if k == "neg":
        return {j: fold_node("neg", c) for j, c in in_powers(node[1], y).items()}
    if k in ("+", "-"):
        a, b = in_powers(node[1], y), in_powers(node[2], y)
        out = dict(a)
        for j, c in b.items():
            out[j] = fold_node(k, out[j], c) if j in out else (fold_node("neg", c) if k == "-" else c)
        return out
    if k == "*":
        return _times(in_powers(node[1], y), in_powers(node[2], y), y)
    if k == "/" and y not in names(node[2]):
        return {j: fold_node("/", c, node[2]) for j, c in in_powers(node[1], y).items()}
    if k == "**" and node[2][0] == "num" and node[2][1].denominator == 1 and 0 <= node[2][1] <= 8:
        out = {0: ("num", Fraction(1))}
        for _ in range(int(node[2][1])):
            out = _times(out, in_powers(node[1], y), y)
        return out
    raise NotCheckable(f"coefficients: {y} appears inside {node[1] if k == 'call' else k}")


def _times(a: dict, b: dict, y: str) -> dict:
    from exactpriv.checker.calculus import fold_node

    out: dict = {}
    for i, p in a.items():
        for j, q in b.items():
            if i + j > 8:
                raise NotCheckable(f"coefficients: degree in {y} above 8")
            t = fold_node("*", p, q)
            out[i + j] = fold_node("+", out[i + j], t) if i + j in out else t
    return out


def _coefficients(cert, statement, proves, max_prec):
    """A claim over several variables, g = lhs − rhs = Σ_j y^j·C_j(others) with y ≥ 0 on its domain (a product
    domain: each variable has its own interval): when every C_j has the goal's sign on the other variables'
    domain (C_0 strictly for a strict goal; for an equation every C_j = 0), so has g.  The checker expands g
    in y itself; ``parts`` proves "C_j REL 0" for j = 0, 1, … (a rational constant C_j is checked by
    evaluation and its part may be null), each over the remaining variables."""
    from exactpriv.checker.domains import parse_domain
    from exactpriv.checker.printing import unparse

    if not proves:
        raise NotCheckable("refuting coefficients are given as points")
    dom = statement.get("domain")
    y = cert.get("variable")
    if statement.get("quantifier") != "forall-params" or not isinstance(dom, dict) or y not in dom or len(dom) < 2:
        raise Failed("coefficients: a forall-params statement over several variables, 'variable' one of them")
    lo = parse_domain(dom[y])[0]
    if not V.compare(lo, ">=", Fraction(0)):
        raise Failed(f"coefficients: the domain of {y} reaches below 0, where its powers change sign")
    claim = parse(statement["claim"])
    if claim[0] != "cmp" or claim[1] not in ("<", "<=", ">", ">=", "=="):
        raise Failed("coefficients: the claim is not one comparison")
    rel = claim[1]
    cs = in_powers(("-", claim[2], claim[3]), y)
    parts = cert.get("parts")
    top = max(cs)
    if not isinstance(parts, list) or len(parts) != top + 1:
        raise Failed(f"coefficients: {top + 1} parts needed (powers 0..{top} of {y})")
    rest = {v: t for v, t in dom.items() if v != y}
    for j in range(top + 1):
        c = cs.get(j, ("num", Fraction(0)))
        want = rel if j == 0 or rel == "==" else rel.rstrip("=") + "="
        if c[0] == "num":
            if not V.compare(c[1], want, Fraction(0)):
                raise Failed(f"coefficients: the coefficient of {y}^{j} is {c[1]}, not {want} 0")
            continue
        _check(parts[j], {"quantifier": "forall-params", "domain": rest, "claim": f"{unparse(c)} {want} 0"},
               proves=True, max_prec=max_prec)


def _constant(cert, statement, proves, max_prec):
    """A claim with no variable in it (a conjunct at a domain end, as ``1/2 <= log(2)``): evaluated exactly."""
    from exactpriv.checker.expressions import truth
    from exactpriv.checker.grammar import names

    claim = parse(statement["claim"])
    if names(claim):
        raise Failed(f"constant: the claim uses {sorted(names(claim))}")
    if truth(claim, {}, max_prec=max_prec) != proves:
        raise Failed(f"constant: the claim is {'false' if proves else 'true'}")


def _cases(cert, statement, proves, max_prec):
    """The domain cut at the rational points ``at`` (increasing, inside it) into closed pieces, one certificate
    per piece under ``parts``: the claim holds on each piece, so on their union, the domain."""
    if not proves:
        raise NotCheckable("refuting cases are given as points")
    var, (lo, hi, lc, hc) = single_variable(statement)
    if not all(isinstance(v, Fraction) or v in (V.INF, V.NEG_INF) for v in (lo, hi)):
        raise NotCheckable("cases: the domain's ends must be rational or infinite")
    cuts = [rational(c, "at") for c in cert.get("at") or []]
    parts = cert.get("parts")
    if not cuts or any(not V.compare(a, "<", b) for a, b in zip([lo] + cuts, cuts + [hi])):
        raise Failed("cases: 'at' must be increasing points strictly inside the domain")
    if not isinstance(parts, list) or len(parts) != len(cuts) + 1:
        raise Failed(f"cases: {len(cuts) + 1} parts needed")
    ends = [(lo, lc)] + [(c, True) for c in cuts]
    tops = [(c, True) for c in cuts] + [(hi, hc)]
    text = lambda v: "oo" if v is V.INF else "-oo" if v is V.NEG_INF else str(v)  # noqa: E731
    for (a, ac), (b, bc), part in zip(ends, tops, parts):
        piece = f"{'[' if ac else '('}{text(a)}, {text(b)}{']' if bc else ')'}"
        _check(part, dict(statement, domain={var: piece}), proves=True, max_prec=max_prec)


def _resolve(cert, statement, proves, max_prec):
    """Each max(a, b, …) or min(…) of the claim (in reading order; none inside another) is replaced by the
    argument ``choices[k]["keep"]`` after ``choices[k]["proofs"]`` show it is ≥ (for max; ≤ for min) each other
    argument on the whole domain; ``then`` proves the rewritten claim.  This is how a hockey-stick divergence
    Σ max(P_y − γQ_y, 0) written out in a claim is evaluated in closed form."""
    from exactpriv.checker.printing import unparse

    if not proves:
        raise NotCheckable("refuting resolutions are given as points")
    claim = parse(statement["claim"])
    choices = cert.get("choices")
    if not isinstance(choices, list):
        raise Failed("resolve: 'choices' must be a list")
    found: list = []

    def walk(node):
        if not isinstance(node, tuple):
            return node
        if node[0] == "call" and node[1].lower() in ("max", "min") and len(node[2]) > 1:
            if any("'max'" in repr(a).lower() or "'min'" in repr(a).lower() for a in node[2]):
                raise NotCheckable("resolve: a max or min inside another")
            if len(found) >= len(choices):
                raise Failed("resolve: fewer choices than max/min in the claim")
            choice = choices[len(found)]
            keep, proofs = choice.get("keep"), choice.get("proofs")
            if not (isinstance(keep, int) and 0 <= keep < len(node[2])) or not isinstance(proofs, list) \
                    or len(proofs) != len(node[2]) - 1:
                raise Failed(f"resolve: choice {len(found)} needs 'keep' and one proof per other argument")
            rel = ">=" if node[1].lower() == "max" else "<="
            others = [a for j, a in enumerate(node[2]) if j != keep]
            for other, proof in zip(others, proofs):
                _check(proof, dict(statement, claim=f"{unparse(node[2][keep])} {rel} {unparse(other)}"), proves=True,
                       max_prec=max_prec)
            found.append(keep)
            return node[2][keep]
        if node[0] == "call":
            return (node[0], node[1], [walk(a) for a in node[2]])
        if node[0] in ("and", "or"):
            return (node[0], [walk(a) for a in node[1]])
        return tuple(walk(c) if isinstance(c, tuple) else c for c in node)

    new = walk(claim)
    if len(found) != len(choices):
        raise Failed("resolve: more choices than max/min in the claim")
    _check(cert.get("then"), dict(statement, claim=unparse(new)), proves=True, max_prec=max_prec)


def _signed_terms(node, sign: int = 1) -> list:
    """``node`` as a list of (±1, term) with node = Σ ±term, through +, − and unary minus."""
    if node[0] == "+":
        return _signed_terms(node[1], sign) + _signed_terms(node[2], sign)
    if node[0] == "-":
        return _signed_terms(node[1], sign) + _signed_terms(node[2], -sign)
    if node[0] == "neg":
        return _signed_terms(node[1], -sign)
    return [(sign, node)]


def _scaled_exp(term):
    """(c, X) when ``term`` is c·exp(X) or exp(X)·c with c a positive rational number (c = 1 for exp(X)), else
    None."""
    if term[0] == "call" and term[1] == "exp" and len(term[2]) == 1:
        return Fraction(1), term[2][0]
    if term[0] == "*":
        for a, b in ((term[1], term[2]), (term[2], term[1])):
            if a[0] == "num" and a[1] > 0 and b[0] == "call" and b[1] == "exp" and len(b[2]) == 1:
                return a[1], b[2][0]
    return None


def exponential_term(claim):
    """For a claim ``L REL R`` (an inequality): (P, c, X, rel) when big − small = P − c·exp(X) with exactly one
    top-level term c·exp(X) (c > 0 rational) whose argument X uses the variable, where "small REL' big" is the
    claim read with ≤ or < (R ≥ L is L ≤ R); otherwise None."""
    from exactpriv.checker.calculus import fold_node
    from exactpriv.checker.grammar import names

    if claim[0] != "cmp" or claim[1] not in ("<", "<=", ">", ">="):
        return None
    rel, small, big = claim[1], claim[2], claim[3]
    if rel in (">", ">="):
        rel, small, big = {">": "<", ">=": "<="}[rel], big, small
    terms = _signed_terms(big) + _signed_terms(small, -1)
    hits = [(k, _scaled_exp(t)) for k, (sg, t) in enumerate(terms) if sg < 0 and _scaled_exp(t) is not None
            and names(_scaled_exp(t)[1])]
    if len(hits) != 1:
        return None
    k, (c, X) = hits[0]
    rest = ("num", Fraction(0))
    for j, (sg, t) in enumerate(terms):
        if j != k:
            rest = fold_node("+" if sg > 0 else "-", rest, t)
    return rest, c, X, rel


def _logarithm(cert, statement, proves, max_prec):
    """small ≤ big with big − small = P − c·exp(X) (c > 0 rational, one such term): where P > 0, c·exp(X) ≤ P ⟺
    X ≤ log(P/c), log being strictly increasing on (0, ∞) (likewise for <).  The checker finds the term and
    writes both claims itself: ``positive`` proves P > 0 on the domain, ``then`` proves X REL log(P/c)."""
    from exactpriv.checker.printing import unparse

    if not proves:
        raise NotCheckable("refuting logarithms are given as points")
    single_variable(statement)
    found = exponential_term(parse(statement["claim"]))
    if found is None:
        raise Failed("logarithm: the claim is not small <= big with big - small = P - c*exp(X), one such term")
    P, c, X, rel = found
    _check(cert.get("positive"), dict(statement, claim=f"{unparse(P)} > 0"), proves=True, max_prec=max_prec)
    arg = P if c == 1 else ("/", P, ("num", c))
    _check(cert.get("then"), dict(statement, claim=f"{unparse(X)} {rel} log({unparse(arg)})"), proves=True,
           max_prec=max_prec)


KINDS = {"resolve": _resolve, "constant": _constant, "cases": _cases, "coefficients": _coefficients, "square": _square, "powers": _powers, "factor": _factor, "split": _split, "exponentiate": _exponentiate,
         "derivative": _derivative, "logarithm": _logarithm}
