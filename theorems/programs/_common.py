"""Shared pieces of the programs bank: compiled benchmark mechanisms as instance families, and the claim helper.

A family compiles its program on first use (not when the bank is imported) and keeps it for the process.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import sympy

from exactpriv.claims import Claim, Family, Instance, inequality_claim
from exactpriv.claims.check import as_outcome
from exactpriv.mechanisms.programs import program_mechanism
from exactpriv.spaces import GraphSpace, Hamming, QueryAnswers

from theorems.programs.algorithms import EPS_VALUE

__all__ = ["AS_WRITTEN", "VARIANT", "claim", "dp_reading", "exact_eps_shown", "on_space", "showing_exact_eps",
           "statdp_pairs"]

AS_WRITTEN = dict(expected="REFUTED", finding="as-written")
VARIANT = dict(expected="REFUTED", finding="variant")


def statdp_pairs(n: int) -> GraphSpace:
    """The input pairs of StatDP's pattern generator (Ding et al. 2018 §5), used by DP-Sniper: the all-ones vector
    against one above, one below, one above and the rest below, one below and the rest above, half up half down,
    all above, all below; and the "X" pair (ones then zeros against zeros then ones) — 9 unordered pairs, 18
    ordered."""
    one = (1,) * n
    half = n // 2
    others = [(2,) + (1,) * (n - 1), (0,) + (1,) * (n - 1), (2,) + (0,) * (n - 1), (0,) + (2,) * (n - 1),
              (0,) * half + (2,) * (n - half), (2,) * n, (0,) * n]
    x = ((1,) * half + (0,) * (n - half), (0,) * half + (1,) * (n - half))
    points = list(dict.fromkeys([one, *others, *x]))
    return GraphSpace.from_edges(points, [(one, o) for o in others] + [x])


@cache
def _compiled(program, space):
    return program_mechanism(program, space, name=f"{program.__name__} on {space!r}")


def on_space(program, space, *, slow: bool = False, label: str = "") -> Family:
    """The family of one instance: ``program`` compiled on ``space``, at the bank's ε."""
    what = label or repr(space)

    def build():
        yield Instance(f"{program.__name__} on {what}", mechanism=_compiled(program, space),
                       params={"eps": EPS_VALUE})

    return Family(f"{program.__name__}-{what}", build, f"{program.__name__} on {what} (exact, discrete noise)",
                  slow=slow, exhaustive=True)


def dp_reading(program, space, bound: str, *, bench=None, bench_label: str = "", **kw) -> Claim:
    """The claim "pure DP of ``program`` on ``space`` ≤ ``bound``" (bound in eps, the program's ε); with ``bench``,
    also on that space (the benchmark's size) as a slow family (``verify --slow``).  Every instance shows its
    exact ε (``verify`` prints it and writes it to the JSON evidence)."""
    families = [on_space(program, space)]
    if bench is not None:
        families.append(on_space(program, bench, slow=True, label=bench_label))
    built = inequality_claim("x", measure="pure_dp", op="<=", bound=bound, families=families, **kw)
    (r,) = built.readings
    return replace(built, readings=[replace(r, check=showing_exact_eps(r.check))])


def showing_exact_eps(check):
    """``check`` whose outcome also carries ``values["shown"]``: the exact pure ε measured, in nats and in units
    of the bank's ε, with the worst pair and output (floats here only print an exact value; nothing decides)."""

    def shown_check(inst: Instance):
        out = as_outcome(check(inst))
        b = out.values.get("B")
        if b is not None and getattr(b, "value", None) is not None:
            out.values["shown"] = exact_eps_shown(b)
        return out

    return shown_check


def exact_eps_shown(b) -> dict:
    """The JSON-ready record of a measured pure ε ``b``: exact value, its size in nats and in units of ε, the
    worst pair and output."""
    value = b.value
    pair, output = b.witness.get("pair"), b.witness.get("output")
    if value == sympy.oo or str(value) == "oo":
        approx = "ε = ∞"
    else:
        v = float(sympy.N(value, 30))
        approx = f"exact ε = {v:.5f} nats = {v / float(EPS_VALUE):.3f}·ε"
    where = f" at {pair[0]} vs {pair[1]} → {output}" if pair else ""
    return {"text": approx + where, "exact": sympy.sstr(value), "pair": [str(p) for p in pair or ()],
            "output": str(output)}


def claim(id: str, title: str, source: str, quote: str, kind: str, readings: dict) -> Claim:
    """One claim from the single readings of declaratively built claims (as in the classics bank)."""
    out = []
    for name, built in readings.items():
        (r,) = built.readings
        out.append(replace(r, name=name))
    return Claim(id, title, source, quote, kind, out)


#: the default input spaces: every vector of 3 answers in {0, 1} (all pairs are neighbours), and histograms of
#: 2 bins with counts in {0, 1} (one bin changes by one)
SVT_SPACE = QueryAnswers(range(0, 2), n=3)
HIST_SPACE = Hamming([0, 1], 2)
