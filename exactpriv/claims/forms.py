"""Declarative claim forms: the checks most readings are made of.

* :func:`implication` — "α-A ⇒ f(α)-B" checked as B(M) ≤ f(A(M)) at the tightest A(M);
* :func:`equality` — two exact values are equal (tightness witnesses, identities);
* :func:`name_values` — what an outcome's values are ("B" is kl_dp(M), "bound" is ε²/3 at ε = pure_dp(M)) and
  which comparison of them the decision is about, recorded where the values are computed so that a witness
  reads "kl_dp(M) > ε²/3 at ε = pure_dp(M)" and not "B = …".
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from exactpriv.claims.model import Instance, Outcome
from exactpriv.exact.decisions import Decision

__all__ = ["NAMES_KEY", "RELATION_KEY", "equality", "implication", "name_values", "shown_relation", "value_label"]

#: The outcome value that names the other values (``{"B": "kl_dp(M)", "bound": "eps**2/3 at ε = pure_dp(M)"}``).
NAMES_KEY = "names"
#: The outcome value ``[left key, op, right key]``: the comparison of two named values the decision is about.
RELATION_KEY = "relation"

_OPS = ("<=", "<", ">=", ">", "==")


def name_values(outcome: Outcome, names: Mapping[str, str], relation: tuple[str, str, str] | None = None) -> Outcome:
    """``outcome`` with its values named: ``names`` maps a value key to what the value is, in the statement's
    words (only keys the outcome has are kept); ``relation`` = (left key, op, right key) is the comparison the
    decision decides (a FALSE decision shows its negation).  Stored as the values ``"names"`` and
    ``"relation"`` (plain text, so witness documents carry them); returns the same outcome."""
    kept = {k: str(v) for k, v in names.items() if k in outcome.values}
    if kept:
        outcome.values[NAMES_KEY] = kept
    if relation is not None:
        left, op, right = relation
        if op in _OPS and left in outcome.values and right in outcome.values:
            outcome.values[RELATION_KEY] = [left, op, right]
    return outcome


#: What a FALSE decision of a relation shows.
_NEGATION = {"<=": ">", "<": "≥", ">=": "<", ">": "≤", "==": "≠"}


def shown_relation(values: Mapping[str, Any]) -> tuple[str, str, str, str, str] | None:
    """What a refuting witness's recorded relation shows, from its values (in memory or as JSON):
    ``(left name, negated sign, right name, left key, right key)``, e.g. ``("kl_dp(M)", ">", "eps**2/3 at ε =
    pure_dp(M)", "B", "bound")``; None when no relation of two named values is recorded or the recorded decision
    is not FALSE (a witness document without one is a refutation's)."""
    rel, names = values.get(RELATION_KEY), values.get(NAMES_KEY)
    if not (isinstance(rel, (list, tuple)) and len(rel) == 3 and rel[1] in _NEGATION
            and all(isinstance(k, str) for k in rel)):
        return None
    decision = values.get("decision")
    truth = decision.get("truth") if isinstance(decision, Mapping) else getattr(decision, "truth", None)
    if decision is not None and getattr(truth, "value", truth) != "FALSE":
        return None
    names = names if isinstance(names, Mapping) else {}
    left, op, right = rel
    return str(names.get(left, left)), _NEGATION[op], str(names.get(right, right)), left, right


def implication(given: Callable[[Instance], Any], measure: Callable[[Instance], Any],
                bound: Callable[[Any], Any], *, max_prec: int = 2048,
                monotone: bool = True, names: Mapping[str, str] | None = None) -> Callable[[Instance], Outcome]:
    """Check "alpha-A => f(alpha)-B" on an instance as B(M) <= f(A(M)), f non-decreasing.

    ``given`` and ``measure`` map an instance to a :class:`~exactpriv.measures.result.Measured`
    (tightest A and B); ``bound`` maps an exact value (sympy expression) to the stated f of
    it (a sympy expression; ``oo`` allowed).  When A or B is only enclosed, the monotonicity
    of f gives: B.upper <= f(A.lower) proves, B.lower > f(A.upper) refutes.  Pass
    ``monotone=False`` when f is not known to be non-decreasing: then only exact A values
    are used and an enclosed A gives UNDECIDED.  ``names`` names the values "A", "B", "bound" in the
    statement's words (default: the notions' labels, ``kl_dp(M)``); see :func:`name_values`.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import value_to_sympy

    named = {"A": value_label(given, "A"), "B": value_label(measure, "B"), "bound": f"the bound at ε = {value_label(given, 'A')}",
             **(names or {})}

    def check(inst: Instance) -> Outcome:
        return name_values(_check(inst), named, ("B", "<=", "bound"))

    def _check(inst: Instance) -> Outcome:
        a = given(inst)
        b = measure(inst)
        values = {"A": a, "B": b}
        if a.value is not None and b.value is not None:
            fa = bound(value_to_sympy(a.value))
            values["bound"] = fa
            return Outcome(compare(b.value, "<=", fa, max_prec=max_prec), values)
        if not monotone and a.value is None:
            return Outcome(Decision.undecided("enclosure", "A is only enclosed and the bound f is not known "
                                                           "to be non-decreasing"), values)
        # enclosure logic with monotone f
        f_lo = bound(value_to_sympy(a.lower)) if a.lower is not None else None
        f_hi = bound(value_to_sympy(a.upper)) if a.upper is not None else None
        values["bound_lower"], values["bound_upper"] = f_lo, f_hi
        if b.upper is not None and f_lo is not None:
            d = compare(b.upper, "<=", f_lo, max_prec=max_prec)
            if d.is_true:
                return Outcome(Decision.true("enclosure", "B.upper <= f(A.lower)", certificate=d.certificate), values)
        if b.lower is not None and f_hi is not None:
            d = compare(b.lower, ">", f_hi, max_prec=max_prec)
            if d.is_true:
                return Outcome(Decision.false("enclosure", "B.lower > f(A.upper)", certificate=d.certificate), values)
        return Outcome(Decision.undecided("enclosure", "enclosures of A and B too wide to decide B <= f(A)"), values)

    return check


def equality(lhs: Callable[[Instance], Any], rhs: Callable[[Instance], Any], *,
             max_prec: int = 2048, names: Mapping[str, str] | None = None) -> Callable[[Instance], Outcome]:
    """Check lhs(instance) == rhs(instance) exactly (for tightness witnesses and identities).

    Each side returns an exact value (Fraction, LogForm, sympy) or a Measured with an exact value.
    ``names`` names the values "lhs" and "rhs" (default: a notion's label, ``kl_dp(M)``); see
    :func:`name_values`.
    """
    from exactpriv.exact.kernel import compare
    from exactpriv.measures.result import Measured

    named = {"lhs": value_label(lhs, "lhs"), "rhs": value_label(rhs, "rhs"), **(names or {})}

    def check(inst: Instance) -> Outcome:
        return name_values(_check(inst), named, ("lhs", "==", "rhs"))

    def _check(inst: Instance) -> Outcome:
        a, b = lhs(inst), rhs(inst)
        av = a.value if isinstance(a, Measured) else a
        bv = b.value if isinstance(b, Measured) else b
        if av is None or bv is None:
            return Outcome(Decision.undecided("equality", "a side has no exact value"), {"lhs": a, "rhs": b})
        return Outcome(compare(av, "==", bv, max_prec=max_prec), {"lhs": a, "rhs": b})

    return check


def value_label(fn, default: str = "the value") -> str:
    """A notion's value on the instance's mechanism (``kl_dp(M)``, ``pure_dp(k_fold(M, k))`` under an operator),
    else ``default``."""
    label = getattr(fn, "label", None)
    if not callable(label):
        return default
    try:
        text = label()
    except Exception:  # noqa: BLE001 - a callable whose label needs arguments: keep the key
        return default
    on_form = getattr(fn, "on_form", None)
    if on_form:
        op, arg = next(iter(on_form.items()))
        mechanism = f"{op}(M, {arg})" if isinstance(arg, (str, int)) else f"{op}(M)"
    else:
        mechanism = "M" if getattr(fn, "on", None) is None else "operator(M)"
    return f"{text}({mechanism})"
