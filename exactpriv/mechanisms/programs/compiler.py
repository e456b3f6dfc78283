"""Mechanisms written as programs: ``def algorithm(db, rng): ...`` compiled to an exact :class:`Mechanism`.

Algorithm
---------
The compiler never samples.  It runs the program once per input point *per path of random choices*, by
re-execution with a choice trace (depth-first search over the choices: a run replays the prefix of choices it is
given and takes the first alternative of every new choice; the next prefix advances the deepest choice with an
alternative left).  The probability of a path is the product of its choices' probabilities; the output's
probability is the sum over its paths, exact (rationals).  Each row is checked to sum to exactly 1.

Three kinds of randomness, so that infinite-support noise is exact and never truncated:

* **finite choices** (:meth:`Rng.choice`, :meth:`Rng.bernoulli`, :meth:`Rng.uniform`, …): one branch per value;
* **lazy noise** (:meth:`Rng.laplace`, :meth:`Rng.geometric`: two- and one-sided geometric laws on ℤ / ℕ): a
  :class:`NoisyValue` ``offset + ν`` whose value is *not* enumerated.  A comparison with a known value t splits it
  into two branches, ν ≥ t and ν < t, each keeping its noise's interval; at the end of the run each such noise
  contributes P(ν ∈ interval), a closed-form geometric tail.  Given the other values, noises compared this way are
  independent, so a noise compared once costs two branches, not its support (Lyu–Su–Li's SVT: given the threshold
  noise, the query comparisons are independent);
* **latent values**: when a value must be known (a noisy value compared with another noisy value, the winner of
  :meth:`Rng.argmax`, :meth:`Rng.draw`), its noise is enumerated: every value in a window (−K, K) is one branch,
  and the two tails u ≥ K and −u ≤ −K are one branch each, in which the value is a symbol
  (:class:`TailValue`).  Inside a tail every probability the program produces is an exponential polynomial in u,
  summed over the whole tail in closed form (:mod:`.tails`).  A tail value is beyond every integer the program
  compares it with once K is large enough: each such comparison records the K it needs, and the row is recomputed
  with that K (so the result does not depend on K: the window only decides which terms are summed one by one).

What a program may not do (typed :class:`UnsupportedProgram` errors, never a silent approximation): use a lazy
noisy value as a number (``int(v)``, ``if v:``, ``v == 3``, returning it) — reveal it with :meth:`Rng.reveal`
(whose values outside a declared window are merged into the labels ``"<lo"`` / ``">hi"``: a post-processing, so
the ε measured is a lower bound of the program's and any refutation stands); or compare values in the tails of
two different latent noises, or a tail value with a bound that comes from another noise's window (a running
maximum of three or more noisy values: each window needs the next — detected after a few windows).  Two noisy
values that both carry constraints are compared by enumerating one of them on its interval; the sum of two noisy
values enumerates the later-drawn one and keeps the other lazy (its value in the offset).  Truncated or clamped noise is
available as finite laws (:mod:`.noise`): that is a different program, and its ε is that program's — truncating
query noise can make ε infinite (outputs whose support depends on the input), and the measure says so.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable

from exactpriv.errors import BudgetExceededError, ExactPrivError, InvalidArgument
from exactpriv.exact.ratfunc import RationalFunction
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Space

from .noise import DiscreteLaplace, Geometric, bernoulli, randomized_response, uniform
from .tails import ExpPoly

__all__ = ["NoisyValue", "ProgramRun", "Rng", "TailValue", "UnsupportedProgram", "compile_program",
           "program_mechanism", "run_program"]

INF = math.inf
#: the largest window (−K, K) a row may need before the program is called unsupported
MAX_WINDOW = 1024
#: consecutive window growths by one (each run needing just the next window) taken as a bound that moves with the
#: window, never reached.  Empirically determined parameter: the bank's programs need at most a few.
_MAX_CHASE = 24


class UnsupportedProgram(ExactPrivError):
    """The program does something the exact compiler cannot follow (the message says what and what to do)."""


class _Restart(BaseException):  # BaseException: a program's own `except Exception` must not swallow it
    """A tail needs a larger window: recompute the row with K = ``needed``."""

    def __init__(self, needed: int):
        self.needed = needed


class _Dead(BaseException):
    """The path has probability 0 (an empty noise interval): no output."""


class TailValue:
    """A latent value in a tail of its noise's support: ``sign·u + c`` with u ≥ K (sign +1: the upper tail,
    beyond every integer the program uses; −1: the lower tail)."""

    __slots__ = ("rng", "var", "sign", "c")

    def __init__(self, rng, var, sign, c):
        self.rng, self.var, self.sign, self.c = rng, var, sign, c

    def __add__(self, k: int) -> "TailValue":
        if isinstance(k, TailValue):
            raise UnsupportedProgram("the sum of two values in noise tails is not supported")
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        return TailValue(self.rng, self.var, self.sign, self.c + k)

    __radd__ = __add__

    def __sub__(self, k: Any) -> Any:
        if isinstance(k, TailValue):
            if k.var != self.var or k.sign != self.sign:
                raise UnsupportedProgram("the difference of values in two noise tails is not supported")
            return self.c - k.c
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        return TailValue(self.rng, self.var, self.sign, self.c - k)

    def __rsub__(self, k: int) -> "TailValue":
        """k − (s·u + c) = (−s)·u + (k − c)."""
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        return TailValue(self.rng, self.var, -self.sign, k - self.c)

    def _cmp(self, other, op):
        if isinstance(other, NoisyValue):
            return other._compare(self, _FLIP[op])
        return self.rng._greater_equal_known(self, other, op)

    def __ge__(self, o: Any) -> bool:
        return self._cmp(o, ">=")

    def __gt__(self, o: Any) -> bool:
        return self._cmp(o, ">")

    def __le__(self, o: Any) -> bool:
        return self._cmp(o, "<=")

    def __lt__(self, o: Any) -> bool:
        return self._cmp(o, "<")

    def __bool__(self) -> bool:
        raise UnsupportedProgram("a value in the tail of a noise's support has no truth value")

    def __hash__(self) -> int:
        raise UnsupportedProgram("a noisy value cannot be an output or a key as it is: reveal it with "
                                 "rng.reveal(value, lo, hi) (values outside [lo, hi] are merged into two labels)")

    def __repr__(self):
        return f"TailValue({'+' if self.sign > 0 else '-'}u{self.var} + {self.c})"


_FLIP = {">=": "<=", ">": "<", "<=": ">=", "<": ">"}

#: the types of interval ends other than tail values: ints, and the floats ±inf (INF)
_ENDS = (int, float)


def _holds(a, b, op: str) -> bool:
    """``a op b`` for known numbers, op one of >=, >, <=, <."""
    if op == ">=":
        return a >= b
    if op == ">":
        return a > b
    if op == "<=":
        return a <= b
    if op == "<":
        return a < b
    raise ValueError(op)


class _Noise:
    __slots__ = ("id", "law", "lo", "hi", "done")

    def __init__(self, id, law):
        self.id, self.law = id, law
        self.lo = -INF if law.lower_unbounded else 0
        self.hi = INF
        self.done = False  # materialised: its probability is already in the path weight


class NoisyValue:
    """``offset + ν`` for a lazy noise ν: compare it (``>=``, ``>``, ``<=``, ``<``) with numbers or other values;
    every other use raises :class:`UnsupportedProgram`."""

    __slots__ = ("rng", "noise", "offset")

    def __init__(self, rng, noise, offset=0):
        self.rng, self.noise, self.offset = rng, noise, offset

    def __add__(self, k: Any) -> "NoisyValue":
        if isinstance(k, NoisyValue) and k.noise is not self.noise:
            # the sum of two noisy values: the later-drawn one is enumerated (window and tails), the other stays
            # lazy with that value in its offset (exact: the sum's law is the convolution, summed path by path)
            lazy, known = (self, k) if self.noise.id < k.noise.id else (k, self)
            return NoisyValue(self.rng, lazy.noise, lazy.offset + self.rng._materialise(known))
        if isinstance(k, TailValue):
            return NoisyValue(self.rng, self.noise, k + self.offset)
        if isinstance(k, bool) or not isinstance(k, int):
            if isinstance(k, NoisyValue):
                raise UnsupportedProgram("the sum of a noisy value with itself is not supported: multiply it by 2 "
                                         "before adding noise")
            return NotImplemented
        return NoisyValue(self.rng, self.noise, self.offset + k)

    __radd__ = __add__

    def __sub__(self, k: int) -> "NoisyValue":
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        return NoisyValue(self.rng, self.noise, self.offset - k)

    def _compare(self, other, op):
        return self.rng._compare_noisy(self, other, op)

    def __ge__(self, o: Any) -> bool:
        return self._compare(o, ">=")

    def __gt__(self, o: Any) -> bool:
        return self._compare(o, ">")

    def __le__(self, o: Any) -> bool:
        return self._compare(o, "<=")

    def __lt__(self, o: Any) -> bool:
        return self._compare(o, "<")

    def __eq__(self, o: object) -> bool:
        raise UnsupportedProgram("== on a noisy value is not supported: compare with <, <=, > or >=")

    def __bool__(self) -> bool:
        raise UnsupportedProgram("a noisy value has no truth value: compare it with a threshold")

    def __int__(self) -> int:
        raise UnsupportedProgram("a noisy value is not a number until revealed: use rng.reveal(value, lo, hi)")

    __index__ = __int__

    def __hash__(self) -> int:
        raise UnsupportedProgram("a noisy value cannot be an output or a key as it is: reveal it with "
                                 "rng.reveal(value, lo, hi) (values outside [lo, hi] are merged into two labels)")

    def __repr__(self):
        return f"NoisyValue({self.offset} + ν{self.noise.id} ∈ [{self.noise.lo}, {self.noise.hi}])"


def _check_int(v, what):
    if isinstance(v, bool) or not isinstance(v, int):
        raise UnsupportedProgram(f"{what}={v!r} of type {type(v).__name__}: noisy programs compare integers (scale "
                                 f"the queries to integers)")
    return v


class Rng:
    """The random source a program draws from: every draw is a branch point of the exact enumeration."""

    def __init__(self, prefix: list[int], K: int, products: "_PrefixProducts | None" = None) -> None:
        self._prefix = prefix
        self._trace: list[tuple[int, int]] = []
        self._K = K
        self._scale = Fraction(1)
        self._poly: ExpPoly | None = None
        self._tail_vars: list = []
        self._noises: list[_Noise] = []
        self._products = products
        self._factors: list = []  # the path's factors in order, as (key, value), when its products are memoised

    # ----- the choice trace
    def _branch(self, n: int) -> int:
        pos = len(self._trace)
        i = self._prefix[pos] if pos < len(self._prefix) else 0
        self._trace.append((i, n))
        return i

    def _need(self, K: int) -> None:
        if K > self._K:
            raise _Restart(K)

    def _times(self, p) -> None:
        if self._products is not None:
            self._factors.append((_key(p), p))
            return
        if isinstance(p, ExpPoly):
            self._poly = p if self._poly is None else self._poly * p
        else:
            self._scale *= p

    # ----- finite laws
    def choice(self, law: dict) -> Any:
        """A value of a finite law ``{value: probability}`` (exact probabilities summing to 1)."""
        items = [(v, p if isinstance(p, RationalFunction) else Fraction(p)) for v, p in law.items() if p != 0]
        if sum(p for _, p in items) != 1:
            raise InvalidArgument(f"choice(law={law!r}): the probabilities must sum to exactly 1")
        v, p = items[self._branch(len(items))]
        self._times(p)
        return v

    def bernoulli(self, p: Any) -> bool:
        return self.choice(bernoulli(p))

    def uniform(self, values: Any) -> Any:
        return self.choice(uniform(values))

    def randomized_response(self, x: Any, values: Any, p: Any) -> Any:
        return self.choice(randomized_response(x, values, p))

    # ----- lazy noise
    def _lazy(self, law) -> NoisyValue:
        nz = _Noise(len(self._noises), law)
        self._noises.append(nz)
        return NoisyValue(self, nz)

    def laplace(self, alpha: Any) -> NoisyValue:
        """Two-sided geometric (discrete Laplace) noise ν, P(ν = k) ∝ α^|k|: a lazy :class:`NoisyValue`."""
        return self._lazy(_law(DiscreteLaplace, alpha))

    def geometric(self, alpha: Any) -> NoisyValue:
        """One-sided geometric (discrete exponential) noise ν ≥ 0, P(ν = k) = (1−α)α^k: a lazy value."""
        return self._lazy(_law(Geometric, alpha))

    def draw(self, value: Any) -> Any:
        """The value of a noisy value (or of a fresh noise law) now: an int in the window, a
        :class:`TailValue` in a tail."""
        if isinstance(value, (DiscreteLaplace, Geometric)):
            value = self._lazy(value)
        if not isinstance(value, NoisyValue):
            return value
        return self._materialise(value)

    def _materialise(self, v: NoisyValue):
        nz = v.noise
        if nz.done:
            return v.offset + nz.lo
        lo, hi = nz.lo, nz.hi
        if isinstance(lo, TailValue) or isinstance(hi, TailValue):
            raise UnsupportedProgram(
                f"{v!r} is constrained relative to a value in another noise's tail and must now be known: compare "
                f"the other value first, or use rng.argmax / rng.reveal")
        # a constrained noise (ν in [lo, hi] after earlier comparisons) is enumerated on its interval only: the
        # point masses replace the interval's probability in the path weight (the event is split, not changed)
        for end in (lo, hi):
            if end not in (INF, -INF):
                self._need(abs(end) + 1)  # the window holds every finite end
        K = self._K
        law = nz.law
        first = (-K + 1 if law.lower_unbounded else 0) if lo == -INF else lo
        window = list(range(first, (K - 1 if hi == INF else hi) + 1))
        lower_tail = lo == -INF and law.lower_unbounded
        upper_tail = hi == INF
        i = self._branch(len(window) + lower_tail + upper_tail)
        nz.done = True
        if i < len(window):
            k = window[i]
            self._times(law.pmf(k))
            nz.lo = nz.hi = k
            return v.offset + k
        upper = upper_tail and i == len(window)
        var = ("u", nz.id)
        self._tail_vars.append(var)
        self._times(_pmf_tail(law, var, upper))
        nz.lo = nz.hi = TailValue(self, var, 1 if upper else -1, 0)
        return v.offset + nz.lo

    # ----- comparisons
    def _greater_equal_known(self, a, b, op):
        """Compare two known values (ints or tail values): decided, recording the K a tail needs."""
        if not isinstance(a, TailValue) and not isinstance(b, TailValue):
            return _holds(a, b, op)
        if isinstance(a, TailValue) and isinstance(b, TailValue):
            if a.var != b.var:
                raise UnsupportedProgram("a comparison of values in the tails of two different noises is not "
                                         "supported")
            if a.sign != b.sign:  # a − b = ±2u + (a.c − b.c): the sign of a once 2K > |a.c − b.c|
                self._need(abs(a.c - b.c) // 2 + 1)
                above = a.sign > 0
                return above if op in (">=", ">") else not above
            return _holds(a.c - b.c, 0, op)
        if isinstance(b, TailValue):
            return self._greater_equal_known(b, a, _FLIP[op])
        _check_int(b, "compared value")
        # a = sign·u + c with u ≥ K: beyond b once K > |b − c|
        self._need(abs(b - a.c) + 1)
        above = a.sign > 0
        return above if op in (">=", ">") else not above

    def _compare_noisy(self, v: NoisyValue, other, op, *, force: bool = False):
        if isinstance(other, NoisyValue) and other.noise.done:
            other = other.offset + other.noise.lo
        if v.noise.done:
            known = v.offset + v.noise.lo
            return other._compare(known, _FLIP[op]) if isinstance(other, NoisyValue) else \
                self._greater_equal_known(known, other, op)
        if isinstance(other, NoisyValue):
            if other.noise is v.noise:
                return _holds(v.offset - other.offset, 0, op)
            # materialise the earlier-drawn unconstrained noise (the shared one: SVT's threshold)
            first, second = (v, other) if v.noise.id < other.noise.id else (other, v)
            # the earlier-drawn one, unless only the other is free (a free noise is the cheaper to enumerate);
            # a constrained one is enumerated on its interval
            target = second if (_free(second.noise) and not _free(first.noise)) else first
            known = self._materialise(target)
            return other._compare(known, _FLIP[op]) if target is v else v._compare(known, op)
        if not isinstance(other, TailValue):
            _check_int(other, "threshold")
        # offset + ν op t  ⇔  ν ≥ t − offset (op ">=") etc.
        t = other - v.offset
        if op == ">":
            t = t + 1
        elif op == "<=":
            t = t + 1
        # now: (">=", ">") ask ν ≥ t; ("<", "<=") ask ν < t
        return self._split(v.noise, t, want_at_least=op in (">=", ">"), force=force)

    def _split(self, nz: _Noise, t, *, want_at_least: bool, force: bool = False) -> bool:
        """Branch on ν ≥ t (True) vs ν < t; prune an empty side; returns the outcome of the asked side.
        ``force``: only the asked side (a constraint, not a branch; the path dies if it is empty)."""
        if nz.done:  # a materialised noise has a known value: lo == hi
            holds = self._greater_equal_known(nz.lo, t, ">=") == want_at_least
            if force and not holds:
                raise _Dead()
            return holds
        lo, hi = nz.lo, nz.hi
        if type(t) is int and type(lo) in _ENDS and type(hi) in _ENDS:
            # ends in Z ∪ {±inf}: there _less is `<`, so the sides of _sides are taken with the builtins and without
            # building them (~60,000 splits compile one SVT on StatDP's pairs): ν ≥ t is [max(lo, t), hi], ν < t is
            # [lo, min(hi, t − 1)]; the same branch as below (index 0 the ν ≥ t side, a branch only when both sides
            # are possible); tests/mechanisms/test_program_splits.py compares both paths
            up_lo = t if lo < t else lo
            down_hi = hi if hi < t - 1 else t - 1
            up, down = not hi < up_lo, not down_hi < lo
            if force:
                up, down = (up, False) if want_at_least else (False, down)
            if up and down:
                up = self._branch(2) == 0
            elif not up and not down:
                raise _Dead()
            if up:
                nz.lo = up_lo
                return want_at_least
            nz.hi = down_hi
            return not want_at_least
        return self._split_by_sides(nz, t, want_at_least=want_at_least, force=force)

    def _split_by_sides(self, nz: _Noise, t, *, want_at_least: bool, force: bool) -> bool:
        """The general path of :meth:`_split` (any ends, tail values included), from :meth:`_sides`."""
        sides = self._sides(nz.lo, nz.hi, t)
        if force:
            sides = tuple(s for s in sides if s[0] == want_at_least)
        options = [s for s in sides if s[1] is not None]
        if not options:
            raise _Dead()
        outcome, (lo, hi) = options[self._branch(len(options))] if len(options) > 1 else options[0]
        nz.lo, nz.hi = lo, hi
        return outcome == want_at_least

    def _sides(self, lo, hi, t):
        """The two sides of splitting [lo, hi] at t: (True, [max(lo, t), hi]) for ν ≥ t and (False,
        [lo, min(hi, t − 1)]) for ν < t, an empty side as None (ends may be tail values)."""
        hi_side = (self._max(lo, t), hi)
        lo_side = (lo, self._min(hi, _shift(t, -1)))
        return tuple((outcome, None if self._empty(*side) else side)
                     for outcome, side in ((True, hi_side), (False, lo_side)))

    def _less(self, a, b) -> bool:
        """a < b for endpoints (ints, ±inf, tail values)."""
        if a == -INF or b == INF:
            return a != b
        if a == INF or b == -INF:
            return False
        return self._greater_equal_known(a, b, "<")

    def _max(self, a, b):
        return b if self._less(a, b) else a

    def _min(self, a, b):
        return a if self._less(a, b) else b

    def _empty(self, lo, hi) -> bool:
        return self._less(hi, lo)

    # ----- composite primitives
    def argmax(self, values: Any) -> int:
        """The index of the largest value (ties: the lowest index), exactly: the winner i is a branch, its value
        is drawn, and every other value is constrained below it (lower indices strictly)."""
        values = list(values)
        if not values:
            raise InvalidArgument("argmax of an empty sequence")
        i = self._branch(len(values))
        m = self.draw(values[i])
        for j, v in enumerate(values):
            if j == i:
                continue
            op = "<" if j < i else "<="
            if isinstance(v, NoisyValue):
                self._compare_noisy(v, m, op, force=True)
            elif not (m > v if op == "<" else m >= v):
                raise _Dead()
        return i

    def max(self, values: Any, *, lo: int, hi: int) -> Any:
        """The largest value, revealed in [lo, hi] (see :meth:`reveal`)."""
        values = list(values)
        return self.reveal(values[self.argmax(values)], lo, hi)

    def reveal(self, value: Any, lo: int, hi: int) -> Any:
        """The value if it lies in [lo, hi], else the label ``f"<{lo}"`` or ``f">{hi}"``: a post-processing of
        the value (so the ε measured on it is at most the program's)."""
        _check_int(lo, "lo"), _check_int(hi, "hi")
        if lo > hi:
            raise InvalidArgument(f"reveal: lo={lo} > hi={hi}")
        if isinstance(value, NoisyValue):
            if value < lo:
                return f"<{lo}"
            if value > hi:
                return f">{hi}"
            # lo ≤ value ≤ hi: one branch per value
            for k in range(lo, hi):
                if value <= k:
                    return k
            return hi
        if isinstance(value, TailValue):
            return f">{hi}" if value > hi else f"<{lo}"
        _check_int(value, "revealed value")
        return value if lo <= value <= hi else (f"<{lo}" if value < lo else f">{hi}")

    # ----- end of a run
    def _weight(self) -> Fraction:
        if self._products is not None:
            return self._memoised_weight()
        poly = ExpPoly.const(self._scale) if self._poly is None else self._poly.scaled(self._scale)
        for nz in self._noises:
            if nz.done or _free(nz):
                continue
            hi = _shift(nz.hi, 1)
            if isinstance(nz.lo, TailValue) or isinstance(hi, TailValue):
                poly = poly * (self._at_least(nz.law, nz.lo) - self._at_least(nz.law, hi))
            else:  # a plain rational factor: no polynomial arithmetic
                poly = poly.scaled(nz.law.at_least(nz.lo) - nz.law.at_least(hi))
        starts = {v: self._K for v in self._tail_vars}
        return poly.summed(starts) if starts else poly.value()

    def _memoised_weight(self) -> Fraction:
        """:meth:`_weight` as the product of the path's factors in order — the choices' masses, then each
        constrained noise's P(ν ∈ [lo, hi]) in the order of drawing — taken from the previous path's products for
        the prefix of factors both paths share (depth-first, consecutive paths differ in their deepest choices
        only, so a path costs a few products instead of one per noise: SVT6's 5·2^n paths).  The same exact value
        as the plain product (exact arithmetic; tests compare the compiled mechanisms)."""
        keys = [k for k, _ in self._factors]
        values: list = [v for _, v in self._factors]
        for nz in self._noises:
            if nz.done or _free(nz):
                continue
            hi = _shift(nz.hi, 1)
            keys.append(("P", nz.law, _end_key(nz.lo), _end_key(hi)))
            values.append((nz.law, nz.lo, hi))  # made into P(lo ≤ ν < hi) only when the memo lacks it

        def make(i):
            if i < len(self._factors):
                return values[i]
            law, lo, hi = values[i]
            if isinstance(lo, TailValue) or isinstance(hi, TailValue):
                return self._at_least(law, lo) - self._at_least(law, hi)
            return law.at_least(lo) - law.at_least(hi)

        product = self._products.product(keys, make)
        if self._tail_vars:
            product = product if isinstance(product, ExpPoly) else ExpPoly.const(product)
            return product.summed({v: self._K for v in self._tail_vars})
        return product.value() if isinstance(product, ExpPoly) else product

    def _at_least(self, law, t) -> ExpPoly:
        if not isinstance(t, TailValue):
            return ExpPoly.const(law.at_least(t))
        poly, start = _tail_form(law, t.var, t.sign > 0, t.c)
        self._need(start)
        return poly


class _Same:
    """A key equal only to itself: a value with no hash by value (an ExpPoly) is shared by identity, and the memo
    holds it, so its id is never reused while the key lives."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return isinstance(other, _Same) and other.value is self.value

    def __hash__(self):
        return id(self.value)


def _key(p):
    if isinstance(p, ExpPoly):
        return _Same(p)
    return ("c", p)  # a Fraction or a RationalFunction of β: equal values, equal factors


def _end_key(t):
    return ("tail", t.var, t.sign, t.c) if isinstance(t, TailValue) else t


class _PrefixProducts:
    """The running products of the previous path's factors: ``product(factors)`` reuses them for the longest
    common prefix of keys (a key determines its factor's value) and multiplies the rest."""

    __slots__ = ("keys", "products", "reused", "multiplied")

    def __init__(self):
        self.keys: list = []
        self.products: list = []
        self.reused = self.multiplied = 0

    def product(self, new_keys: list, make):
        """The product of the factors ``make(i)`` keyed by ``new_keys[i]``; ``make`` is called only past the
        shared prefix."""
        keys, products = self.keys, self.products
        n = min(len(keys), len(new_keys))
        i = 0
        while i < n and keys[i] == new_keys[i]:
            i += 1
        del keys[i:], products[i:]
        self.reused += i
        acc = products[-1] if products else Fraction(1)
        for j in range(i, len(new_keys)):
            acc = _times(acc, make(j))
            keys.append(new_keys[j])
            products.append(acc)
            self.multiplied += 1
        return acc


def _times(a, b):
    """a·b for exact numbers and ExpPolys (an ExpPoly times a number: scaled)."""
    if isinstance(a, ExpPoly):
        return a * b if isinstance(b, ExpPoly) else a.scaled(b)
    if isinstance(b, ExpPoly):
        return b.scaled(a)
    return a * b


@lru_cache(maxsize=65536)
def _pmf_tail(law, var, upper):
    # one object per (law, variable, side): the memo shares it by identity across paths
    return law.pmf_in_tail(var, upper)


@lru_cache(maxsize=1024)
def _cached_law(kind, alpha):
    return kind(alpha)


@lru_cache(maxsize=65536)
def _tail_form(law, var, upper, c):
    # the same tail factors recur on every path and every input: build each polynomial once
    return law.at_least_in_tail(var, upper, c)


#: the law objects of rational α by (kind, numerator, denominator): a key hashed without the Fraction's hash (a
#: modular inverse), for the draw of every noise on every path; the objects are those of _cached_law
_RATIONAL_LAWS: dict = {}


def _law(kind, alpha):
    """The law object for ``alpha``, built (and validated) once per value."""
    if type(alpha) is Fraction:
        key = (kind, alpha.numerator, alpha.denominator)
        law = _RATIONAL_LAWS.get(key)
        if law is None:
            if len(_RATIONAL_LAWS) >= 1024:
                _RATIONAL_LAWS.clear()
            law = _RATIONAL_LAWS[key] = _cached_law(kind, alpha)
        return law
    try:
        return _cached_law(kind, alpha)
    except TypeError:  # unhashable: let the law's own validation name it
        return kind(alpha)


def _shift(t, k):
    return t if t in (INF, -INF) else t + k


def _free(nz: _Noise) -> bool:
    return not nz.done and nz.hi == INF and nz.lo == (-INF if nz.law.lower_unbounded else 0)


def hashable_output(y):
    """A program's output as a hashable value (lists become tuples), so equal outputs are one outcome."""
    if isinstance(y, list):
        return tuple(hashable_output(v) for v in y)
    try:
        hash(y)
    except UnsupportedProgram:
        raise
    except TypeError:
        raise UnsupportedProgram(f"the program returned {y!r} of type {type(y).__name__}, which cannot be an "
                                 f"output label (return ints, strings, or tuples of them)") from None
    return y


class ProgramRun:
    """The exact output distribution of a program on one input: ``dist`` {output: probability}, ``runs`` (program
    executions), ``K`` (the window the tails needed)."""

    def __init__(self, dist: dict, runs: int, K: int) -> None:
        self.dist, self.runs, self.K = dist, runs, K

    def __repr__(self):
        return f"ProgramRun({len(self.dist)} outputs, {self.runs} runs, K={self.K})"


def run_program(program: Callable[..., Any], db: Any, *, K: int = 2, max_runs: int = 1_000_000,
                memo: bool = True) -> ProgramRun:
    """The exact output distribution of ``program(db, rng)`` (checked to sum to exactly 1).  Probabilities are
    Fractions, or :class:`~exactpriv.exact.ratfunc.RationalFunction` s of β when the program's noise parameters
    are (see ``symbol=`` of :func:`program_mechanism`).  ``memo``: each path's weight reuses the products of the
    previous path's shared prefix of factors (False: every path multiplies all its factors — the plain
    evaluation the memoised one is tested against)."""
    runs = chased = 0
    while True:
        try:
            dist: dict = {}
            prefix: list[int] = []
            products = _PrefixProducts() if memo else None
            while True:
                runs += 1
                if runs > max_runs:
                    raise BudgetExceededError(f"the program took more than max_runs={max_runs:,} runs on input "
                                              f"{db!r}; raise max_runs or use a smaller input space")
                rng = Rng(prefix, K, products)
                try:
                    y = hashable_output(program(db, rng))
                    p = rng._weight()
                    if p:
                        dist[y] = dist.get(y, Fraction(0)) + p
                except _Dead:
                    pass
                trace = rng._trace
                while trace and trace[-1][0] + 1 >= trace[-1][1]:
                    trace.pop()
                if not trace:
                    break
                prefix = [c for c, _ in trace[:-1]] + [trace[-1][0] + 1]
            break
        except _Restart as r:
            chased = chased + 1 if r.needed <= K + 1 else 0
            K = max(r.needed, K + 1)
            if chased > _MAX_CHASE:  # each window needs the next: a bound that moves with the window
                raise UnsupportedProgram(
                    f"on input {db!r} a value in the tail of one noise is compared with a bound that comes from "
                    f"another noise's window (the window grew {chased} times by one, each needing the next; e.g. "
                    f"a running maximum of three or more noisy values): use rng.argmax / rng.max, or reveal "
                    f"one value") from None
            if K > MAX_WINDOW:
                raise UnsupportedProgram(
                    f"on input {db!r} the program compares a value in the tail of one noise with values of another "
                    f"that grow with the window (K > {MAX_WINDOW}); compare each noise with known values only") from None
    total = sum(dist.values(), Fraction(0))
    if total != 1:  # the closed-form tails and the branches must account for every outcome
        raise ArithmeticError(f"internal error: the output probabilities on {db!r} sum to {total}, not 1")
    return ProgramRun(dist, runs, K)


def program_mechanism(program: Callable[..., Any], inputs: Space, *, name: str | None = None, K: int = 2,
                      max_runs: int = 1_000_000, symbol: tuple[str, Any] | None = None,
                      memo: bool = True) -> Mechanism:
    """The exact mechanism x ↦ law of ``program(x, rng)`` on every point of ``inputs`` (a Space, whose neighbour
    relation the measures use).  Outputs are ordered as first met (inputs in order, paths depth-first).

    symbol : ``(keyword, expression)`` compiles the program *for every ε at once*: it is called as
        ``program(x, rng, **{keyword: β})`` with β a formal variable
        (:class:`~exactpriv.exact.ratfunc.RationalFunction`), its noise parameters powers c·β^m of it (e.g.
        ``rng.laplace(beta ** 2)``), and every probability is a rational function of β, exact for every β in
        (0, 1); the mechanism's entries are those functions at β = ``expression`` (a sympy expression in ε,
        e.g. ``sympy.exp(-EPS / 4)``): a symbolic family, whose claims are decided for all ε.
    memo : share the products of path prefixes (see :func:`run_program`; False only to test it)
    """
    if not callable(program):
        raise InvalidArgument(f"program={program!r} must be a function (db, rng) -> output")
    if not isinstance(inputs, Space):
        raise InvalidArgument(f"inputs={inputs!r} must be an exactpriv Space (e.g. QueryAnswers(range(0, 2), n=3))")
    if isinstance(K, bool) or not isinstance(K, int) or K < 1:
        raise InvalidArgument(f"K={K!r} must be a positive int (the first window; it grows as the tails need)")
    run = program
    if symbol is not None:
        if (not isinstance(symbol, tuple) or len(symbol) != 2 or not isinstance(symbol[0], str)
                or not symbol[0].isidentifier()):
            raise InvalidArgument(f"symbol={symbol!r} must be (keyword, expression), e.g. ('beta', exp(-EPS/4))")
        keyword, beta_is = symbol
        beta = RationalFunction.gen()

        def run(db, rng):  # noqa: F811 — the program with its formal β
            return program(db, rng, **{keyword: beta})

    if not isinstance(memo, bool):
        raise InvalidArgument(f"memo={memo!r} must be True or False")
    dists = [run_program(run, x, K=K, max_runs=max_runs, memo=memo).dist for x in inputs.points]
    outputs: dict = {}
    for d in dists:
        for y in d:
            outputs.setdefault(y, len(outputs))
    rows = [[d.get(y, Fraction(0)) for y in outputs] for d in dists]
    label = name or f"program_mechanism({getattr(program, '__name__', 'program')}, {inputs!r})"
    if symbol is None:
        if any(isinstance(v, RationalFunction) for row in rows for v in row):
            raise InvalidArgument("the program's probabilities are functions of a formal β: pass symbol=(keyword, "
                                  "expression) to say what β is")
        return Mechanism(inputs, list(outputs), rows, name=label)
    # equal probabilities recur across rows and outputs (812 entries of 148 distinct functions in the programs
    # bank): each distinct one becomes a sympy expression once in this call
    converted: dict = {}

    def entry(v):
        if not isinstance(v, RationalFunction):
            return _entry(v, beta_is)
        if v not in converted:
            converted[v] = _entry(v, beta_is)
        return converted[v]

    entries = tuple(tuple(entry(v) for v in row) for row in rows)
    return Mechanism(inputs, list(outputs), entries, name=label, _validated=entries)


def _entry(v, beta_is):
    """A compiled probability as a mechanism entry: a Fraction stays, a function of β becomes the sympy
    expression at β = ``beta_is``.  (Each row was checked to sum to exactly 1 as rational functions, an identity
    in β, so the mechanism's own sympy check is skipped.)"""
    if isinstance(v, RationalFunction):
        if v.N.degree() <= 0 and v.D.degree() == 0:
            return v.at(0)
        return v.to_sympy(beta_is)
    return v


compile_program = program_mechanism
