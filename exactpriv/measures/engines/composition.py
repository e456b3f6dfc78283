"""Exact privacy-loss distributions of composed mechanisms, grouped by exact log-ratio (never |Y|^k outputs).

For one ordered pair of inputs (x, x'), the privacy-loss distribution (PLD) of a composition
M_1 ⊗ … ⊗ M_k is the convolution of the factors' PLDs (Sommer, Meiser, Mohammadi, "Privacy Loss
Classes", PoPETs 2019): losses add, so likelihood ratios multiply and masses multiply.  δ(ε) of the
composition is the hockey-stick divergence of that PLD, δ(γ) = Σ_{r > γ} m (1 − γ/r) + m_∞ (γ = e^ε),
maximised over the ordered neighbour pairs.

Algorithm and why
-----------------
* **Exact grouping.**  Every likelihood ratio r = P(y|x)/P(y|x') of every factor is written as a vector
  of integer exponents over a *coprime base* of the integers in the ratios' numerators and denominators
  (pairwise coprime integers b_i > 1 such that each of those integers is a product of powers of the
  b_i).  Over a coprime base the exponent vector of a product of ratios is unique, so two composed
  outputs have the same privacy loss iff they have the same vector: atoms merge exactly, without
  a tolerance and without factoring the integers (the base is built from gcds alone).
* **Composition is polynomial multiplication.**  A pair's PLD is the Laurent polynomial Σ m·z^e
  (exponent vectors e, rational masses m); the PLD of a composition is the product of the factors'
  polynomials and a k-fold composition a k-th power — computed exactly by FLINT's ``fmpq_mpoly`` in C.
  k = 1,000 randomized responses give 1,001 atoms (not 2^1000 outputs) in about a millisecond.
* **δ(γ) by prefix sums.**  The atoms are sorted once by their exact ratio (decreasing), with running
  sums A = Σ m + m_∞ and B = Σ m/r; {y : P(y|x) > γ P(y|x')} is a prefix of that order, found by a binary
  search with exact rational comparisons, and δ(γ) = A − γB.  This is exactly the E_γ oracle the chord
  method of :class:`exactpriv.measures.approx.ApproxDPProfile` needs, so δ(ε), ε(δ), the pieces and the
  decisions of a composition come out of the same code as for a matrix.

The base is hand-written because no library of our stack offers a coprime base (gcd-free basis,
Bernstein, "Factoring into coprimes in essentially linear time", J. Algorithms 2005); the simple
pairwise-splitting refinement below is quadratic in the number of base elements, which are few
(the distinct integers of a few small mechanisms).  Masses enter as exact rationals and leave as
Fractions; nothing is rounded.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from fractions import Fraction

import flint

__all__ = ["ComposedLossEngine", "LatticeLoss", "coprime_base"]


def coprime_base(numbers) -> tuple[int, ...]:
    """Pairwise coprime integers > 1 whose products of powers give every integer of ``numbers``
    (each a positive int); sorted.  Built by splitting along gcds (no factoring)."""
    base: list[int] = []
    for n in numbers:
        todo = [int(n)]
        while todo:
            a = todo.pop()
            if a == 1:
                continue
            for i, b in enumerate(base):
                g = math.gcd(a, b)
                if g > 1:
                    # b = g·(b/g) and a = g·(a/g): the pieces replace b and are inserted again
                    base.pop(i)
                    todo.extend((g, b // g, a // g))
                    break
            else:
                base.append(a)
    return tuple(sorted(base))


def _exponents(n: int, base) -> list[int]:
    out = []
    for b in base:
        e = 0
        while n % b == 0:
            n //= b
            e += 1
        out.append(e)
    if n != 1:  # pragma: no cover - every integer given to coprime_base is a product of its elements
        raise ArithmeticError(f"{n} is not a product of the coprime base {base}")
    return out


def _fmpq(x: Fraction) -> flint.fmpq:
    return flint.fmpq(x.numerator, x.denominator)


def _fraction(q: flint.fmpq) -> Fraction:
    return Fraction(int(q.p), int(q.q))


class LatticeLoss:
    """The exact PLD of one ordered pair of a (composed) mechanism: atoms (ratio r, mass m), r > 0 exact
    rationals grouped exactly, plus the mass ``infinite`` at loss +oo (outputs with P(y|x') = 0).

    Stored with integers over common denominators, so that the running sums cost no gcds: ``ratios``
    (fmpq) decrease; mass m_j = ``weights[j]`` / ``D`` and m_j / r_j = ``scaled[j]`` / (``D``·``L``)
    (L a common multiple of the ratios' numerators); ``A[i]`` = D·m_∞ + Σ_{j<i} weights[j] and
    ``B[i]`` = Σ_{j<i} scaled[j], so the event {r > γ} of the first i atoms has P_x-mass A[i]/D and
    P_x'-mass B[i]/(D·L)."""

    __slots__ = ("ratios", "weights", "scaled", "D", "L", "infinite", "A", "B")

    def __init__(self, ratios, weights, scaled, D: int, L: int, infinite: Fraction, *, ordered=False):
        order = range(len(ratios)) if ordered else sorted(range(len(ratios)), key=lambda i: ratios[i], reverse=True)
        self.ratios = [ratios[i] for i in order]
        self.weights = [weights[i] for i in order]
        self.scaled = [scaled[i] for i in order]
        self.D, self.L, self.infinite = D, L, infinite
        a0 = infinite * D
        if a0.denominator != 1:  # pragma: no cover - D is a common denominator of every mass
            raise ArithmeticError("the mass at +oo is not a multiple of 1/D")
        A, B = [int(a0)], [0]
        for w, s in zip(self.weights, self.scaled):
            A.append(A[-1] + w)
            B.append(B[-1] + s)
        self.A, self.B = A, B

    def __len__(self):
        return len(self.ratios)

    def count_above(self, g: flint.fmpq) -> int:
        """How many atoms have r > g (the ratios decrease: a binary search on −r)."""
        return bisect_left(_Negated(self.ratios), -g)

    def hockey(self, g: Fraction):
        """(δ(g), A, B, i): E_g of the pair, exactly, with the event's two masses and its size in atoms."""
        i = self.count_above(_fmpq(g))
        A, B = Fraction(self.A[i], self.D), Fraction(self.B[i], self.D * self.L)
        return A - g * B, A, B, i

    def value_at(self, i: int, r) -> Fraction:
        """δ at γ = r (a Fraction) with the event of the first i atoms."""
        return Fraction(self.A[i], self.D) - r * Fraction(self.B[i], self.D * self.L)

    def gamma_for(self, d: Fraction) -> Fraction | None:
        """The least γ ≥ 1 with δ(γ) ≤ d, exactly (None: never, the mass at +oo exceeds d).

        δ is continuous and non-increasing in γ; between consecutive ratios it is the line of one event,
        so the crossing is found by a binary search over the atoms (δ at each ratio, exactly) and solved
        on its line: γ = L·(A − d·D)/B."""
        if self.infinite > d:
            return None
        one = flint.fmpq(1)
        c = self.count_above(one)  # atoms with r > 1: δ(1) uses the first c
        if self.value_at(c, Fraction(1)) <= d:
            return Fraction(1)
        # val(j) = δ(r_j) with the first j atoms: increases with j (r_j decreases); val(0) = m_oo <= d
        lo, hi = 0, c - 1  # invariant: val(lo) <= d; the answer's j is in [lo, hi]
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.value_at(mid, _fraction(self.ratios[mid])) <= d:
                lo = mid
            else:
                hi = mid - 1
        j = lo  # δ(r_j) <= d < δ at the next ratio (or at 1): the crossing is on the line of j + 1 atoms
        return Fraction(self.L * (self.A[j + 1] - d * self.D), self.B[j + 1])

    def pieces(self):
        """[(γ_lo, γ_hi or None, A, B)] in increasing γ from 1: δ(γ) = A − Bγ on each."""
        c = self.count_above(flint.fmpq(1))
        out, lo = [], Fraction(1)
        for i in range(c, 0, -1):
            hi = _fraction(self.ratios[i - 1])
            out.append((lo, hi, Fraction(self.A[i], self.D), Fraction(self.B[i], self.D * self.L)))
            lo = hi
        out.append((lo, None, Fraction(self.A[0], self.D), Fraction(0)))
        return out

    def same_as(self, other: "LatticeLoss") -> bool:
        """Equal distributions (the two directions of a symmetric pair usually are)."""
        return self is other or (self.ratios == other.ratios and self.infinite == other.infinite
                                 and all(w * other.D == v * self.D for w, v in zip(self.weights, other.weights)))

    def atoms(self) -> list[tuple[Fraction, Fraction]]:
        """[(r, mass)] in increasing r, as Fractions (the form of :class:`exactpriv.measures.pld.PrivacyLoss`)."""
        return [(_fraction(r), Fraction(w, self.D)) for r, w in zip(reversed(self.ratios), reversed(self.weights))]


class _Negated:
    """A read-only view −ratios[i] (increasing), for bisect without copying the list."""

    __slots__ = ("_r",)

    def __init__(self, r):
        self._r = r

    def __len__(self):
        return len(self._r)

    def __getitem__(self, i):
        return -self._r[i]


def pair_loss_atoms(p, q):
    """{ratio: mass} and the mass at +oo of the pair of pmfs (Fractions; 0-mass outputs dropped)."""
    acc: dict = {}
    inf = Fraction(0)
    for a, b in zip(p, q):
        if a == 0:
            continue
        if b == 0:
            inf += a
            continue
        acc[a / b] = acc.get(a / b, Fraction(0)) + a
    return acc, inf


class ComposedLossEngine:
    """E_γ oracle of a composition ``factors`` (Mechanisms on one input space, rational), for
    :class:`exactpriv.measures.approx.ApproxDPProfile`: ``hockey(pairs, g)`` and ``hockey_limit(pairs)``
    as the matrix engines give them, from the exact composed PLD of each ordered pair (module doc).

    The event of a witness is not a list of joint outputs (there are Π|Y_j| of them) but its description
    ``{"privacy_loss_above": "ln(g)", "atoms": n}``: the outputs whose likelihood ratio exceeds g."""

    def __init__(self, factors):
        self.factors = tuple(factors)
        # a k-fold composition repeats one object: count objects by identity (hashing a Mechanism hashes
        # its space), equal rows of distinct objects still merge below
        by_id = Counter(id(f) for f in self.factors)
        first = {id(f): f for f in self.factors}
        self._distinct = [(first[i], k) for i, k in by_id.items()]
        self._losses: dict = {}   # ordered pair (x, x') -> LatticeLoss
        self._by_key: dict = {}   # composed key (multiset of factor pair rows) -> LatticeLoss

    # ----- the PLD of one ordered pair
    def loss(self, x: int, x2: int) -> LatticeLoss:
        pl = self._losses.get((x, x2))
        if pl is None:
            counts: Counter = Counter()
            for f, k in self._distinct:
                counts[(tuple(f.rows[x]), tuple(f.rows[x2]))] += k
            key = frozenset(counts.items())
            pl = self._by_key.get(key)
            if pl is None:
                pl = self._by_key[key] = _compose([(pair_loss_atoms(p, q), k) for (p, q), k in counts.items()])
            self._losses[(x, x2)] = pl
        return pl

    def _ordered(self, pairs):
        for i, j in pairs:
            yield int(i), int(j)
            yield int(j), int(i)

    # ----- the oracle of ApproxDPProfile
    def hockey(self, pairs, g: Fraction):
        """(value, (x, x'), event, A, B): exact max over ordered pairs of E_g(P_x‖P_x')."""
        g = Fraction(g)
        best = None
        for x, x2 in self._ordered(pairs):
            val, A, B, n = self.loss(x, x2).hockey(g)
            if best is None or val > best[0]:
                best = (val, (x, x2), {"privacy_loss_above": f"ln({g})", "atoms": n}, A, B)
        if best is None:
            return Fraction(0), None, [], Fraction(0), Fraction(0)
        return best

    def distinct_losses(self, pairs):
        """[(ordered pair, LatticeLoss)] with equal distributions listed once."""
        out: list = []
        for x, x2 in self._ordered(pairs):
            pl = self.loss(x, x2)
            if not any(q.same_as(pl) for _, q in out):
                out.append(((x, x2), pl))
        return out

    def epsilon(self, pairs, d: Fraction):
        """ε(δ) = ln of the largest, over ordered pairs, least γ with δ_pair(γ) ≤ d (δ_M = max of the pairs'
        δ, so δ_M(ε) ≤ d iff every pair's is); None: +oo.  Exact: a rational γ."""
        best = Fraction(1)
        for _, pl in self.distinct_losses(pairs):
            g = pl.gamma_for(d)
            if g is None:
                return None
            best = max(best, g)
        return best

    def pieces(self, pairs):
        """The pieces of δ when one distribution serves every ordered pair (else None: the chord method
        finds the envelope of several): [(γ_lo, γ_hi, A, B, witness)]."""
        losses = self.distinct_losses(pairs)
        if len(losses) != 1:
            return None
        pr, pl = losses[0]
        out = []
        for lo, hi, A, B in pl.pieces():
            event = {"privacy_loss_above": f"ln({lo})"} if hi is not None else {"privacy_loss_above": "oo"}
            out.append((lo, hi, A, B, pr, event))
        return out

    def hockey_limit(self, pairs):
        """(value, (x, x'), event): max over ordered pairs of the mass at loss +oo."""
        best = None
        for x, x2 in self._ordered(pairs):
            inf = self.loss(x, x2).infinite
            if best is None or inf > best[0]:
                best = (inf, (x, x2), {"privacy_loss_above": "oo"})
        if best is None:
            return Fraction(0), None, []
        return best


def _compose(parts) -> LatticeLoss:
    """The PLD of the product of ``parts`` = [((atoms {r: m}, infinite mass), multiplicity)], exactly."""
    ints = set()
    for (atoms, _), _k in parts:
        for r in atoms:
            ints.update((r.numerator, r.denominator))
    base = coprime_base(ints) or (2,)  # all ratios 1: one dummy variable, every exponent 0
    n = len(base)
    dense = n == 1  # one base element (randomized response, geometric noise): a dense fmpz_poly is faster
    ctx = None if dense else flint.fmpz_mpoly_ctx.get(("z", n))
    poly = flint.fmpz_poly([1]) if dense else ctx.from_dict({(0,) * n: 1})
    offset = [0] * n
    D = 1
    finite = Fraction(1)
    for (atoms, inf), k in parts:
        if not atoms:  # every output of this factor has loss +oo: all the composition's mass is at +oo
            return LatticeLoss([], [], [], 1, 1, Fraction(1))
        d = math.lcm(*(m.denominator for m in atoms.values()))
        vecs = {r: [a - b for a, b in zip(_exponents(r.numerator, base), _exponents(r.denominator, base))]
                for r in atoms}
        lo = [min(v[i] for v in vecs.values()) for i in range(n)]
        terms: dict = {}
        for r, m in atoms.items():
            e = tuple(v - l for v, l in zip(vecs[r], lo))
            terms[e] = terms.get(e, 0) + m.numerator * (d // m.denominator)
        if dense:
            coeffs = [0] * (max(e[0] for e in terms) + 1)
            for e, a in terms.items():
                coeffs[e[0]] = a
            poly = poly * flint.fmpz_poly(coeffs) ** k
        else:
            poly = poly * ctx.from_dict(terms) ** k
        offset = [o + k * l for o, l in zip(offset, lo)]
        D *= d ** k
        finite *= (1 - inf) ** k
    if dense:
        return _dense_loss(base[0], offset[0], poly, D, 1 - finite)
    monoms = [tuple(int(v) for v in e) for e in poly.monoms()]  # exponents come as fmpz
    top = [max(e[i] for e in monoms) + offset[i] for i in range(n)]  # L = Π b^max(0, top): 1/r·L integral
    L = math.prod(b ** max(0, t) for b, t in zip(base, top))
    ratios, weights, scaled = [], [], []
    for e, a in zip(monoms, poly.coeffs()):
        num = den = 1
        inv = 1  # L / r
        for b, ei, o, t in zip(base, e, offset, top):
            x = ei + o
            if x > 0:
                num *= b ** x
            elif x < 0:
                den *= b ** -x
            inv *= b ** (max(0, t) - x)
        a = int(a)
        ratios.append(flint.fmpq(num, den))
        weights.append(a)
        scaled.append(a * inv)
    return LatticeLoss(ratios, weights, scaled, D, L, 1 - finite)


def _dense_loss(b: int, offset: int, poly, D: int, infinite: Fraction) -> LatticeLoss:
    """The LatticeLoss of Σ_i c_i z^i with ratio b^(i + offset): ratios increase with i (b > 1)."""
    coeffs = [int(c) for c in poly.coeffs()]
    top = len(coeffs) - 1 + offset
    L = b ** max(0, top)
    ratios, weights, scaled = [], [], []
    for i in range(len(coeffs) - 1, -1, -1):  # decreasing ratio
        a = coeffs[i]
        if a == 0:
            continue
        x = i + offset
        ratios.append(flint.fmpq(b) ** x)
        weights.append(a)
        scaled.append(a * b ** (max(0, top) - x))
    return LatticeLoss(ratios, weights, scaled, D, L, infinite, ordered=True)
