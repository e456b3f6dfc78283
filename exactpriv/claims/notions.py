"""Notions a claim measures: a registry name with parameters, an operator, an approx-DP view.

:class:`Notion` is what the declarative forms (:mod:`exactpriv.claims.declare`) and the family proofs
(:mod:`exactpriv.claims.symbolic`) evaluate on an instance: ``Notion("renyi_dp", alpha="alpha")`` takes its order
from the instance's parameter ``alpha``; string parameters are expressions of the instance's parameters and of
``eps`` (``Notion("approx_dp", at="delta", eps="eps/2")``: δ at ε' = ε/2 on a family in ε).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping

import sympy

from exactpriv.claims.model import Instance
from exactpriv.errors import ExactPrivError, InvalidArgument, did_you_mean
from exactpriv.exact.numbers import EPS

__all__ = ["Notion"]


@dataclass(frozen=True)
class Notion:
    """A registered notion with parameters: what a claim measures.

    name : a registry name (``pure_dp``, ``renyi_dp``, ``approx_dp``, ``zcdp`` …)
    params : keyword parameters of the measure; a string value is an expression of the claim's
        :class:`Param` s (``alpha="alpha"``, ``alpha="alpha/2"``, ``delta="q*delta"``) and, on a symbolic
        family, of its symbol ``eps`` (``eps="eps/2"``: "at ε' = ε/2"); a number is used as it is
    at : for ``approx_dp`` only: "epsilon" (the tightest ε at ``delta=``) or "delta" (δ at ``eps=``, also
        spelled ``epsilon=``)
    on : instance -> mechanism to measure (default: the instance's mechanism), e.g. an operator
    on_form : the operator ``on`` as data for the independent checker (docs/certificates.md, "Operators"):
        ``{"k_fold": "k"}``, ``{"group": "k"}``, ``{"subsample": "q"}``, ``{"post_process": [[...], ...]}``;
        it must state exactly what ``on`` computes (a reading whose operator has none stays custom code)

    Example: ``Notion("approx_dp", at="delta", eps="k*eps")`` is δ(ε') at ε' = k·ε, with ``k`` a Param.
    """

    name: str
    params: Mapping[str, Any] = field(default_factory=dict)
    at: str | None = None
    on: Callable[[Instance], Any] | None = None
    on_form: Mapping[str, Any] | None = None

    def __init__(self, name: str, *, at: str | None = None, on=None, on_form: Mapping[str, Any] | None = None,
                 **params):
        from exactpriv.measures import REGISTRY

        if name not in REGISTRY:
            hint = did_you_mean(name, REGISTRY)
            raise InvalidArgument(f"unknown notion {name!r}; " + (hint or f"known: {', '.join(REGISTRY)}"))
        if at is not None and (name != "approx_dp" or at not in ("epsilon", "delta")):
            raise InvalidArgument(f"Notion {name!r}: at={at!r} is only for approx_dp ('epsilon' or 'delta')")
        if name == "approx_dp" and at is None:
            raise InvalidArgument("Notion('approx_dp') needs at='epsilon' (with delta=...) or at='delta' "
                                  "(with eps=...)")
        if name == "approx_dp" and at == "delta" and "epsilon" in params and "eps" not in params:
            params["eps"] = params.pop("epsilon")
        if name == "approx_dp":
            need = "eps" if at == "delta" else "delta"
            if need not in params:
                raise InvalidArgument(f"Notion('approx_dp', at={at!r}) needs {need}=... (the "
                                      f"{'ε at which δ is taken' if at == 'delta' else 'δ at which ε is taken'}); "
                                      f"got {sorted(params) or 'no parameters'}")
            extra = set(params) - {need}
            if extra:
                raise InvalidArgument(f"Notion('approx_dp', at={at!r}) takes only {need}=...; got also {sorted(extra)}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "params", dict(params))
        object.__setattr__(self, "at", at)
        object.__setattr__(self, "on", on)
        object.__setattr__(self, "on_form", dict(on_form) if on_form is not None else None)

    def label(self) -> str:
        ps = ", ".join(f"{k}={v}" for k, v in self.params.items())
        core = f"{self.name}({ps})" if ps else self.name
        return f"{core}.{self.at}" if self.at else core

    def _resolve(self, inst: Instance, family=None) -> dict:
        """The notion's parameters on ``inst``: strings are expressions of the instance's parameters and of
        ``eps`` — the family's symbol ``family`` on a symbolic family, the member's point on a member
        (``extra["at_eps"]``), else an instance parameter ``eps``."""
        out = {}
        for k, v in self.params.items():
            out[k] = _param_value(self, k, v, inst, family) if isinstance(v, str) else v
        return out

    def __call__(self, inst: Instance):
        """The notion's value on ``inst`` (a Measured, or an exact value for approx_dp views)."""
        from exactpriv.measures import compute
        from exactpriv.measures.result import Measured

        M = self.on(inst) if self.on is not None else inst.mechanism
        params = self._resolve(inst)
        if self.name == "approx_dp":
            profile = compute("approx_dp", M).value
            if self.at == "epsilon":
                value = profile.epsilon(params["delta"])
            else:
                value = profile.delta(params["eps"])
            return Measured(self.label(), value, method="exact hockey-stick profile")
        return compute(self.name, M, prior=inst.prior, **params)


def _param_value(notion: "Notion", key: str, text: str, inst: Instance, family):
    """A string-valued notion parameter on ``inst`` (see :meth:`Notion._resolve`)."""
    from exactpriv.exact.expressions import parse_expression

    if text in inst.params:
        return inst.params[text]
    names = {n: sympy.Symbol(n, positive=True) for n in inst.params if isinstance(n, str) and n.isidentifier()}
    names.setdefault("eps", EPS)
    try:
        expr = parse_expression(text, symbols=names, name=f"{notion.label()} parameter {key}")
    except ExactPrivError as exc:
        raise InvalidArgument(f"notion {notion.label()}: parameter {key}={text!r} on instance {inst.label!r} names "
                              f"no parameter of the instance and is not an expression of them ({exc})") from None
    subs = {names[n]: sympy.sympify(inst.params[n]) for n in names if n in inst.params}
    if EPS in expr.free_symbols and "eps" not in inst.params:
        if family is not None:
            subs[EPS] = family
        elif "at_eps" in inst.extra:
            subs[EPS] = sympy.sympify(inst.extra["at_eps"])
    value = expr.xreplace(subs)
    left = value.free_symbols - ({family} if family is not None else set())
    if left:
        raise InvalidArgument(f"notion {notion.label()}: parameter {key}={text!r} on instance {inst.label!r} leaves "
                              f"{sorted(map(str, left))} undetermined (declare them as Params)")
    if not value.free_symbols and value.is_Rational:
        return Fraction(int(value.p), int(value.q)) if not value.is_Integer else int(value)
    return value


def as_notion(n) -> Notion:
    """``n`` (a Notion or a notion's name) as a :class:`Notion`; anything else refused."""
    if isinstance(n, Notion):
        return n
    if isinstance(n, str):
        return Notion(n)
    raise InvalidArgument(f"notion={n!r} must be a registry name or a Notion")
