"""Conversions between exactpriv's exact objects and the `dit` library's distributions.

``to_dit(M, prior)`` is the joint distribution of (X, Y) — X drawn from ``prior`` (uniform by default), Y from
``M``'s row at X — as a ``dit.Distribution`` with *exact* ``sympy.Rational`` probabilities, so dit's own exact
functions (entropy, mutual information, divergences in bits) apply to it.  ``from_dit(d, inputs)`` reads such a
joint distribution back: the mechanism is the conditional W(y|x) = p(x, y)/p(x), the prior the marginal of X.

dit turns a ``Fraction`` into a float without a word; here a float probability is refused (a typed error), never
rounded: an exact check must not start from a float.  dit is an optional dependency (the test extra installs it);
these functions import it when called.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.mechanisms import AnyMechanism, Mechanism, ProductMechanism
from exactpriv.spaces import Space

__all__ = ["from_dit", "to_dit"]


def _dit() -> Any:
    try:
        import dit
    except ImportError as exc:  # an optional dependency: say how to get it
        raise InvalidArgument("to_dit/from_dit need the dit package: pip install dit") from exc
    return dit


def _rational(p: Any, where: str) -> sympy.Rational:
    if isinstance(p, Fraction):
        return sympy.Rational(p.numerator, p.denominator)
    if isinstance(p, int) and not isinstance(p, bool):
        return sympy.Integer(p)
    if isinstance(p, sympy.Basic) and p.is_Rational:
        return sympy.Rational(p)
    raise InvalidArgument(f"{where} = {p!r} of type {type(p).__name__} is not an exact rational probability "
                          "(a float or symbolic entry cannot be converted exactly)")


def to_dit(M: AnyMechanism, prior: Prior | None = None) -> Any:
    """The joint distribution of (X, Y) as a ``dit.Distribution`` with exact ``sympy.Rational`` probabilities.

    Outcomes are pairs ``(x, y)``: ``x`` a point of ``M.inputs`` (its space's own form: a tuple for
    :class:`~exactpriv.spaces.Hamming`, a frozenset for ``Subsets``), ``y`` an output of ``M``; pairs of
    probability zero are left out.  ``prior`` defaults to the uniform prior on ``M.inputs``.  A product
    mechanism is expanded first (with its usual size check); symbolic entries (in ``eps``) are refused.
    """
    if not isinstance(M, (Mechanism, ProductMechanism)):
        raise InvalidArgument(f"M={M!r} of type {type(M).__name__} must be an exactpriv Mechanism")
    flat = M.expand() if isinstance(M, ProductMechanism) else M
    if prior is None:
        prior = Prior.uniform(flat.inputs)
    elif not isinstance(prior, Prior) or prior.space != flat.inputs:
        raise InvalidArgument(f"prior={prior!r} must be a Prior on the mechanism's input space {flat.inputs!r}")
    dit = _dit()
    outcomes, probs = [], []
    for i, (x, row) in enumerate(zip(flat.inputs.points, flat.rows)):
        px = _rational(prior.pmf[i], f"prior.pmf[{i}]")
        for j, (y, w) in enumerate(zip(flat.outputs, row)):
            p = px * _rational(w, f"M[{i}][{j}]")
            if p:
                outcomes.append((x, y))
                probs.append(p)
    return dit.Distribution(outcomes, probs)


def from_dit(d: Any, inputs: Space, *, name: str | None = None) -> tuple[Mechanism, Prior]:
    """The mechanism W(y|x) = p(x, y)/p(x) and the prior p(x) of a joint ``dit.Distribution`` of (X, Y).

    ``d``'s outcomes are pairs ``(x, y)`` with ``x`` a point of ``inputs`` (as :func:`to_dit` writes them) and
    its probabilities exact (``sympy.Rational``, ``Fraction`` or int); every point of ``inputs`` needs positive
    probability (otherwise its row is undefined).  Outputs are listed in the order they first occur.
    """
    if not isinstance(inputs, Space):
        raise InvalidArgument(f"inputs={inputs!r} of type {type(inputs).__name__} must be an exactpriv Space")
    if not hasattr(d, "outcomes") or not hasattr(d, "pmf"):
        raise InvalidArgument(f"d={d!r} of type {type(d).__name__} must be a dit.Distribution")
    joint: dict[tuple[int, Any], sympy.Rational] = {}
    outputs: list[Any] = []
    for k, (outcome, p) in enumerate(zip(d.outcomes, d.pmf)):
        if not isinstance(outcome, tuple) or len(outcome) != 2:
            raise InvalidArgument(f"outcome {outcome!r} of d must be a pair (x, y)")
        x, y = outcome
        try:
            i = inputs.index(x)
        except Exception as exc:
            raise InvalidArgument(f"outcome {outcome!r}: x = {x!r} is not a point of {inputs!r}") from exc
        if y not in outputs:
            outputs.append(y)
        joint[(i, y)] = joint.get((i, y), sympy.Integer(0)) + _rational(p, f"probability of outcome {outcome!r}")
    marginal = [sum((joint.get((i, y), sympy.Integer(0)) for y in outputs), sympy.Integer(0))
                for i in range(inputs.size)]
    for i, px in enumerate(marginal):
        if px == 0:
            raise InvalidArgument(f"x = {inputs.points[i]!r} has probability 0 in d: its row W(.|x) is undefined")
    rows = [[joint.get((i, y), sympy.Integer(0)) / marginal[i] for y in outputs] for i in range(inputs.size)]
    return Mechanism(inputs, outputs, rows, name=name), Prior(inputs, marginal)
