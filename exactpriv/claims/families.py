"""Ready-made instance families for declaring claims: fixed lists, randomized response, seeded random mechanisms.

Every family is reproducible (fixed lists, or a seeded :class:`random.Random`) and exact (Fractions or sympy
entries); a random family's instances are drawn with integer weights normalised exactly, zeros allowed, so
boundary cases (zero-probability outputs) appear — pass ``zeros=False`` for positive mechanisms.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from exactpriv.claims.model import Family, Instance
from exactpriv.errors import InvalidArgument

if TYPE_CHECKING:
    from exactpriv.spaces import Space

__all__ = ["instances", "random_mechanisms", "randomized_responses"]


def instances(name: str, items: Iterable[Instance | Any], *, description: str = "",
              exhaustive: bool = False) -> Family:
    """A family from a fixed list of instances (mechanisms are wrapped as instances labelled by their repr)."""
    items = list(items)
    insts = [it if isinstance(it, Instance) else Instance(_label(it), mechanism=it) for it in items]
    return Family(name, lambda: iter(insts), description, exhaustive=exhaustive)


def _label(obj) -> str:
    text = repr(obj)
    return text if len(text) <= 80 else text[:77] + "..."


def randomized_responses(exp_eps: Sequence[Any], *, k: int = 2, name: str = "randomized-response") -> Family:
    """k-ary randomized response RR(ε) at each e^ε given (rational e^ε keeps every entry rational, so every
    notion is computed exactly; "3" means ε = ln 3)."""
    from exactpriv.mechanisms.zoo import randomized_response

    values = list(exp_eps)
    if not values:
        raise InvalidArgument("randomized_responses: give at least one e^eps value")
    insts = [Instance(f"RR(k={k}, e^eps={t})", mechanism=randomized_response(k, exp_eps=t)) for t in values]
    return Family(name, lambda: iter(insts), f"{k}-ary randomized response at e^eps in {values}")


def random_mechanisms(space: Space, *, outputs: int = 2, count: int = 20, seed: int = 0, zeros: bool = True,
                      max_weight: int = 8, priors: str | None = None, name: str | None = None) -> Family:
    """``count`` seeded random exact mechanisms on ``space`` with ``outputs`` outputs.

    priors : None (no prior), "uniform", or "random" (a seeded full-support random prior per instance)
    """
    from exactpriv.distributions import Prior
    from exactpriv.mechanisms.base import Mechanism

    for arg, v, lo in (("outputs", outputs, 1), ("count", count, 1), ("max_weight", max_weight, 1)):
        if not isinstance(v, int) or isinstance(v, bool) or v < lo:
            raise InvalidArgument(f"random_mechanisms: {arg}={v!r} must be an int >= {lo}")
    if priors not in (None, "uniform", "random"):
        raise InvalidArgument(f"random_mechanisms: priors={priors!r} must be None, 'uniform' or 'random'")

    def row(rng):
        lo = 0 if zeros else 1
        while True:
            w = [rng.randint(lo, max_weight) for _ in range(outputs)]
            if sum(w):
                return [Fraction(x, sum(w)) for x in w]

    def build():
        rng = random.Random(seed)
        outs = [f"y{j}" for j in range(outputs)]
        for i in range(count):
            M = Mechanism(space, outs, [row(rng) for _ in range(space.size)])
            P = None
            if priors == "uniform":
                P = Prior.uniform(space)
            elif priors == "random":
                w = [rng.randint(1, max_weight) for _ in range(space.size)]
                P = Prior(space, [Fraction(x, sum(w)) for x in w])
            yield Instance(f"random#{i} (seed {seed})", mechanism=M, prior=P)

    return Family(name or f"random-{outputs}-outputs-seed{seed}", build,
                  f"{count} seeded random mechanisms with {outputs} outputs")
