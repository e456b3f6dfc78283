"""Ready-made instance families for declaring claims: fixed lists, randomized response, seeded random mechanisms.

Every family is reproducible (fixed lists, or a seeded :class:`random.Random`) and exact (Fractions or sympy
entries); a random family's instances are drawn with integer weights normalised exactly, zeros allowed, so
boundary cases (zero-probability outputs) appear — pass ``zeros=False`` for positive mechanisms.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from exactpriv.claims.model import Family, Instance
from exactpriv.errors import InvalidArgument

if TYPE_CHECKING:
    from exactpriv.spaces import Space

__all__ = ["instances", "random_mechanisms", "randomized_responses", "symbolic_family"]


def instances(name: str, items: Iterable[Instance | Any], *, description: str = "",
              exhaustive: bool = False) -> Family:
    """A family from a fixed list of instances (mechanisms are wrapped as instances labelled by their repr)."""
    from exactpriv.claims.symbolic import is_symbolic_instance

    items = list(items)
    insts = [it if isinstance(it, Instance) else Instance(_label(it), mechanism=it) for it in items]
    symbolic = bool(insts) and all(is_symbolic_instance(i) for i in insts)
    return Family(name, lambda: iter(insts), description, exhaustive=exhaustive, symbolic=symbolic)


def symbolic_family(name: str, build: Any, *, over: Mapping[str, Sequence[Any]] | None = None,
                    domain: str = "[0, oo)", description: str = "") -> Family:
    """A family of symbolic mechanisms, each decided for every value of its one free symbol in ``domain``.

    build : a mechanism in one symbol (``randomized_response(3, eps=EPS)``), or, with ``over``, a function of
        the grid's keyword values returning one (``lambda k: randomized_response(k, eps=EPS)``)
    over : finite grids of the other parameters, e.g. ``{"k": range(2, 9)}``: one symbolic instance per point,
        labelled ``"<name>[k=2]"``, with the point in ``Instance.params`` (so bounds and notion parameters can
        use it); a proof covers every ε for each listed k, never other k
    domain : the interval of the symbol, e.g. "[0, oo)", "(0, 1)" (a proof covers exactly this domain)

    Readings declared over symbolic families state them for the independent checker as ``forall-family``
    statements listing each member's symbolic matrix (docs/certificates.md): nothing more to declare here.

    Example: ``symbolic_family("RR(k, ε)", lambda k: randomized_response(k, eps=EPS), over={"k": range(2, 6)})``.
    """
    import itertools

    from exactpriv.claims.symbolic import family_symbol
    from exactpriv.exact.expressions import parse_interval

    parse_interval(domain, name=f"domain of {name}")
    grid = dict(over or {})
    for key, values in grid.items():
        if not isinstance(key, str) or not key.isidentifier():
            raise InvalidArgument(f"symbolic_family {name!r}: over key {key!r} must be an identifier")
        if not list(values):
            raise InvalidArgument(f"symbolic_family {name!r}: over[{key!r}] is empty")
    if not grid and not getattr(build, "free_symbols", None) and not getattr(build, "factors", None):
        raise InvalidArgument(f"symbolic_family {name!r}: build={build!r} must be a mechanism with a free symbol, "
                              f"or a function of the grid 'over'")
    keys = list(grid)
    insts = []
    for point in itertools.product(*(list(grid[k]) for k in keys)):
        values = dict(zip(keys, point))
        M = build(**values) if grid else build
        label = name + (f"[{','.join(f'{k}={v}' for k, v in values.items())}]" if values else "")
        inst = Instance(label, mechanism=M, params=values, domain=domain)
        family_symbol(inst)  # exactly one free symbol, checked when the family is declared
        insts.append(inst)
    what = description or (name + (" for " + ", ".join(f"{k} in {list(grid[k])}" for k in keys) if keys else "")
                           + f", {domain}")
    return Family(name, lambda: iter(insts), what, symbolic=True)


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
