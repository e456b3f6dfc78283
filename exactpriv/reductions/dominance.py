"""Dominance by the extremal pairs, constructed: the post-processing kernel of each use, exactly.

:data:`~exactpriv.reductions.metatheorems.RR_DOMINANCE` says every ε-close pair (P, Q) is a post-processing
of binary randomized response RR(ε); :data:`~exactpriv.reductions.metatheorems.APPROX_DOMINANCE` says every
(ε, δ)-close pair is a post-processing of the four-output extremal pair.  Both are trusted axioms of the
reduction prover — and, because their kernels have closed forms, every use is also *confirmed* on the
instances a claim is checked on: the kernel is built in exact rationals and checked to be a stochastic matrix
with non-negative entries that maps the extremal pair onto (P, Q) exactly (:func:`check_kernel`).  A failed
confirmation is an :class:`~exactpriv.errors.ExactPrivError`: it would mean an axiom was used outside its
hypotheses, a bug, never a finding.

Main definitions
----------------
* :func:`rr_pair`, :func:`extremal_pair` — the extremal pairs at a level, exactly;
* :func:`rr_kernel`, :func:`extremal_kernel` — the closed-form kernels for one pair;
* :func:`check_kernel` — the exact check of a kernel (stochastic, non-negative, reproduces the pair);
* :func:`confirm_rr_dominance`, :func:`confirm_approx_dominance` — every neighbouring pair of a mechanism.

Levels are given as γ = e^ε (a rational ≥ 1, or ``INFINITY`` for ε = ∞) so that every entry stays rational.
Hand-written because no library constructs Blackwell kernels; the arithmetic is ``fractions.Fraction``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from exactpriv.errors import ExactPrivError, InvalidArgument

__all__ = [
    "INFINITY",
    "DominanceError",
    "Kernel",
    "check_kernel",
    "confirm_approx_dominance",
    "confirm_rr_dominance",
    "extremal_kernel",
    "extremal_pair",
    "hockey_stick",
    "max_ratio",
    "rr_kernel",
    "rr_pair",
]


class _Infinity:
    """e^ε at ε = ∞ (a sentinel: never compared as a number)."""

    def __repr__(self):
        return "INFINITY"


#: γ = e^ε for ε = ∞: RR(∞) is the identity channel, every pair is its post-processing
INFINITY = _Infinity()


class DominanceError(ExactPrivError):
    """A dominance kernel failed its exact check, or a pair is outside the theorem's hypotheses."""


@dataclass(frozen=True)
class Kernel:
    """A post-processing kernel: ``rows[i][j]`` = K(source output i → target output j), exact rationals."""

    rows: tuple[tuple[Fraction, ...], ...]
    theorem: str

    def to_json(self) -> dict:
        return {"theorem": self.theorem, "rows": [[str(v) for v in r] for r in self.rows]}


def _vector(v: Sequence[Any], name: str) -> tuple[Fraction, ...]:
    out = []
    for k, x in enumerate(v):
        if isinstance(x, float) or not isinstance(x, (int, Fraction)) or isinstance(x, bool):
            try:
                from exactpriv.exact.numbers import as_rational

                x = as_rational(x, f"{name}[{k}]")
            except Exception:
                raise InvalidArgument(f"{name}[{k}] = {x!r} ({type(x).__name__}) must be an exact rational") from None
        out.append(Fraction(x))
    if not out:
        raise InvalidArgument(f"{name} must be non-empty")
    if any(x < 0 for x in out) or sum(out) != 1:
        raise InvalidArgument(f"{name} = {[str(x) for x in out]} must be a probability vector (non-negative, sum 1)")
    return tuple(out)


def _pair(P, Q) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    P, Q = _vector(P, "P"), _vector(Q, "Q")
    if len(P) != len(Q):
        raise InvalidArgument(f"P and Q have {len(P)} and {len(Q)} entries; they must be on the same set")
    return P, Q


def _gamma(exp_eps) -> Fraction | _Infinity:
    if exp_eps is INFINITY:
        return INFINITY
    if isinstance(exp_eps, float) or isinstance(exp_eps, bool):
        raise InvalidArgument(f"exp_eps={exp_eps!r} must be an exact rational >= 1 or INFINITY")
    try:
        g = Fraction(exp_eps)
    except (TypeError, ValueError):
        raise InvalidArgument(f"exp_eps={exp_eps!r} must be an exact rational >= 1 or INFINITY") from None
    if g < 1:
        raise InvalidArgument(f"exp_eps={exp_eps!r} must be >= 1 (ε >= 0)")
    return g


def _delta(delta) -> Fraction:
    if isinstance(delta, float) or isinstance(delta, bool):
        raise InvalidArgument(f"delta={delta!r} must be an exact rational in [0, 1]")
    d = Fraction(delta)
    if not 0 <= d <= 1:
        raise InvalidArgument(f"delta={delta!r} must lie in [0, 1]")
    return d


# ---------------------------------------------------------------------------------------------- the pairs
def rr_pair(exp_eps) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The rows (p_ε, q_ε) of binary randomized response at γ = e^ε (ε = ∞: the identity channel)."""
    g = _gamma(exp_eps)
    if g is INFINITY:
        return (Fraction(1), Fraction(0)), (Fraction(0), Fraction(1))
    return (g / (1 + g), 1 / (1 + g)), (1 / (1 + g), g / (1 + g))


def extremal_pair(exp_eps, delta) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The four-output extremal pair (P̃, Q̃) of (ε, δ)-closeness (Kairouz–Oh–Viswanath)."""
    g, d = _gamma(exp_eps), _delta(delta)
    if g is INFINITY:
        return (d, 1 - d, Fraction(0), Fraction(0)), (Fraction(0), Fraction(0), 1 - d, d)
    return (d, (1 - d) * g / (1 + g), (1 - d) / (1 + g), Fraction(0)), \
        (Fraction(0), (1 - d) / (1 + g), (1 - d) * g / (1 + g), d)


# ---------------------------------------------------------------------------------------------- hypotheses
def max_ratio(P, Q) -> Fraction | _Infinity:
    """max_y P(y)/Q(y) (0/0 ignored, p/0 = ∞): e^{D_∞(P‖Q)}, exactly."""
    best = Fraction(1)
    for p, q in zip(P, Q):
        if p == 0:
            continue
        if q == 0:
            return INFINITY
        best = max(best, Fraction(p) / Fraction(q))
    return best


def hockey_stick(P, Q, exp_eps) -> Fraction:
    """E_γ(P‖Q) = Σ_y max(P(y) − γ·Q(y), 0), exactly (γ = ∞: the mass of P where Q = 0)."""
    g = _gamma(exp_eps)
    if g is INFINITY:
        return sum((Fraction(p) for p, q in zip(P, Q) if q == 0), Fraction(0))
    return sum((max(Fraction(p) - g * Fraction(q), Fraction(0)) for p, q in zip(P, Q)), Fraction(0))


# ---------------------------------------------------------------------------------------------- kernels
def rr_kernel(P, Q, exp_eps) -> Kernel:
    """The kernel K with p_ε·K = P and q_ε·K = Q (meta-theorem ``rr-dominance``), in closed form.

    Raises :class:`DominanceError` when (P, Q) is not e^ε-close in both directions (outside the hypotheses).
    """
    P, Q = _pair(P, Q)
    g = _gamma(exp_eps)
    if g is not INFINITY:
        for y, (p, q) in enumerate(zip(P, Q)):
            if not (p <= g * q and q <= g * p):
                raise DominanceError(f"rr-dominance needs P <= e^eps Q and Q <= e^eps P: output {y} has "
                                     f"P = {p}, Q = {q}, e^eps = {g}")
    if g is INFINITY:
        rows = (P, Q)
    elif g == 1:
        rows = (P, P)  # P = Q here; any kernel with both rows P works
    else:
        rows = (tuple((g * p - q) / (g - 1) for p, q in zip(P, Q)),
                tuple((g * q - p) / (g - 1) for p, q in zip(P, Q)))
    return Kernel(rows, "rr-dominance")


def extremal_kernel(P, Q, exp_eps, delta) -> Kernel:
    """The kernel K with P̃·K = P and Q̃·K = Q (meta-theorem ``approx-dominance``), in closed form.

    Raises :class:`DominanceError` when E_{e^ε}(P‖Q) > δ or E_{e^ε}(Q‖P) > δ (outside the hypotheses).
    """
    P, Q = _pair(P, Q)
    g, d = _gamma(exp_eps), _delta(delta)
    d1, d2 = hockey_stick(P, Q, g), hockey_stick(Q, P, g)
    if d1 > d or d2 > d:
        raise DominanceError(f"approx-dominance needs E_gamma(P||Q) <= delta and E_gamma(Q||P) <= delta: "
                             f"they are {d1} and {d2}, delta = {d}")
    n = len(P)
    if g is INFINITY:
        return Kernel((P, P, Q, Q), "approx-dominance")
    P1 = tuple(min(p, g * q) for p, q in zip(P, Q))  # P' of the closed form
    Q1 = tuple(min(q, g * p) for p, q in zip(P, Q))
    mp, mq = sum(P1), sum(Q1)
    # equalise the masses: mix the heavier part towards the other one divided by e^eps (stays in the cone)
    if mp > mq:
        a = (mp - mq) / (mp - mq / g)
        P1 = tuple((1 - a) * p + a * q / g for p, q in zip(P1, Q1))
    elif mq > mp:
        a = (mq - mp) / (mq - mp / g)
        Q1 = tuple((1 - a) * q + a * p / g for p, q in zip(P1, Q1))
    m = sum(P1)
    target = 1 - d
    if target == 0:
        P2 = Q2 = tuple(Fraction(0) for _ in range(n))
    else:
        c = target / m  # m >= 1 - max(delta1, delta2) >= 1 - delta > 0
        P2, Q2 = tuple(c * p for p in P1), tuple(c * q for q in Q1)
    outer_p = tuple((p - p2) / d for p, p2 in zip(P, P2)) if d > 0 else P
    outer_q = tuple((q - q2) / d for q, q2 in zip(Q, Q2)) if d > 0 else Q
    if target == 0:
        mid_p, mid_q = P, Q  # outputs 2 and 3 have mass 0 under both: any rows
    elif g == 1:
        mid_p = mid_q = tuple(p / target for p in P2)
    else:
        mid_p = tuple((g * p - q) / ((g - 1) * target) for p, q in zip(P2, Q2))
        mid_q = tuple((g * q - p) / ((g - 1) * target) for p, q in zip(P2, Q2))
    return Kernel((outer_p, mid_p, mid_q, outer_q), "approx-dominance")


def check_kernel(kernel: Kernel, source, target) -> dict:
    """Check exactly that ``kernel`` is stochastic with non-negative entries and maps the source pair onto the
    target pair; returns a small summary, raises :class:`DominanceError` naming the first failure."""
    (sp, sq), (tp, tq) = source, target
    rows = kernel.rows
    if len(rows) != len(sp):
        raise DominanceError(f"{kernel.theorem}: the kernel has {len(rows)} rows for {len(sp)} source outputs")
    for i, r in enumerate(rows):
        if len(r) != len(tp):
            raise DominanceError(f"{kernel.theorem}: kernel row {i} has {len(r)} entries for {len(tp)} outputs")
        for j, v in enumerate(r):
            if v < 0:
                raise DominanceError(f"{kernel.theorem}: kernel entry K[{i}][{j}] = {v} is negative")
        if sum(r) != 1:
            raise DominanceError(f"{kernel.theorem}: kernel row {i} sums to {sum(r)}, not 1")
    for name, s, t in (("P", sp, tp), ("Q", sq, tq)):
        image = tuple(sum((s[i] * rows[i][j] for i in range(len(s))), Fraction(0)) for j in range(len(t)))
        if image != tuple(Fraction(x) for x in t):
            raise DominanceError(f"{kernel.theorem}: the source's {name} row maps to {[str(x) for x in image]}, "
                                 f"not {[str(x) for x in t]}")
    return {"theorem": kernel.theorem, "rows": len(rows), "outputs": len(tp), "nonnegative": True,
            "stochastic": True, "reproduces_pair": True}


# ---------------------------------------------------------------------------------------------- mechanisms
#: largest matrix (inputs × outputs) whose kernels are confirmed; beyond it the confirmation says "skipped"
_MAX_CONFIRM_ENTRIES = 1 << 20


def _rational_rows(M) -> list[tuple[Fraction, ...]] | None:
    """The mechanism's rows as Fractions, or None when it is not a rational finite Mechanism."""
    from exactpriv.mechanisms.base import Mechanism, ProductMechanism

    if isinstance(M, ProductMechanism):
        outputs = 1
        for f in M.factors:
            outputs *= len(f.outputs)
        if M.inputs.size * outputs > _MAX_CONFIRM_ENTRIES:
            return None  # confirmation is per instance; a huge product is skipped, not expanded
        M = M.expand()
    if not isinstance(M, Mechanism) or not M.is_rational:
        return None
    return [tuple(Fraction(v) for v in row) for row in M.rows]


def _edges(M):
    return [(int(i), int(j)) for i, j in M.inputs.edges] if hasattr(M, "inputs") else []


def confirm_rr_dominance(M, exp_eps=None) -> dict:
    """Build and check the ``rr-dominance`` kernel of every neighbouring pair of a rational mechanism ``M``.

    exp_eps : the level γ = e^ε used (default: M's own tightest level, the max likelihood ratio over
        neighbours, computed here from the definition).  Returns {"pairs": n, "exp_eps": ..., "checked": n}
        or {"skipped": reason} for a symbolic mechanism; raises :class:`DominanceError` on a failed kernel.
    """
    rows = _rational_rows(M)
    if rows is None:
        return {"skipped": "not a rational mechanism of at most 2^20 entries: kernels are confirmed on exact rational "
                           "instances"}
    edges = _edges(M)
    if exp_eps is None:
        g: Any = Fraction(1)
        for i, j in edges:
            for a, b in ((i, j), (j, i)):
                r = max_ratio(rows[a], rows[b])
                if r is INFINITY:
                    g = INFINITY
                    break
                g = max(g, r)
            if g is INFINITY:
                break
    else:
        g = _gamma(exp_eps)
    source = rr_pair(g)
    for i, j in edges:
        K = rr_kernel(rows[i], rows[j], g)
        check_kernel(K, source, (rows[i], rows[j]))
    return {"theorem": "rr-dominance", "pairs": len(edges), "checked": len(edges), "exp_eps": str(g)}


def confirm_approx_dominance(M, exp_eps, delta=None) -> dict:
    """Build and check the ``approx-dominance`` kernel of every neighbouring pair of a rational ``M`` at
    γ = e^ε (δ default: M's tightest δ at γ, max over ordered neighbours of E_γ, computed here)."""
    rows = _rational_rows(M)
    if rows is None:
        return {"skipped": "not a rational mechanism of at most 2^20 entries: kernels are confirmed on exact rational "
                           "instances"}
    edges = _edges(M)
    g = _gamma(exp_eps)
    if delta is None:
        d = Fraction(0)
        for i, j in edges:
            d = max(d, hockey_stick(rows[i], rows[j], g), hockey_stick(rows[j], rows[i], g))
    else:
        d = _delta(delta)
    source = extremal_pair(g, d)
    for i, j in edges:
        K = extremal_kernel(rows[i], rows[j], g, d)
        check_kernel(K, source, (rows[i], rows[j]))
    return {"theorem": "approx-dominance", "pairs": len(edges), "checked": len(edges), "exp_eps": str(g),
            "delta": str(d)}
