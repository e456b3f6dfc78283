"""Claims over symbolic families, decided for every value of the family's parameter.

A *symbolic instance* is an :class:`~exactpriv.claims.model.Instance` whose mechanism has one free symbol —
``randomized_response(3, eps=EPS)``, ``truncated_geometric(4, eps=EPS)``, a k-fold composition, a Poisson
subsample with a rational rate, a group version — with a declared domain of that symbol (``Instance.domain``,
default ``[0, oo)``).  Checking a declarative claim (:func:`~exactpriv.claims.implication_claim`,
:func:`~exactpriv.claims.tightness_claim`, :func:`~exactpriv.claims.inequality_claim` with ``families=``) on
such an instance decides it for EVERY member at once:

1. each notion is replaced by its exact closed form on the family
   (:mod:`exactpriv.measures.symbolic`, valid on ``witness["valid_on"]``);
2. the univariate statement ``measure op bound`` is decided by the certifier
   (:func:`exactpriv.forall.inequality_for_all`: the exact log-linear normal form, then exact algebra in
   t = e^ε with real-root isolation, monotonicity, certified series, interval branch and bound);
3. a requested closed end that a closed form excludes (an entry vanishes there) is decided on the member
   ``M.subs(ε=end)`` by the ordinary exact check — the definition, not the closed form;
4. a refutation is confirmed by the ordinary exact check on a *member with rational entries*: the certifier's
   point ε₀ guides a search over rational t near e^{ε₀} (floats only choose candidates), and the first member
   M(ln t) that the exact check refutes is the witness — a concrete, replayable instance, decided by a second,
   independent computation.  If no such member is found the refutation still stands on the certifier's
   certified point, and the witness is the symbolic instance itself (replaying it re-runs the proof).

The verdict says exactly what was shown: TRUE is "for every ε in the domain" (PROVED, with the certificate),
FALSE comes with a point and, when found, the concrete member; otherwise UNDECIDED with the reason (no closed
form for this notion, a closed form the certifier cannot decide within its effort, …).

Several parameters: the family parameter is the only symbol proved over; every other parameter (k, q, δ, α, a
group size) is a :class:`~exactpriv.claims.declare.Param` with a declared finite grid of exact values, and
the proof is one univariate proof in ε per grid point (a rational q, an integer k in a declared finite range,
…) — the reading's statement lists the grids, so PROVED never claims more.

:func:`prove_family_bound` is the public entry point for other provers (the reduction prover of issue 27):
"measure(M(ε)) op bound for every ε of a domain", with an optional given notion whose closed form is
substituted for ``eps`` in the bound.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Mapping

import sympy

from exactpriv.claims.model import Instance, Outcome
from exactpriv.claims.verdicts import Verdict
from exactpriv.errors import ExactPrivError, InvalidArgument, NoClosedFormError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS

__all__ = [
    "DEFAULT_DOMAIN",
    "FamilyVerdict",
    "closed_form",
    "decide_on_family",
    "family_outcome",
    "limit_subs",
    "family_symbol",
    "is_symbolic_instance",
    "member",
    "prove_family_bound",
]

#: the parameter domain of a symbolic instance that declares none
DEFAULT_DOMAIN = "[0, oo)"

#: notions with a closed form over a symbolic family (name -> how it is computed)
_CLOSED = ("pure_dp", "kl_dp", "tv_dp", "renyi_dp", "capacity", "mi_dp", "semantic_privacy", "approx_dp")

#: how many rational members near the certifier's refuting point are tried before the refutation rests on
#: the certified point alone (an effort limit, named in the evidence)
MEMBER_TRIES = 40


def _symbols(M) -> frozenset:
    factors = getattr(M, "factors", None)
    if factors is not None:
        out: frozenset = frozenset()
        for f in factors:
            out |= _symbols(f)
        return out
    return frozenset(getattr(M, "free_symbols", ()) or ())


def is_symbolic_instance(inst: Instance) -> bool:
    """True when the instance's mechanism has free symbols (a symbolic family, decided for all its members)."""
    return inst.mechanism is not None and bool(_symbols(inst.mechanism))


def family_symbol(inst: Instance) -> sympy.Symbol:
    """The one free symbol of a symbolic instance (typed error when there are several)."""
    syms = _symbols(inst.mechanism)
    if len(syms) != 1:
        raise InvalidArgument(f"instance {inst.label!r}: a symbolic family has exactly one free symbol, its "
                              f"mechanism has {sorted(map(str, syms)) or 'none'}; substitute the others "
                              f"(M.subs(...)) or declare them as Params with values")
    return next(iter(syms))


def _domain(inst: Instance, var):
    from exactpriv.exact.expressions import parse_interval
    from exactpriv.measures.symbolic import Domain

    text = getattr(inst, "domain", None) or DEFAULT_DOMAIN
    iv = parse_interval(text, name=f"domain of {inst.label}")
    return Domain.make(var, (iv.lo, iv.hi), (iv.lo_closed, iv.hi_closed))


def member(inst: Instance, value) -> Instance:
    """The member of the symbolic instance at ``value`` of its symbol: an instance with the substituted
    mechanism (factors of a product substituted one by one), labelled ``"<label> at <symbol> = <value>"``,
    with the point recorded in ``extra["at_<symbol>"]`` (what replay uses to recognise the member)."""
    var = family_symbol(inst)
    val = sympy.sympify(value) if not isinstance(value, sympy.Basic) else value
    M = _subs(inst.mechanism, var, val)
    label = f"{inst.label} at {var} = {sympy.sstr(val)}"
    return replace(inst, label=label, mechanism=M, extra={**inst.extra, f"at_{var}": val}, domain=None)


def _subs(M, var, val):
    from exactpriv.mechanisms.base import ProductMechanism

    if isinstance(M, ProductMechanism):
        return ProductMechanism([_subs(f, var, val) for f in M.factors])
    if var not in _symbols(M):
        return M
    return M.subs({var.name: val})


def _flat(M):
    factors = getattr(M, "factors", None)
    return M.expand() if factors is not None else M


def closed_form(notion, inst: Instance, domain=None):
    """The closed form of ``notion`` (a :class:`~exactpriv.claims.notions.Notion` or a registry name) on the
    symbolic instance: a :class:`~exactpriv.measures.result.Measured` whose value is an expression in the
    family's symbol, exact for every value of ``witness["valid_on"]``.

    Closed forms exist for pure_dp (with ``within=k``: group privacy), kl_dp, tv_dp, renyi_dp (rational α or
    oo), capacity, mi_dp, semantic_privacy, and approx_dp viewed ``at="delta"`` (the hockey-stick δ at an ε'
    that is a constant or an expression in the family's symbol).  Any other notion raises
    :class:`~exactpriv.errors.NoClosedFormError` naming it.
    """
    from exactpriv.claims.notions import Notion
    from exactpriv.measures.symbolic import symbolic_measure

    n = notion if isinstance(notion, Notion) else Notion(notion)
    var = family_symbol(inst)
    dom = domain if domain is not None else _domain(inst, var)
    M = _flat(n.on(inst) if n.on is not None else inst.mechanism)
    params = n._resolve(inst, family=var)
    kw = dict(domain=(dom.lo, dom.hi), closed=(dom.lo_closed, dom.hi_closed), variable=var)
    if n.name not in _CLOSED:
        raise NoClosedFormError(f"{n.label()} has no closed form over a symbolic family (closed forms: "
                                f"{', '.join(_CLOSED)}); check members instead (M.subs(eps=sympy.log(3)))")
    if n.name == "approx_dp":
        if n.at != "delta":
            raise NoClosedFormError(f"{n.label()}: the tightest ε at δ has no closed form over a family (the "
                                    f"hockey-stick δ at ε' has one: Notion('approx_dp', at='delta', eps=...))")
        return symbolic_measure("hockey_stick", M, eps_prime=params["eps"], within=params.get("within", 1), **kw)
    if n.name == "renyi_dp":
        return symbolic_measure("renyi_dp", M, alpha=params["alpha"], **kw)
    extra = {k: v for k, v in params.items() if k in ("within", "default")}
    unknown = set(params) - set(extra)
    if unknown:
        raise NoClosedFormError(f"{n.label()}: parameters {sorted(unknown)} have no closed-form counterpart")
    return symbolic_measure(n.name, M, **extra, **kw)


@dataclass
class FamilyVerdict:
    """What :func:`prove_family_bound` showed about a symbolic family.

    verdict : PROVED (for every value of the family's symbol in ``domain``), REFUTED, or UNDECIDED
    decision : the underlying :class:`~exactpriv.exact.decisions.Decision` (its ``certificate`` holds the closed
        forms, the certifier's proof and the decided ends; ``reason`` says why when UNDECIDED)
    statement : the univariate statement decided, e.g. ``"kl_dp(M) <= eps*tanh(eps/2)"``
    domain : the domain of the family's symbol, e.g. ``"eps in [0, oo)"``
    witness : for REFUTED, the concrete member with rational entries that the exact check refutes (None when
        none was found near the certified point; the refutation then rests on the certified point)
    point : for REFUTED, the value of the symbol where it fails (the witness's, or the certifier's point)
    values : the closed forms and the bound (sympy expressions)
    """

    verdict: Verdict
    decision: Decision
    statement: str
    domain: str
    witness: Instance | None = None
    point: Any = None
    values: dict = field(default_factory=dict)

    @property
    def certificate(self) -> dict:
        return self.decision.certificate

    @property
    def reason(self) -> str:
        return self.decision.reason

    def to_json(self) -> dict:
        from exactpriv.object_json import instance_to_json

        doc = {"verdict": self.verdict.value, "statement": self.statement, "domain": self.domain,
               "decision": self.decision.to_json()}
        if self.point is not None:
            doc["point"] = sympy.sstr(self.point)
        if self.witness is not None:
            doc["witness"] = instance_to_json(self.witness)
        return doc

    def __repr__(self) -> str:
        extra = f", at {sympy.sstr(self.point)}" if self.point is not None else ""
        return f"FamilyVerdict({self.verdict.value}: {self.statement} for {self.domain}{extra})"


def _is_oo(v) -> bool:
    return isinstance(v, sympy.Basic) and v in (sympy.oo, sympy.zoo)


def _intersect(var, *valids):
    from exactpriv.measures.symbolic import Domain

    base = valids[0]
    lo_c = all(v.lo_closed for v in valids)
    hi_c = all(v.hi_closed for v in valids)
    return Domain(var, base.lo, base.hi, lo_c, hi_c)


def _excluded_ends(requested, valid):
    ends = []
    if requested.lo_closed and not valid.lo_closed:
        ends.append(requested.lo)
    if requested.hi_closed and not valid.hi_closed:
        ends.append(requested.hi)
    return ends


def _remembered_candidates(var, point, dom, limit) -> list:
    """:func:`_candidates`, each distinct question computed once: a pure function of the symbol, the rational point,
    the (frozen) domain and the limit, and the readings of one claim ask the same ones (20 calls of 5 distinct in
    one `verify`, building sympy logs of continued-fraction convergents); callers get their own list."""
    return list(_candidates_once(var, point, dom, limit))


@functools.lru_cache(maxsize=256)
def _candidates_once(var, point, dom, limit) -> tuple:
    return tuple(_candidates(var, point, dom, limit))


def _candidates(var, point, dom, limit):
    """Values of the symbol near ``point`` at which members have rational entries: the point itself when it
    is rational (a family rational in its symbol), then ε = ln t (and 2 ln t for charts in e^{ε/2}) for the
    continued-fraction convergents t of e^{point}.  Floats only choose candidates; each is checked exactly."""
    import mpmath

    out = []
    p = sympy.Rational(point) if not isinstance(point, sympy.Basic) else point
    if p.is_Rational:
        out.append(p)
    with mpmath.workdps(60):
        x = mpmath.mpf(sympy.Float(p, 60))
        for scale in (1, 2):
            target = mpmath.exp(x / scale)
            rest = target
            # the convergents h/k of the continued fraction [a0; a1, ...], by the recurrence
            # h_n = a_n h_{n-1} + h_{n-2}, k_n = a_n k_{n-1} + k_{n-2} in integers
            h, h_prev, k, k_prev = 1, 0, 0, 1
            for _ in range(limit):
                ai = int(mpmath.floor(rest))
                frac = rest - ai
                h, h_prev, k, k_prev = ai * h + h_prev, h, ai * k + k_prev, k
                t = Fraction(h, k)
                if t > 0:
                    out.append(scale * sympy.log(sympy.Rational(t.numerator, t.denominator)))
                if frac < mpmath.mpf(10) ** -40:
                    break
                rest = 1 / frac
    seen, keep = set(), []
    for c in out:
        if c in seen:
            continue
        seen.add(c)
        if _inside(c, dom):
            keep.append(c)
    return keep[:limit]


def _inside(c, dom) -> bool:
    """``c`` (a rational, or a positive rational multiple of the log of a positive rational) certainly lies in
    ``dom``: sympy's ``Interval.contains(c) is true``, decided exactly without sympy's relational machinery for the
    ends it is mostly asked about (rationals and ±oo; a log against 0), and by sympy otherwise."""
    sign = _log_sign(c)
    quick = []
    for end, closed, below in ((dom.lo, dom.lo_closed, True), (dom.hi, dom.hi_closed, False)):
        if end in (sympy.oo, -sympy.oo):
            quick.append((end == -sympy.oo) if below else (end == sympy.oo))
        elif isinstance(end, sympy.Rational) and c.is_Rational:
            quick.append(bool(end < c or (closed and end == c)) if below else bool(c < end or (closed and end == c)))
        elif end == 0 and sign is not None:
            quick.append((sign > 0 or (closed and sign == 0)) if below else (sign < 0 or (closed and sign == 0)))
        else:
            quick.append(None)
    if None not in quick:
        return all(quick)
    return sympy.Interval(dom.lo, dom.hi, not dom.lo_closed, not dom.hi_closed).contains(c) is sympy.true


def _log_sign(c) -> int | None:
    """The sign of ``k*log(q)`` (k a nonzero rational, bare when 1; q a positive rational), or None for any other
    form."""
    k, rest = c.as_coeff_Mul() if isinstance(c, sympy.Mul) else (sympy.Integer(1), c)
    if not (k.is_Rational and k != 0 and isinstance(rest, sympy.log) and rest.args[0].is_Rational
            and rest.args[0] > 0):
        return None
    q = rest.args[0]
    return (1 if k > 0 else -1) * (int(bool(q > 1)) - int(bool(q < 1)))


def decide_on_family(inst: Instance, lhs: Callable[[sympy.Symbol], Any], op: str,
                     rhs: Callable[[sympy.Symbol], Any], member_check: Callable[[Instance], Outcome], *,
                     statement: str, seconds: float | None = None) -> tuple[Outcome, FamilyVerdict]:
    """Decide ``lhs op rhs`` for every member of the symbolic instance ``inst``.

    lhs, rhs : ``domain -> expression``: closed forms in the family's symbol for that domain; each returns
        ``(expression, valid_on)`` (``valid_on`` None when valid on the whole requested domain) and may raise
        :class:`~exactpriv.errors.NoClosedFormError` (then UNDECIDED with that reason)
    member_check : the ordinary exact check of one concrete member (what decides excluded ends and confirms a
        refutation: the second, independent computation)
    statement : the statement's text, for the evidence

    Returns ``(Outcome, FamilyVerdict)``: the outcome has ``universal=True`` when TRUE (the decision covers every
    member) and ``witness`` = the concrete refuting member when FALSE and one was found.
    """
    from exactpriv.forall import inequality_for_all

    var = family_symbol(inst)
    requested = _domain(inst, var)
    where = str(requested)
    try:
        a, va = lhs(requested)
        b, vb = rhs(requested)
    except NoClosedFormError as exc:
        d = Decision.undecided("closed-form", f"no closed form over the family: {exc}")
        return Outcome(d, {}), FamilyVerdict(Verdict.UNDECIDED, d, statement, where)
    except ExactPrivError as exc:
        d = Decision.undecided("closed-form", f"the closed form could not be derived: {exc}")
        return Outcome(d, {}), FamilyVerdict(Verdict.UNDECIDED, d, statement, where)
    values = {"lhs": a, "rhs": b}
    valid = _intersect(var, *(v for v in (va, vb, requested) if v is not None))
    text = f"{statement}: {sympy.sstr(a)} {op} {sympy.sstr(b)}"
    if _is_oo(a) or _is_oo(b) or a.has(sympy.nan) or b.has(sympy.nan):
        d = Decision.undecided("closed-form", f"{text}: a side is not finite on the family; decide members instead")
        return Outcome(d, values), FamilyVerdict(Verdict.UNDECIDED, d, statement, where, values=values)
    dom_kw = dict(domain=(valid.lo, valid.hi), closed=(valid.lo_closed, valid.hi_closed), variable=var)
    proof = None
    if op in ("<=", "<") and _root_product(b):
        # a <= c·√X₁·…·√Xₙ (c > 0) follows from a² <= c²·X₁·…·Xₙ: then |a| <= the right side, which is >= 0
        # (Pinsker-type bounds: the certifier decides the squared, root-free form far more easily).  Only a
        # TRUE squared form is used; otherwise the original statement is decided (and may be refuted).
        squared = inequality_for_all(a ** 2, op, b ** 2, seconds=seconds, **dom_kw)
        if squared.is_true:
            proof = Decision.true(squared.method + " (squared)", f"({sympy.sstr(a)})**2 {op} {sympy.sstr(b ** 2)} "
                                  f"implies {sympy.sstr(a)} {op} {sympy.sstr(b)} (the right side is a positive "
                                  f"constant times square roots): {squared.reason}", precision=squared.precision,
                                  certificate={"squared": True, "statement": f"{a**2} {op} {b**2}",
                                               "proof": squared.to_json()})
    if proof is None:
        proof = inequality_for_all(a, op, b, seconds=seconds, **dom_kw)
    cert = {"statement": text, "domain": where, "valid_on": str(valid), "proof": proof.to_json(), "ends": []}
    if proof.is_false:
        point = proof.certificate.get("point")
        witness, wpoint, tried = _confirm(inst, var, point, requested, member_check)
        cert.update({"point": point, "members_tried": tried})
        if witness is not None:
            cert["witness"] = witness.label
            d = Decision.false(proof.method, f"{text} fails at {var} = {sympy.sstr(wpoint)} (the exact check "
                                             f"refutes the member {witness.label!r})", certificate=cert)
        else:
            d = Decision.false(proof.method, f"{text} fails at {var} = {point} (certified; no member with "
                                             f"rational entries among {tried} tried near it)", certificate=cert)
            wpoint = point
        fv = FamilyVerdict(Verdict.REFUTED, d, statement, where, witness, wpoint, values)
        return Outcome(d, values, witness=witness), fv
    ends_true = True
    for end in _excluded_ends(requested, valid):
        m = member(inst, end)
        try:
            out = member_check(m)
            ed = out.decision
        except ExactPrivError as exc:
            ed = Decision.undecided("exact-endpoint", f"the member at {var} = {end} could not be checked: {exc}")
        cert["ends"].append({"point": str(end), "truth": ed.truth.value, "reason": ed.reason, "method": ed.method})
        if ed.is_false:
            d = Decision.false("exact-endpoint", f"{text} fails at the end {var} = {end}: {ed.reason}",
                               certificate={**cert, "point": str(end), "witness": m.label})
            return (Outcome(d, values, witness=m),
                    FamilyVerdict(Verdict.REFUTED, d, statement, where, m, end, values))
        ends_true = ends_true and ed.is_true
    if proof.is_true and ends_true:
        how = proof.method + (" + exact end(s)" if cert["ends"] else "")
        d = Decision.true(how, f"{text} for every {where}", precision=proof.precision, certificate=cert)
        return Outcome(d, values, universal=True), FamilyVerdict(Verdict.PROVED, d, statement, where, values=values)
    why = proof.reason if not proof.is_true else "; ".join(e["reason"] for e in cert["ends"] if e["truth"] != "TRUE")
    d = Decision.undecided(proof.method, f"{text}: {why}", certificate=cert)
    return Outcome(d, values), FamilyVerdict(Verdict.UNDECIDED, d, statement, where, values=values)


def _root_product(expr) -> bool:
    """``expr`` is c·√X₁·…·√Xₙ with c a positive rational and n >= 1 (so it is >= 0 wherever it is real)."""
    factors = expr.args if isinstance(expr, sympy.Mul) else (expr,)
    roots = 0
    for f in factors:
        if f.is_Rational and f > 0:
            continue
        if isinstance(f, sympy.Pow) and f.exp == sympy.Rational(1, 2):
            roots += 1
            continue
        if isinstance(f, sympy.Pow) and f.exp == sympy.Rational(-1, 2):
            roots += 1
            continue
        return False
    return roots > 0


def _confirm(inst, var, point, dom, member_check):
    """(witness member, its point, how many tried): the first member near ``point`` with rational entries that
    the exact check refutes — members whose every entry is a rational number first (a witness any exact
    checker replays with rational arithmetic), then the others (entries in e^ε, decided by the kernel)."""
    if point is None:
        return None, None, 0
    try:
        p = sympy.Rational(str(point))
    except (TypeError, ValueError, SyntaxError):
        return None, None, 0
    tried = 0
    for c, m in _rational_first(inst, _remembered_candidates(var, p, dom, MEMBER_TRIES)):
        tried += 1
        try:
            out = member_check(m)
        except ExactPrivError:
            continue  # irrational entries, or no exact value: not a replayable member
        if out.decision.is_false:
            return m, c, tried
    return None, None, tried


def _rational_first(inst, candidates):
    """(candidate, member) in the order of a stable sort by "not every entry rational", each member built only when
    it is reached: the rational members in the candidates' order as they come, the others kept for the end (most
    refutations stop at the first member, so the others are never built)."""
    later = []
    for c in candidates:
        m = member(inst, c)
        if _rational_entries(m):
            yield c, m
        else:
            later.append((c, m))
    yield from later


def _rational_entries(inst) -> bool:
    """Every entry of the member's mechanism is a rational number (sorted stably: the candidates' order is kept
    within each group)."""
    from exactpriv.mechanisms.base import ProductMechanism

    M = inst.mechanism
    factors = M.factors if isinstance(M, ProductMechanism) else [M]
    try:
        return all(isinstance(v, (int, Fraction)) or sympy.sympify(v).is_Rational
                   for f in factors for row in f.rows for v in row)
    except Exception:  # noqa: BLE001 - a mechanism without explicit rows: keep its place
        return False


def _as_bound(bound, params: Mapping[str, Any]):
    from exactpriv.exact.expressions import parse_expression

    if isinstance(bound, str):
        symbols = {"eps": EPS, **{k: sympy.Symbol(k, positive=True) for k in params}}
        expr = parse_expression(bound, symbols=symbols, name="bound")
    elif isinstance(bound, sympy.Basic):
        expr = bound
    elif isinstance(bound, (int, Fraction)):
        expr = sympy.Rational(bound)
    else:
        raise InvalidArgument(f"bound={bound!r} of type {type(bound).__name__} must be a string in the expression "
                              f"grammar or a sympy expression")
    subs = {}
    for s in expr.free_symbols:
        if s.name in params:
            subs[s] = sympy.sympify(params[s.name])
    return expr.xreplace(subs)


def family_outcome(inst: Instance, measure, op: str, bound_of: Callable[[Any], Any],
                   member_check: Callable[[Instance], Outcome], *, given=None, statement: str = "",
                   seconds: float | None = None, bound_text: str = "") -> tuple[Outcome, FamilyVerdict]:
    """``measure(M) op bound_of(α)`` for every member M of the symbolic instance, where α is the closed form of
    ``given`` on the family (an implication or tightness at the tightest α) or, without ``given``, the family's
    symbol itself.  ``member_check`` is the ordinary exact check of one member (see :func:`decide_on_family`).
    The outcome's values "lhs"/"rhs" (the two closed forms) are named after the notions and ``bound_text``
    (:func:`~exactpriv.claims.forms.name_values`)."""
    from exactpriv.claims.forms import name_values, value_label
    from exactpriv.claims.notions import Notion

    m = measure if isinstance(measure, Notion) else Notion(measure)
    g = None if given is None else (given if isinstance(given, Notion) else Notion(given))
    var = family_symbol(inst)

    def lhs(dom):
        B = closed_form(m, inst, dom)
        return B.value, B.witness.get("valid_on")

    def rhs(dom):
        if g is None:
            return sympy.sympify(bound_of(var)), None
        A = closed_form(g, inst, dom)
        return sympy.sympify(bound_of(A.value)), A.witness.get("valid_on")

    outcome, verdict = decide_on_family(inst, lhs, op, rhs, member_check, statement=statement or m.label(),
                                        seconds=seconds)
    var_text = "ε" if var.name == "eps" else var.name
    left = value_label(m).replace("(M)", f"(M({var_text}))")
    right = (bound_text or "the bound") + (f" at ε = {value_label(g).replace('(M)', f'(M({var_text}))')}"
                                           if g is not None else "")
    return name_values(outcome, {"lhs": left, "rhs": right}, ("lhs", op, "rhs")), verdict


def prove_family_bound(measure, family, bound, *, domain: str = DEFAULT_DOMAIN, op: str = "<=", given=None,
                       params: Mapping[str, Any] | None = None, seconds: float | None = None) -> FamilyVerdict:
    """Decide "``measure``(M(ε)) ``op`` ``bound``" for every ε of ``domain``, M a symbolic family.

    measure : a registry name with a closed form ("kl_dp", "tv_dp", "pure_dp", "renyi_dp", "capacity", "mi_dp",
        "semantic_privacy") or a :class:`~exactpriv.claims.notions.Notion` (``Notion("renyi_dp", alpha=2)``,
        ``Notion("approx_dp", at="delta", eps="eps/2")``, ``Notion("pure_dp", within=2)`` for group privacy,
        ``on=`` an operator such as k-fold composition)
    family : a mechanism with one free symbol (``randomized_response(3, eps=EPS)``), or an
        :class:`~exactpriv.claims.model.Instance` holding one (its ``params`` feed string-valued notion
        parameters and ``on=``; its ``domain``, when set, wins over ``domain``)
    bound : a string of the expression grammar or a sympy expression in ``eps`` (and ``params``); ``eps``
        is the family's symbol — or, with ``given``, the closed form of the given notion (an implication
        "given(M) = α ⇒ measure(M) op bound(α)", at the tightest α; the bound must be non-decreasing in α)
    domain : the interval of the family's symbol, e.g. "[0, oo)", "(0, 1)"
    op : "<=", "<", ">=", ">" or "==" (tightness); with ``given`` only "<=" or "=="
    given : optional notion (name or Notion) whose value on the family is the bound's ``eps``
    params : exact values of the other symbols of the bound and of the notions (k, q, δ, α)
    seconds : an optional time limit of the univariate proof (the effort in force decides; None: no limit)

    Returns a :class:`FamilyVerdict`: PROVED (certificate in ``.decision.certificate``: the closed forms, the
    certifier's proof, the ends decided on exact members), REFUTED (``.point`` and, when a member with
    rational entries confirms it by the exact check, ``.witness``), or UNDECIDED with ``.reason``.
    Bad input (an unknown notion, a bound that does not parse, a family without a free symbol) raises an
    :class:`~exactpriv.errors.ExactPrivError`.

    Example::

        prove_family_bound("kl_dp", randomized_response(3, eps=EPS), "eps*tanh(eps/2)")   # PROVED
        prove_family_bound("kl_dp", randomized_response(2, eps=EPS), "eps**2/3")         # REFUTED, witness RR at ln t
        prove_family_bound("tv_dp", randomized_response(2, eps=EPS), "tanh(eps/2)", op="==")  # PROVED (tight)
    """
    from exactpriv.claims.notions import Notion
    from exactpriv.claims.forms import equality, implication, name_values, value_label
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import value_to_sympy

    if op not in ("<=", "<", ">=", ">", "=="):
        raise InvalidArgument(f"op={op!r} must be one of '<=', '<', '>=', '>', '=='")
    params = dict(params or {})
    if isinstance(family, Instance):
        inst = replace(family, domain=family.domain or domain, params={**params, **family.params})
    else:
        inst = Instance(getattr(family, "label", None) or repr(family)[:60], mechanism=family, params=params,
                        domain=domain)
    if not is_symbolic_instance(inst):
        raise InvalidArgument(f"family={family!r} has no free symbol: decide a mechanism with the ordinary "
                              f"checks (exactpriv.claims.implication) instead")
    m = measure if isinstance(measure, Notion) else Notion(measure)
    g = None if given is None else (given if isinstance(given, Notion) else Notion(given))
    expr = _as_bound(bound, inst.params)
    var = family_symbol(inst)

    def bound_of(a):
        return limit_subs(expr, a)

    if g is None:
        def member_check(mi: Instance) -> Outcome:
            B = m(mi)
            target = bound_of(mi.extra[f"at_{var}"])
            names = {"B": value_label(m), "bound": f"{sympy.sstr(expr)} at {var} = {mi.extra[f'at_{var}']}"}
            if B.value is None:
                return name_values(Outcome(Decision.undecided("enclosure", "the member's value is only enclosed"),
                                           {"B": B}), names)
            return name_values(Outcome(compare(B.value, op, target), {"B": B, "bound": target}), names,
                               ("B", op, "bound"))
    elif op == "==":
        def member_check(mi: Instance) -> Outcome:
            def rhs_value(i):
                a = g(i)
                return None if a.value is None else bound_of(value_to_sympy(a.value))
            return equality(m, rhs_value, names={"rhs": f"{sympy.sstr(expr)} at ε = {value_label(g)}"})(mi)
    elif op == "<=":
        member_check = implication(g, m, bound_of, names={"bound": f"{sympy.sstr(expr)} at ε = {value_label(g)}"})
    else:
        raise InvalidArgument(f"op={op!r} with given=: only '<=' (an implication) or '==' (tightness)")
    statement = f"{m.label()}(M) {op} {sympy.sstr(expr)}" + (f" with eps = {g.label()}(M)" if g is not None else "")
    return family_outcome(inst, m, op, bound_of, member_check, given=g, statement=statement, seconds=seconds,
                          bound_text=sympy.sstr(expr))[1]


def limit_subs(expr, value, variable=EPS):
    """``expr`` at ``variable`` = ``value``; where plain substitution is not a number, the limit (a bound is
    evaluated at ε = ∞ by its limit: ``(exp(eps)-1)/(exp(eps)+1)`` is 1 there, never nan; at a finite point
    where it is undefined, e.g. ``log((1+eps)/(1-eps))`` at TV = 1, by its limit from below: +oo).
    Min/Max are taken argument by argument (sympy's limit does not handle them); a limit sympy cannot
    compute leaves the substituted value (nan), which the comparison then reports as undecidable."""
    v = sympy.sympify(value)
    at = expr.xreplace({variable: v})
    if variable not in expr.free_symbols or (at.is_number and not at.has(sympy.nan, sympy.zoo)):
        return at
    if v == sympy.oo:
        lim = _limit_at_oo(expr, variable)
        return at if lim is None else lim
    if v.is_number and v.is_finite:
        # a finite point where the formula is undefined (TV = 1 in log((1+eps)/(1-eps)), 0/0): its limit from
        # below — the notions' levels are maxima, and a bound is a function on the levels up to v
        lim = _limit_at(expr, variable, v)
        return at if lim is None else lim
    return at


def _limit_at(expr, variable, point):
    """The limit of ``expr`` as ``variable`` → ``point`` from below, or None (sympy could not, or it is not a
    real number or ±oo)."""
    try:
        lim = sympy.limit(expr, variable, point, "-")
    except (NotImplementedError, ValueError, TypeError, RecursionError):
        return None
    if not isinstance(lim, sympy.Expr) or lim.has(sympy.nan, sympy.zoo, sympy.AccumBounds) or lim.free_symbols:
        return None
    if lim not in (sympy.oo, -sympy.oo) and lim.is_real is not True:
        return None
    return lim


def _limit_at_oo(expr, variable):
    if isinstance(expr, (sympy.Min, sympy.Max)):
        parts = [_limit_at_oo(a, variable) for a in expr.args]
        return None if any(p is None for p in parts) else type(expr)(*parts)
    try:
        lim = sympy.limit(expr, variable, sympy.oo)
    except (NotImplementedError, ValueError, TypeError, RecursionError):
        return None
    if not isinstance(lim, sympy.Expr) or lim.has(sympy.nan, sympy.zoo, sympy.AccumBounds) or lim.free_symbols:
        return None
    return lim
