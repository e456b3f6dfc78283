"""The plain reference evaluation of a program: every noise value enumerated in a box, bounded error.

Independent of the compiler's lazy noise and closed-form tails (issue rule: two computations for every number that
decides): :func:`reference_distribution` runs the program with an rng whose every draw — finite or geometric — is
a branch over concrete integers, the geometric ones cut to [−B, B] (ℕ ∩ [0, B]).  Comparisons are plain integer
comparisons.  The returned ``missing`` is the exact probability that some noise left its box: every exact output
probability lies in [reference, reference + missing].
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from .compiler import hashable_output
from .noise import DiscreteLaplace, Geometric, bernoulli, randomized_response, uniform

__all__ = ["reference_distribution"]


class _BoxRng:
    def __init__(self, prefix, B):
        self._prefix, self._trace, self._B = prefix, [], B
        self.p = Fraction(1)
        self.noises: list = []

    def _branch(self, n):
        i = self._prefix[len(self._trace)] if len(self._trace) < len(self._prefix) else 0
        self._trace.append((i, n))
        return i

    def choice(self, law):
        items = [(v, Fraction(p)) for v, p in law.items() if p != 0]
        v, p = items[self._branch(len(items))]
        self.p *= p
        return v

    def bernoulli(self, p):
        return self.choice(bernoulli(p))

    def uniform(self, values):
        return self.choice(uniform(values))

    def randomized_response(self, x, values, p):
        return self.choice(randomized_response(x, values, p))

    def _noise(self, law):
        self.noises.append(law)
        lo = -self._B if law.lower_unbounded else 0
        k = lo + self._branch(self._B - lo + 1)
        self.p *= law.pmf(k)
        return k

    def laplace(self, alpha):
        return self._noise(DiscreteLaplace(alpha))

    def geometric(self, alpha):
        return self._noise(Geometric(alpha))

    def draw(self, value):
        return self._noise(value) if isinstance(value, (DiscreteLaplace, Geometric)) else value

    def argmax(self, values):
        values = list(values)
        best = max(values)
        return values.index(best)

    def max(self, values, *, lo, hi):
        return self.reveal(max(values), lo, hi)

    def reveal(self, value, lo, hi):
        return value if lo <= value <= hi else (f"<{lo}" if value < lo else f">{hi}")


def reference_distribution(program: Callable, db, *, B: int = 20) -> tuple[dict, Fraction]:
    """(dist, missing): the output probabilities with every geometric noise cut to [−B, B], and the exact mass of
    the noise values left out (an upper bound on each probability's error)."""
    dist: dict = {}
    prefix: list = []
    while True:
        rng = _BoxRng(prefix, B)
        y = hashable_output(program(db, rng))
        dist[y] = dist.get(y, Fraction(0)) + rng.p
        trace = rng._trace
        while trace and trace[-1][0] + 1 >= trace[-1][1]:
            trace.pop()
        if not trace:
            break
        prefix = [c for c, _ in trace[:-1]] + [trace[-1][0] + 1]
    missing = 1 - sum(dist.values(), Fraction(0))
    return dist, missing
