"""Declaring a claim in a few lines: implications, tightness, non-implications, all-parameter inequalities.

The four common forms of a privacy theorem, each a function returning a :class:`~exactpriv.claims.model.Claim`
with one reading, ready for ``exactpriv verify FILE``, ``hunt``, ``report`` and ``pytest FILE``:

* :func:`implication_claim` — "α-A ⇒ f(α, params)-B": checked as B(M) ≤ f(A(M), params) at the tightest
  A(M) (f non-decreasing in α unless ``monotone=False``), on every instance × parameter point;
* :func:`tightness_claim` — "the bound is attained on this family": B(M) = f(A(M), params) exactly;
* :func:`non_implication_claim` — "A does not imply B": an "exists" reading whose witnesses have finite
  A(M) ≤ level and B(M) > bound (refuted only by exhausting an exhaustive family, never by a random draw);
* :func:`inequality_claim` — "g(ε) ≤ h(ε) for every ε in a domain": proved or refuted by the certifier.

Notions are named by their registry names (:data:`exactpriv.measures.REGISTRY`) with keyword parameters,
as :class:`Notion` objects: ``Notion("renyi_dp", alpha="alpha")`` takes its order from the parameter
``alpha`` of the instance; ``Notion("approx_dp", at="epsilon", delta="delta")`` is the tightest ε at δ of the
exact hockey-stick profile (``at="delta", eps=...`` its δ at ε); ``on=`` maps the instance to the mechanism
measured (an operator: ``on=lambda inst: compose(inst.mechanism, inst.params["k"])``).

Bounds are strings in the safe expression grammar (:func:`exactpriv.exact.expressions.parse_expression`:
never ``eval``): the symbol ``eps`` is the given notion's tightest value; every other symbol is a declared
:class:`Param` whose values come from the instance (``Instance.params``).  Parameter grids multiply the
families (:func:`with_params`), so a witness records the parameter point that breaks the claim.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import sympy

from exactpriv.claims.forms import equality, implication, name_values, value_label
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.claims.model import Claim, Family, Instance, Outcome, Reading
from exactpriv.claims.relations import NOTIONS, Relation
from exactpriv.claims.statement_forms import implication_form, listed_inequality_form
from exactpriv.claims.notions import Notion, as_notion
from exactpriv.claims.symbolic import family_outcome, is_symbolic_instance, limit_subs
from exactpriv.claims.verdicts import Finding, Verdict
from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS, as_exact

__all__ = [
    "Notion",
    "Param",
    "implication_claim",
    "inequality_claim",
    "non_implication_claim",
    "tightness_claim",
    "with_params",
]


@dataclass(frozen=True)
class Param:
    """A parameter of a claim other than ε: its name, the values checked, and its declared domain.

    name : the symbol used in bounds and notion parameters ("delta", "alpha", "k", "q", "n")
    values : exact values checked (ints, Fractions, strings like "1/10", sympy numbers)
    domain : the parameter's range as an interval text, e.g. "(0, 1)", "[2, oo)"; every value is checked
        against it exactly when the claim is built
    integer : the parameter is an integer (a count k, a group size)
    """

    name: str
    values: Sequence[Any]
    domain: str = "(-oo, oo)"
    integer: bool = False

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.isidentifier() or self.name == "eps":
            raise InvalidArgument(f"Param name={self.name!r} must be an identifier other than 'eps'")
        from exactpriv.exact.expressions import parse_interval

        interval = parse_interval(self.domain, name=f"domain of {self.name}")
        vals = []
        for v in self.values:
            x = as_exact(v)
            xs = sympy.sympify(x) if not isinstance(x, sympy.Basic) else x
            if self.integer and not (xs.is_integer or (isinstance(x, Fraction) and x.denominator == 1)):
                raise InvalidArgument(f"Param {self.name}: value {v!r} is not an integer")
            inside = interval.as_sympy().contains(xs)
            if inside is not sympy.true:
                raise InvalidArgument(f"Param {self.name}: value {v!r} is outside its domain {self.domain}")
            vals.append(int(xs) if self.integer else x)
        if not vals:
            raise InvalidArgument(f"Param {self.name}: give at least one value")
        object.__setattr__(self, "values", tuple(vals))

    @property
    def symbol(self) -> sympy.Symbol:
        return sympy.Symbol(self.name, positive=True, integer=self.integer or None)


def _bound(text: str, params: Sequence[Param]) -> Callable[[Any, Mapping], Any]:
    from exactpriv.exact.expressions import parse_expression

    symbols = {"eps": EPS, **{p.name: p.symbol for p in params}}
    expr = parse_expression(text, symbols=symbols, name="bound")
    extra = expr.free_symbols - set(symbols.values())
    if extra:
        raise InvalidArgument(f"bound {text!r} uses undeclared symbols {sorted(map(str, extra))}")

    def f(eps_value, point: Mapping):
        subs = {p.symbol: sympy.sympify(point[p.name]) for p in params if p.name in point}
        # at ε = ∞ (pure DP of a mechanism with a zero entry) the bound's limit, never nan
        return limit_subs(expr.xreplace(subs), eps_value)

    f.expr = expr  # type: ignore[attr-defined]
    return f


def with_params(family: Family, params: Sequence[Param]) -> Family:
    """``family`` × the grid of parameter values: one instance per (instance, point), params attached."""
    if not params:
        return family
    names = [p.name for p in params]

    def build():
        for inst in family.build():
            for point in itertools.product(*(p.values for p in params)):
                values = dict(zip(names, point))
                label = inst.label + "[" + ",".join(f"{k}={v}" for k, v in values.items()) + "]"
                yield replace(inst, label=label, params={**inst.params, **values})

    return Family(family.name + "×params", build, family.description, family.slow, family.exhaustive,
                  family.symbolic)


def _typed(check: Callable[[Instance], Outcome], params: Sequence[Param]) -> Callable[[Instance], Outcome]:
    """``check`` on the instance with its integer Params as ints: a witness read back from JSON carries
    ``Fraction(2)`` where the grid had ``2``, and operators such as ``k_fold`` take an int."""
    ints = [p.name for p in params if p.integer]
    if not ints:
        return check

    def typed(inst: Instance) -> Outcome:
        fix = {k: int(v) for k in ints if isinstance((v := inst.params.get(k)), Fraction) and v.denominator == 1}
        return check(replace(inst, params={**inst.params, **fix}) if fix else inst)

    return typed


def reading_kwargs(expected, finding, why) -> dict:
    """The keyword arguments of a :class:`Reading` for the declared expected verdict, finding class and reason."""
    kw: dict = {}
    if expected is not None:
        kw["expected"] = Verdict(expected)
    if finding is not None:
        kw["finding"] = Finding(finding)
    if why:
        kw["why"] = why
    return kw


def _relation(given: Notion, measure: Notion, bound_text: str, bound_expr, kind="implication"):
    if given.name not in NOTIONS or measure.name not in NOTIONS:
        return ()
    if kind == "non-implication":
        return (Relation(given.name, measure.name, None, "⇏", kind="non-implication"),)
    composable = bound_expr.free_symbols <= {EPS} and not given.params and not measure.params
    return (Relation(given.name, measure.name, bound_expr, bound_text, composable=composable),)


def _family_operator(on_form) -> dict | None:
    """A notion's operator as data (``Notion.on_form``, one operator) as a symbolic family's ``"on"`` object
    (docs/certificates.md, "forall-family"), or None."""
    if not on_form or len(on_form) != 1:
        return None
    (key, arg), = on_form.items()
    if key == "post_process":
        return {"operator": "post-process", ("kernels" if isinstance(arg, Mapping) else "kernel"): arg}
    names = {"k_fold": ("k-fold", "k"), "group": ("group", "k"), "subsample": ("subsample", "q")}
    if key not in names or not isinstance(arg, str):
        return None
    return {"operator": names[key][0], names[key][1]: arg}


def _measure_spec(n: Notion, *, family: bool = False) -> dict | None:
    """A notion as a measure of a declarative statement (docs/certificates.md), or None when the checker's
    statements cannot say it (non-numeric parameters, or an operator ``on=`` without its data form
    ``Notion.on_form``).  On a symbolic family (``family``), δ of approx_dp at ε' is
    ``epsilon``: an expression in the family's eps and the grid's parameters."""
    op = None
    if n.on is not None:
        op = _family_operator(n.on_form) if family else None
        if op is None:
            return None
    if n.at is not None and not (family and n.name == "approx_dp" and n.at == "delta"):
        return None
    spec: dict[str, Any] = {"notion": n.name}
    if op is not None:
        spec["on"] = op
    params = dict(n.params)
    if n.at == "delta":
        params = {"epsilon": params.pop("eps")}
    for k, v in params.items():
        if isinstance(v, bool) or not isinstance(v, (int, Fraction, str)):
            return None
        spec[k] = str(v)
    return spec


def _claim_text(left: str, op: str, bound: str, given: str | None, params: Sequence[Param] = ()) -> str | None:
    """``left op bound`` in the checker's grammar, with the bound's eps read as the measure ``given``."""
    from exactpriv.certify.checker_format import grammar_text

    expr = _bound(bound, params).expr  # type: ignore[attr-defined]
    if given is not None:
        expr = expr.xreplace({EPS: sympy.Symbol(given)})
    text = grammar_text(expr)
    return None if text is None else f"{left} {op} {text}"


def family_form(families: Sequence[Family], measures: Mapping[str, Notion], claim: str | None,
                 params: Sequence[Param] = ()) -> dict | None:
    """The ``forall-family`` statement of a reading over symbolic families only (each an exact mechanism in
    ``eps`` built without operators), or None when one cannot be written (docs/certificates.md).  With
    ``params``, one entry per family member and point of the parameters' grids, the point under "params"."""
    from exactpriv.certify.checker_format import grammar_text
    from exactpriv.certify.checker_format import family_entry
    from exactpriv.claims.evidence import space_json
    from exactpriv.claims.symbolic import family_symbol
    from exactpriv.mechanisms import Mechanism
    from exactpriv.mechanisms.base.printing import label_text

    specs = {k: _measure_spec(n, family=True) for k, n in measures.items()}
    if claim is None or not all_symbolic(families) or any(v is None for v in specs.values()):
        return None
    entries = []
    for fam in families:
        for inst in fam.build():
            M = inst.mechanism
            if not isinstance(M, Mechanism) or inst.prior is not None or inst.extra:
                return None
            var = str(family_symbol(inst))  # eps, or another parameter (δ of the (ε, δ) extremal pair)
            if not var.isidentifier() or var in specs or any(var == p.name for p in params):
                return None
            # the outputs as Mechanism.to_json labels them (without printing every entry a second time)
            entry = family_entry(inst.label, var, inst.domain or "[0, oo)", space_json(M.inputs),
                                 [label_text(y) for y in M.outputs], M.rows)
            if entry is None:
                return None
            for point in itertools.product(*(p.values for p in params)):
                texts = {p.name: grammar_text(v) for p, v in zip(params, point)}
                if any(t is None for t in texts.values()) or any(p.name in inst.params for p in params):
                    return None
                entries.append(dict(entry, params=texts) if params else entry)
    return {"quantifier": "forall-family", "families": entries, "measures": specs, "claim": claim}


def _instances_form(measures: Mapping[str, Notion], claim: str | None) -> dict | None:
    """The ``forall-instances`` statement "claim on every mechanism" (no hypotheses), or None."""
    specs = {k: _measure_spec(n) for k, n in measures.items()}
    if claim is None or any(v is None for v in specs.values()):
        return None
    return {"quantifier": "forall-instances", "measures": specs, "claim": claim}


def implication_claim(id: str, *, given: str | Notion, measure: str | Notion, bound: str,
                      families: Sequence[Family], title: str = "", source: str = "", quote: str = "",
                      params: Sequence[Param] = (), hypotheses: Sequence[Hypothesis] = (), monotone: bool = True,
                      reading: str = "literal", expected: Verdict | str | None = None,
                      finding: Finding | str | None = None, why: str = "", notes: str = "",
                      seconds: float | None = None, by_reduction: bool = True) -> Claim:
    """"α-``given`` ⇒ ``bound``(α, params)-``measure``", checked as measure(M) ≤ bound(given(M)).

    Families of symbolic mechanisms (:func:`~exactpriv.claims.families.symbolic_family`, or
    :func:`~exactpriv.claims.families.instances` of mechanisms in ``eps``) are decided for every ε of their
    domain by the closed forms and the certifier (:mod:`exactpriv.claims.symbolic`; the effort in force
    decides, ``seconds`` is an optional time limit per family); when every family is symbolic the reading is
    about those families only (its statement says so) and is PROVED when each is proved, REFUTED with a
    concrete member as witness.

    When the notions admit a reduction to the extremal mechanism (:mod:`exactpriv.claims.by_reduction`:
    ε-DP given, a maximum over neighbouring pairs of KL, TV, Rényi, max divergence or δ at a fixed ε'
    measured, both on the mechanism itself), the reading is also *proved for every mechanism* by the
    reduction at each parameter point — PROVED with the chain as certificate — and each instance check
    confirms the dominance kernel exactly; ``by_reduction=False`` turns this off.

    Example (Bun–Steinke 2016, Prop. 1.4)::

        implication_claim("bun2016.prop1_4", given="pure_dp", measure="zcdp", bound="eps**2/2",
                          families=[randomized_responses(["1/2", 1, 3])])
    """
    g, m = as_notion(given), as_notion(measure)
    f = _bound(bound, params)

    bound_name = {"bound": f"{bound} at ε = {value_label(g)}"}

    def numeric(inst: Instance) -> Outcome:
        return implication(g, m, lambda a: f(a, inst.params), monotone=monotone, names=bound_name)(inst)

    prove = None
    if by_reduction:
        from exactpriv.claims.by_reduction import confirm_given, confirming, reducible, reduction_prove

        if reducible(g, m) is None:
            prove = reduction_prove(g, m, f, params)
            numeric = confirming(numeric, confirm=confirm_given(g))

    def check(inst: Instance) -> Outcome:
        if is_symbolic_instance(inst):
            return family_outcome(inst, m, "<=", lambda a: f(a, inst.params), numeric, given=g, seconds=seconds,
                                  statement=f"{m.label()}(M) <= {bound} with eps = {g.label()}(M)",
                                  bound_text=bound)[0]
        return numeric(inst)

    closed = all_symbolic(families)
    form = None
    if not hypotheses:
        text = _claim_text("B", "<=", bound, "A", params)
        measures = {"A": g, "B": m}
        # over symbolic families the statement is about them; proved by reduction it is about every mechanism
        form = family_form(families, measures, text, params) if closed else \
            _instances_form(measures, text) if prove is not None and not params else None
    r = Reading(reading, f"{m.label()}(M) ≤ {bound} with ε = {g.label()}(M)" + scope_clause(families, params),
                _typed(check, params), tuple(with_params(fam, params) for fam in families), prove=prove,
                form=form or implication_form(g, m, bound, families=families, params=params, hypotheses=hypotheses),
                notes=notes, hypotheses=hypotheses,
                open_search=not closed, relations=() if closed else _relation(g, m, bound, f.expr),
                **reading_kwargs(expected, finding, why))
    return Claim(id, title or f"{g.label()} ⇒ {m.label()} ≤ {bound}", source, quote or r.statement,
                 "implication", [r])


def tightness_claim(id: str, *, given: str | Notion, measure: str | Notion, bound: str, families: Sequence[Family],
                    title: str = "", source: str = "", quote: str = "", params: Sequence[Param] = (),
                    reading: str = "attained", hypotheses: Sequence[Hypothesis] = (),
                    expected: Verdict | str | None = None, finding: Finding | str | None = None, why: str = "",
                    notes: str = "", seconds: float | None = None) -> Claim:
    """"The bound is attained on this family": measure(M) = bound(given(M), params) exactly on every instance.

    A symbolic family is decided for every ε of its domain (an identity of closed forms, proved by exact
    algebra or by both inequalities; ``seconds`` is the certifier's budget per family): PROVED when every
    family is symbolic and each identity is proved, REFUTED with a concrete member where they differ."""
    g, m = as_notion(given), as_notion(measure)
    f = _bound(bound, params)

    def rhs(inst):
        from exactpriv.measures.result import value_to_sympy

        a = g(inst)
        if a.value is None:
            return None
        return f(value_to_sympy(a.value), inst.params)

    numeric = equality(m, rhs, names={"rhs": f"{bound} at ε = {value_label(g)}"})

    def check(inst: Instance) -> Outcome:
        if is_symbolic_instance(inst):
            return family_outcome(inst, m, "==", lambda a: f(a, inst.params), numeric, given=g, seconds=seconds,
                                  statement=f"{m.label()}(M) == {bound} with eps = {g.label()}(M)",
                                  bound_text=bound)[0]
        return numeric(inst)

    form = None if hypotheses else family_form(families, {"A": g, "B": m},
                                                   _claim_text("B", "==", bound, "A", params), params)
    r = Reading(reading, f"{m.label()}(M) = {bound} with ε = {g.label()}(M) on the listed family"
                + scope_clause(families, params), _typed(check, params),
                tuple(with_params(fam, params) for fam in families), form=form, notes=notes, hypotheses=hypotheses,
                open_search=False, **reading_kwargs(expected, finding, why))
    return Claim(id, title or f"{bound} is attained", source, quote or r.statement, "tightness", [r])


def non_implication_claim(id: str, *, given: str | Notion, measure: str | Notion, bound: str = "oo",
                          families: Sequence[Family], title: str = "", source: str = "", quote: str = "",
                          params: Sequence[Param] = (), reading: str = "witness",
                          expected: Verdict | str | None = None, finding: Finding | str | None = None, why: str = "",
                          notes: str = "") -> Claim:
    """"``given`` does not imply ``measure`` ≤ bound": there is an instance with finite given(M) and
    measure(M) > bound(given(M)) (default bound ∞: measure(M) infinite).  An "exists" reading: one exact
    witness among the families shows it; only an exhaustive family without a witness refutes it."""
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import value_to_sympy

    g, m = as_notion(given), as_notion(measure)
    f = _bound(bound, params)

    def check(inst):
        a, b = g(inst), m(inst)
        if a.value is None or b.value is None:
            return Outcome(Decision.undecided("non-implication", "a value is only enclosed"), {"A": a, "B": b})
        av = value_to_sympy(a.value)
        if av == sympy.oo:
            return Outcome(Decision.false("non-implication", f"{g.label()} is infinite: not a witness"),
                           {"A": a, "B": b})
        return name_values(Outcome(compare(b.value, ">", f(av, inst.params)), {"A": a, "B": b}),
                           {"A": value_label(g), "B": value_label(m)})

    r = Reading(reading, f"some instance has finite {g.label()} = ε and {m.label()} > {bound}", _typed(check, params),
                tuple(with_params(fam, params) for fam in families), notes=notes, quantifier="exists",
                relations=_relation(g, m, bound, f.expr, kind="non-implication"),
                **reading_kwargs(expected, finding, why))
    return Claim(id, title or f"{g.label()} does not imply {m.label()}", source, quote or r.statement,
                 "non-implication", [r])


def inequality_claim(id: str, statement: str = "", *, domain: str = "[0, oo)", title: str = "", source: str = "",
                     quote: str = "", reading: str = "all-eps", seconds: float | None = None,
                     expected: Verdict | str | None = None, finding: Finding | str | None = None, why: str = "",
                     notes: str = "", measure: str | Notion | None = None, op: str = "<=", bound: str = "",
                     families: Sequence[Family] = (), params: Sequence[Param] = (),
                     hypotheses: Sequence[Hypothesis] = ()) -> Claim:
    """"``statement`` holds for every ε in ``domain``", e.g. ``"log(2*cosh(eps)-1) <= eps**2"``: PROVED or
    REFUTED by the certifier (:func:`exactpriv.certify.prove`), UNDECIDED with its reason otherwise (the effort in
    force decides; ``seconds`` is an optional time limit, a safety net: a proof it stops is STOPPED).

    Over symbolic families: ``inequality_claim(id, measure="kl_dp", bound="eps*tanh(eps/2)",
    families=[symbolic_family(...)])`` states "measure(M(ε)) ``op`` bound(ε) for every member M(ε)", with ``eps``
    the family's own symbol (not a notion's value: compare :func:`implication_claim`), other symbols declared
    :class:`Param` s.  Each family is decided for every ε of its domain by its closed forms and the certifier
    (``seconds`` per family); ``domain`` is then unused (each family declares its own).
    """
    if measure is not None:
        return _family_inequality(id, measure=measure, op=op, bound=bound, families=families, params=params,
                                  hypotheses=hypotheses, title=title, source=source, quote=quote, reading=reading,
                                  seconds=seconds, expected=expected, finding=finding, why=why, notes=notes)
    if not statement:
        raise InvalidArgument(f"inequality_claim {id!r}: give a statement in eps, or measure=, bound= and families=")
    if families or bound or params:
        raise InvalidArgument(f"inequality_claim {id!r}: families=, bound= and params= go with measure=")
    from exactpriv.certify import prove as certify_prove
    from exactpriv.exact.expressions import parse_inequality, parse_interval

    parse_inequality(statement)  # a bad statement fails when the claim is built, not when it is checked
    parse_interval(domain, name="domain")

    def prove():
        res = certify_prove(statement, domain=domain, seconds=seconds)
        data = {"method": res.method, "point": str(res.point) if res.point is not None else None}
        if res.verdict == "PROVED":
            return Decision.true("certifier", f"{statement} on {domain} ({res.method})", certificate=data)
        if res.verdict == "REFUTED":
            return Decision.false("certifier", f"fails at eps = {res.point}", certificate=data)
        return Decision.undecided("certifier", res.reason or "the certifier could not decide it")  # (a STOPPED
        # proof was noted as a stop: the reading is STOPPED, see exactpriv.claims.check)

    r = Reading(reading, f"{statement} for every ε in {domain}", prove=prove, notes=notes,
                **reading_kwargs(expected, finding, why))
    return Claim(id, title or statement, source, quote or r.statement, "inequality", [r])


def _family_inequality(id, *, measure, op, bound, families, params, hypotheses, title, source, quote, reading,
                       seconds, expected, finding, why, notes) -> Claim:
    """:func:`inequality_claim` over symbolic families: measure(M(ε)) op bound(ε), ε the family's symbol."""
    from exactpriv.exact.kernel import compare

    if op not in ("<=", "<", ">=", ">", "=="):
        raise InvalidArgument(f"inequality_claim {id!r}: op={op!r} must be one of '<=', '<', '>=', '>', '=='")
    if not families:
        raise InvalidArgument(f"inequality_claim {id!r}: measure= needs families= (symbolic families in eps)")
    if not bound:
        raise InvalidArgument(f"inequality_claim {id!r}: measure= needs bound= (an expression in eps)")
    m = as_notion(measure)
    f = _bound(bound, params)

    def numeric(inst: Instance) -> Outcome:
        at = inst.extra.get("at_eps", inst.params.get("eps"))
        if at is None:
            return Outcome(Decision.undecided("scope", f"{inst.label!r} is not a member of a family in eps (no "
                                                       f"value of eps to evaluate the bound at)"))
        b = m(inst)
        target = f(sympy.sympify(at), inst.params)
        names = {"B": value_label(m), "bound": f"{bound} at eps = {at}"}
        if b.value is None:
            return name_values(Outcome(Decision.undecided("enclosure", f"{m.label()} is only enclosed"), {"B": b}),
                               names)
        return name_values(Outcome(compare(b.value, op, target), {"B": b, "bound": target}), names,
                           ("B", op, "bound"))

    def check(inst: Instance) -> Outcome:
        if is_symbolic_instance(inst):
            return family_outcome(inst, m, op, lambda e: f(e, inst.params), numeric, seconds=seconds,
                                  statement=f"{m.label()}(M(eps)) {op} {bound}", bound_text=bound)[0]
        return numeric(inst)

    form = None if hypotheses else family_form(families, {"B": m}, _claim_text("B", op, bound, None, params),
                                                   params)
    r = Reading(reading, f"{m.label()}(M(ε)) {op} {bound} for every member M(ε)" + scope_clause(families, params),
                _typed(check, params),
                tuple(with_params(fam, params) for fam in families), notes=notes, hypotheses=hypotheses,
                open_search=False,
                form=form or listed_inequality_form(m, op, bound, families=families, params=params,
                                                    hypotheses=hypotheses),
                **reading_kwargs(expected, finding, why))
    return Claim(id, title or f"{m.label()} {op} {bound}", source, quote or r.statement, "inequality", [r])


def all_symbolic(families: Sequence[Family]) -> bool:
    """Every family is a list of symbolic families (then a reading is about them only)."""
    return bool(families) and all(getattr(fam, "symbolic", False) for fam in families)


def scope_clause(families: Sequence[Family], params: Sequence[Param]) -> str:
    """The scope clause of a reading's statement: which families, which parameter grids."""
    out = ""
    if all_symbolic(families):
        names = ", ".join(fam.description or fam.name for fam in families)
        out += f", for every member of the symbolic families {names} (each for all ε in its declared domain)"
    if params:
        out += f", for {', '.join(p.name for p in params)} in the declared grids"
    return out
