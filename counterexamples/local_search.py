"""Structure-guided local search: exact moves of probability mass that sharpen the worst ratio.

After the random search, ``hunt`` starts from the instance that came closest to a violation (the
largest float *margin* — a guide only, never a verdict) and tries exact rational moves of mass: the
neighbour pair (x, x') and output y come from the measures' witnesses, or else from an exact pure-DP
scan of the space's neighbour graph; mass moves into y in row x and out of y in row x'.  A move is kept
when the margin does not shrink.  Every move takes a fraction strictly below 1 of an entry, so rows stay
stochastic and positive entries stay positive (a positive-only search stays positive).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from counterexamples.guides import guide_float
from exactpriv.claims import Instance, Outcome
from exactpriv.distributions import Prior
from exactpriv.mechanisms.base import Mechanism

__all__ = ["focus_of", "margin_of", "perturbed", "prior_moved"]

#: fractions of an entry a move takes: all strictly between 0 and 1 (a move never empties an entry)
MOVE_FRACTIONS = (Fraction(1, 8), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(3, 4))
#: A move that makes an entry's numerator or denominator longer than this is not taken.  Sums of moved mass
#: grow the integers step by step, and after a few hundred moves an exact check had to factor 200-bit
#: integers (minutes, stoppable only by the clock: issue 19); a size bound decided before the check starts
#: keeps every local-search instance cheap and the search a function of its seed.  Integers this short are
#: factored in microseconds.  Empirically determined parameter.
MAX_ENTRY_BITS = 64


def margin_of(outcome: Outcome) -> float:
    """A float guide: how far the instance is from violating (positive = violated).

    Uses the values an implication/equality check reports ("B" and "bound", or "lhs"/"rhs", or "margin");
    only steers the search, never decides."""
    vals = outcome.values
    if "B" in vals and "bound" in vals:
        b, f = guide_float(vals["B"]), guide_float(vals["bound"])
        if b is not None and f is not None and math.isfinite(b) and math.isfinite(f):
            return b - f
    if "lhs" in vals and "rhs" in vals:
        a, b = guide_float(vals["lhs"]), guide_float(vals["rhs"])
        if a is not None and b is not None and math.isfinite(a) and math.isfinite(b):
            return abs(a - b)
    if "margin" in vals:
        m = guide_float(vals["margin"])
        if m is not None and math.isfinite(m):
            return m
    return 1.0 if outcome.decision.is_false else -1.0


def _move(row: list, src: int, dst: int, frac: Fraction) -> bool:
    """Move the fraction ``frac`` (0 < frac < 1) of row[src] to row[dst] (exact); False if nothing moves."""
    if src == dst or row[src] == 0:
        return False
    amount = row[src] * frac
    row[src] -= amount
    row[dst] += amount
    return True


def perturbed(inst: Instance, rng: random.Random, focus: list[tuple]) -> Instance | None:
    """An exact rational move of probability mass in the instance's mechanism.  With a focus (x, x', y)
    — the neighbour pair and output attaining the worst ratio — it usually *sharpens* that ratio (mass
    into y in row x, out of y in row x'); otherwise it moves mass inside a focus row or a random row.
    None when the mechanism is not a rational matrix with two outputs or more."""
    mech = inst.mechanism
    if not isinstance(mech, Mechanism) or not mech.is_rational or len(mech.outputs) < 2:
        return None
    rows = [list(r) for r in mech.rows]
    k = len(mech.outputs)
    frac = rng.choice(MOVE_FRACTIONS)
    moved = False
    if focus and rng.random() < 0.7:
        x, x2, y = rng.choice(focus)
        if y is not None and rng.random() < 0.6:
            other = rng.choice([j for j in range(k) if j != y])
            moved = _move(rows[x], other, y, frac) | _move(rows[x2], y, other, frac)
        else:
            a, b = rng.sample(range(k), 2)
            moved = _move(rows[rng.choice((x, x2))], b, a, frac)
    if not moved:
        a, b = rng.sample(range(k), 2)
        moved = _move(rows[rng.randrange(len(rows))], b, a, frac)
    if not moved or any(v.numerator.bit_length() > MAX_ENTRY_BITS or v.denominator.bit_length() > MAX_ENTRY_BITS
                        for row in rows for v in map(Fraction, row)):
        return None
    # the label names the origin, never the previous repr: a repr embeds its label (escaped), so nesting it
    # grew the label exponentially along a search path (gigabytes after ~30 moves, the xdist worker crash)
    origin = mech.label or f"Mechanism(<{len(rows)}x{k} on {mech.inputs!r}>)"
    m2 = Mechanism(mech.inputs, mech.outputs, rows, _built=origin.removesuffix(" (perturbed)") + " (perturbed)")
    return Instance(inst.label.replace(" (locally improved)", "") + " (locally improved)", m2, inst.prior,
                    inst.params, inst.extra)


def focus_of(outcome: Outcome, mech) -> list[tuple]:
    """(x, x', y) index triples where the instance is most extreme: the measures' witnesses (pair and
    output) when the check reports them, else the neighbour edge and output of the worst likelihood
    ratio, found exactly by pure_dp over the space's neighbour graph.  Empty when neither is available."""
    from exactpriv.measures.result import Measured

    def triple(w):
        try:
            x, x2 = (mech.inputs.index(p) for p in w["pair"])
        except Exception:  # a witness in another space's terms gives no focus
            return None
        y = w.get("output")
        try:
            y = mech.output_index(y) if y is not None else None
        except Exception:  # an output label not of this mechanism: focus on the pair only
            y = None
        return (x, x2, y)

    out = []
    for v in outcome.values.values():
        if isinstance(v, Measured) and isinstance(v.witness, dict) and "pair" in v.witness:
            t = triple(v.witness)
            if t is not None:
                out.append(t)
    if not out and isinstance(mech, Mechanism) and mech.is_rational and mech.inputs.edges.size:
        from exactpriv.measures.divergence import pure_dp

        try:
            t = triple(pure_dp(mech).witness)
        except Exception:  # the guide is optional: no focus, random moves
            t = None
        if t is not None:
            out.append(t)
    return out


def prior_moved(inst: Instance, rng: random.Random) -> Instance | None:
    """An exact move of *prior* mass along an edge of the space's neighbour graph (its networkx view,
    :meth:`exactpriv.spaces.Space.graph`): a fraction (strictly below 1, :data:`MOVE_FRACTIONS`) of p(x) moves
    to a neighbour x' — or, one time in four, to a point at graph distance 2 (two records changed: correlated
    records are reached in steps).  A positive entry stays positive; a zero may become positive, so a prior
    with zeros moves towards and away from ⊥-free supports.  None when the instance has no prior on a space
    with a graph, or nothing moves."""
    import networkx as nx

    P = inst.prior
    if not isinstance(P, Prior):
        return None
    try:
        graph = P.space.graph()
    except Exception:  # noqa: BLE001 - a space without a neighbour graph: no prior move
        return None
    pts = list(P.space.points)
    index = {x: j for j, x in enumerate(pts)}
    support = [j for j, v in enumerate(P.pmf) if v > 0]
    if not support:
        return None
    src = rng.choice(support)
    reach = nx.single_source_shortest_path_length(graph, pts[src], cutoff=2)
    near = sorted((index[x] for x, d in reach.items() if d == (2 if rng.random() < 0.25 else 1)), key=int)
    if not near:
        near = sorted((index[x] for x, d in reach.items() if d >= 1), key=int)
    if not near:
        return None
    dst = rng.choice(near)
    pmf = list(P.pmf)
    if not _move(pmf, src, dst, rng.choice(MOVE_FRACTIONS)):
        return None
    if any(Fraction(v).denominator.bit_length() > MAX_ENTRY_BITS for v in pmf):
        return None
    return Instance(inst.label.replace(" (locally improved)", "") + " (locally improved)", inst.mechanism,
                    Prior(P.space, pmf), inst.params, inst.extra)
