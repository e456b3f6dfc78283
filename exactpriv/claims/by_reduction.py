"""Readings proved "by reduction": the claim forms' link to :mod:`exactpriv.reductions`.

An implication "α-A ⇒ f(α)-B" whose given notion has an extremal family and whose measured notion is a
maximum over neighbouring pairs of a divergence monotone under post-processing is proved for EVERY mechanism
by :func:`exactpriv.reductions.prove_by_reduction` — the user writes nothing new: :func:`implication_claim
<exactpriv.claims.declare.implication_claim>` attaches :func:`reduction_prove` to its reading when
:func:`reducible` says the notions admit it.  The bank adds readings of its own with :func:`reduction_reading`
beside the CHECKED ones (the paper's reading stays as it is).

Every such reading's instance check also *confirms* the dominance on the instance (:func:`confirming`): the
post-processing kernel of each neighbouring pair (or of the instance's pair (P, Q)) is constructed exactly and
checked to be a non-negative stochastic matrix reproducing the pair; a failure raises (a bug), never refutes.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

import sympy

from exactpriv.claims.model import Instance, Outcome, Reading
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS

__all__ = ["confirm_approx", "confirming", "reducible", "reduction_prove", "reduction_reading"]


def _measure_spec(measure) -> tuple[str, dict, str | None]:
    return measure.name, dict(measure.params), measure.at


def reducible(given, measure) -> str | None:
    """None when the two :class:`~exactpriv.claims.declare.Notion` s admit a reduction, else the reason."""
    from exactpriv.reductions.prover import reduction_obstacle

    if given.on is not None:
        return "the given notion is measured on an operator's output (on=...), not on the mechanism itself"
    if measure.on is not None and not getattr(measure.on, "post_processing", False):
        return ("the measured notion is taken on an operator's output (on=...) other than a post-processing K∘M: "
                "no data-processing step applies")
    name, params, at = _measure_spec(measure)
    return reduction_obstacle(given.name, dict(given.params), name, params, at, given_at=given.at)


def _points(params: Sequence[Any]) -> list[dict]:
    names = [p.name for p in params]
    return [dict(zip(names, pt)) for pt in itertools.product(*(p.values for p in params))] or [{}]


def reduction_prove(given, measure, bound: Callable[[Any, Mapping], Any], params: Sequence[Any] = (), *,
                    seconds: float = 10.0) -> Callable[[], Decision]:
    """A reading's ``prove``: the reduction at every parameter point of the grid (each a univariate proof in ε).

    ``bound(eps, point)`` is the stated f; notion parameters naming a :class:`Param` (or expressions of them)
    take the point's value.  TRUE only when every point is proved; otherwise UNDECIDED with the missing link of
    the first failure.  A given δ at a fixed ε (``Notion("approx_dp", at="delta", eps=...)``, ``tv_dp``) is
    reduced to the (ε, δ) extremal pair with the family proof in δ (:mod:`exactpriv.reductions.approx`).
    """
    from exactpriv.errors import ExactPrivError
    from exactpriv.reductions import prove_by_reduction
    from exactpriv.reductions.approx import resolve

    # a post-processing on the measured side (an ``on`` marked ``post_processing``, admitted by reducible()):
    # every pair of K∘M is a post-processing of M's pair, so the divergence only decreases (one more data-processing
    # step) and the chain for M bounds K∘M too
    post = measure.on is not None

    def prove() -> Decision:
        parts, texts = [], []
        for point in _points(params):
            try:
                mparams, gparams = resolve(measure.params, point), resolve(given.params, point)
            except ExactPrivError as exc:
                return Decision.undecided("reduction", f"no proof by reduction at {point}: {exc}")
            f = sympy.sympify(bound(EPS, point))
            red = prove_by_reduction(given.name, measure.name, f, measure_params=mparams, at=measure.at,
                                     given_params=gparams, given_at=given.at, seconds=seconds)
            where = f" at {point}" if point else ""
            if not red.proved:
                return Decision.undecided("reduction", f"no proof by reduction{where}: {red.missing}")
            parts.append({"point": {k: str(v) for k, v in point.items()}, **red.certificate()})
            texts.append(red.proof_text() + where)
        cert = parts[0] if len(parts) == 1 else {"kind": "all", "parts": parts}
        lead = "for every mechanism, by reduction: "
        if post:
            theorem = _data_processing(measure.name)
            step = (f"{measure.label()}(K∘M) ≤ {measure.label()}(M) for every post-processing kernel K: each pair "
                    f"of K∘M is a post-processing of the same pair of M [{theorem}]")
            cert = {**cert, "post_processing": {"theorem": theorem, "text": step}}
            lead = f"for every mechanism M and every post-processing K, by reduction: {step}; "
        return Decision.true("reduction", lead + " | ".join(texts), certificate=cert)

    return prove


def _data_processing(measure: str) -> str:
    """The data-processing meta-theorem of a reducible measured notion."""
    from exactpriv.reductions.notions import PAIRWISE

    return PAIRWISE[measure].theorem if measure in PAIRWISE else "data-processing-f"


def _pair_rows(inst: Instance):
    P, Q = inst.params.get("P"), inst.params.get("Q")
    return (P, Q) if P is not None and Q is not None else None


def _confirm_rr(inst: Instance) -> dict:
    from exactpriv.reductions import dominance

    pair = _pair_rows(inst)
    if pair is not None:
        P, Q = (tuple(pair[0]), tuple(pair[1]))
        a, b = dominance.max_ratio(P, Q), dominance.max_ratio(Q, P)
        g = dominance.INFINITY if dominance.INFINITY in (a, b) else max(a, b)
        K = dominance.rr_kernel(P, Q, g)
        summary = dominance.check_kernel(K, dominance.rr_pair(g), (P, Q))
        return {**summary, "pairs": 1, "checked": 1, "exp_eps": str(g)}
    if inst.mechanism is not None:
        return dominance.confirm_rr_dominance(inst.mechanism)
    return {"skipped": "no mechanism or pair on this instance"}


def confirm_given(given) -> Callable[[Instance], dict] | None:
    """The instance confirmation that fits the given notion: ``rr-dominance`` for ε-DP (None: the default), and
    ``approx-dominance`` at the given ε (tv_dp: ε = 0), resolved on the instance's parameters, for a given δ.
    Kernels are built at a rational e^ε only; otherwise the summary says it was skipped and why."""
    from exactpriv.reductions.approx import APPROX_GIVEN, resolve

    if given.name not in APPROX_GIVEN:
        return None

    def confirm(inst: Instance) -> dict:
        if given.at == "epsilon":  # the kernels at the instance's own tightest ε at the fixed δ
            return _confirm_at_own_eps(given, inst)
        level = sympy.Integer(0) if given.name == "tv_dp" else \
            sympy.sympify(resolve(given.params, inst.params)["eps"])
        g = sympy.exp(level)
        if not g.is_Rational:
            return {"theorem": "approx-dominance", "skipped": f"e^eps = {g} is irrational: the kernels are built "
                                                              f"exactly at a rational e^eps only"}
        return confirm_approx([Fraction(int(g.p), int(g.q))])(inst)

    return confirm


def _confirm_at_own_eps(given, inst: Instance) -> dict:
    """``approx-dominance`` kernels of every neighbouring pair at (ε_M, δ₀), ε_M the instance's tightest ε at the
    given δ₀ (built when e^ε_M is rational or ∞)."""
    from exactpriv.measures.result import value_to_sympy
    from exactpriv.reductions import dominance
    from exactpriv.reductions.approx import resolve

    if inst.mechanism is None:
        return {"skipped": "no mechanism on this instance"}
    delta = resolve(given.params, inst.params)["delta"]
    level = value_to_sympy(given(inst).value)
    if level == sympy.oo:  # the pair at ε = ∞ has disjoint supports: it dominates every pair, nothing to build
        return {"theorem": "approx-dominance", "skipped": "eps = oo at this delta: every pair is a post-processing of "
                                                          "two disjoint distributions (no kernel to confirm)"}
    g = sympy.simplify(sympy.exp(level))
    if not g.is_Rational:
        return {"theorem": "approx-dominance", "skipped": f"e^eps = {g} is irrational: the kernels are built "
                                                          f"exactly at a rational e^eps only"}
    return dominance.confirm_approx_dominance(inst.mechanism, Fraction(int(g.p), int(g.q)), delta=delta)


def confirm_approx(levels: Sequence[Any]) -> Callable[[Instance], dict]:
    """An instance confirmation of ``approx-dominance`` at each γ = e^ε of ``levels`` (δ: the instance's own
    tightest δ at γ): for a pair instance the pair, for a mechanism every neighbouring pair."""
    from exactpriv.reductions import dominance

    def confirm(inst: Instance) -> dict:
        pair = _pair_rows(inst)
        n = 0
        for g in levels:
            if pair is not None:
                P, Q = (tuple(pair[0]), tuple(pair[1]))
                d = max(dominance.hockey_stick(P, Q, g), dominance.hockey_stick(Q, P, g))
                dominance.check_kernel(dominance.extremal_kernel(P, Q, g, d), dominance.extremal_pair(g, d), (P, Q))
                n += 1
            elif inst.mechanism is not None:
                out = dominance.confirm_approx_dominance(inst.mechanism, g)
                if "skipped" in out:
                    return out
                n += out["checked"]
        return {"theorem": "approx-dominance", "checked": n, "levels": [str(g) for g in levels]}

    return confirm


def confirming(check: Callable[[Instance], Any], *,
               confirm: Callable[[Instance], dict] | None = None) -> Callable[[Instance], Outcome]:
    """``check`` plus the exact confirmation of the dominance kernels on the instance (module head).

    ``confirm`` (default: ``rr-dominance`` at the instance's own level — on a mechanism every neighbouring
    pair, on a pair instance (params P, Q) the pair) returns a summary, added to the outcome's values under
    ``"dominance"``; a failed kernel raises :class:`~exactpriv.reductions.DominanceError`.
    """
    from exactpriv.claims.check import as_outcome

    confirm = confirm or _confirm_rr

    def run(inst: Instance) -> Outcome:
        out = as_outcome(check(inst))
        out.values["dominance"] = confirm(inst)
        return out

    return run


def reduction_reading(name: str, *, given: str, measure: str, bound, families, check, statement: str,
                      measure_params: Mapping | None = None, at: str | None = None, notes: str = "",
                      seconds: float = 10.0, prove: Callable[[], Decision] | None = None,
                      confirm: Callable[[Instance], dict] | None = None, **kw) -> Reading:
    """A bank reading "… for every mechanism (by reduction)": ``prove`` is the reduction of ``given`` ⇒
    ``measure`` ≤ ``bound`` (a sympy expression in ``eps``) by :func:`~exactpriv.reductions.prove_by_reduction`
    unless a ``prove`` assembled elsewhere is given (:func:`~exactpriv.reductions.assemble_reduction`);
    ``check`` is the paper reading's own instance check wrapped by :func:`confirming` (so the listed instances
    are still checked, and each dominance kernel confirmed; ``confirm`` as there)."""
    from exactpriv.claims.verdicts import Verdict
    from exactpriv.reductions import prove_by_reduction

    def by_prover() -> Decision:
        return prove_by_reduction(given, measure, bound, measure_params=measure_params, at=at,
                                  seconds=seconds).decision

    kw.setdefault("expected", Verdict.PROVED)
    if prove is None and at is None and given == "pure_dp" and "form" not in kw:
        kw["form"] = _reduction_form(measure, bound, measure_params)
    return Reading(name, statement, confirming(check, confirm=confirm), tuple(families), prove=prove or by_prover,
                   notes=notes, **kw)


def _reduction_form(measure: str, bound, measure_params: Mapping | None) -> dict | None:
    """The statement a reduction from ε-DP proves, as data (docs/certificates.md): measure(M) ≤ bound(pure_dp(M))
    for every mechanism — None when the bound or a parameter cannot be written in the checker's grammar."""
    import sympy

    from exactpriv.certify.checker_format import grammar_text
    from exactpriv.exact.numbers import EPS

    spec = {"notion": measure}
    for k, v in (measure_params or {}).items():
        if isinstance(v, bool) or grammar_text(v) is None:
            return None
        spec[k] = grammar_text(v)
    text = grammar_text(sympy.sympify(bound).xreplace({EPS: sympy.Symbol("A")}))
    if text is None:
        return None
    return {"quantifier": "forall-instances", "measures": {"A": {"notion": "pure_dp"}, "B": spec},
            "claim": f"B <= {text}"}
