"""Exact rational solution of sparse integer linear systems by numeric lifting.

Algorithm and why
-----------------
The exact LP certificate (:mod:`exactpriv.exact.lp`) needs ``B x = b`` and ``Bᵀ y = c``
solved exactly for a square basis ``B`` that is large (6,561 columns on the
privacy–distortion LP of Wang–Ying–Zhang with n = 4, m = 3) and very sparse (about three
nonzeros a column).  python-flint's ``fmpq_mat.solve`` is dense (fraction-free LU or
p-adic Dixon lifting over an inverse computed mod p): 475 s on that basis.  No maintained
Python library solves *sparse* rational systems, so this module implements the
numeric-lifting method of Wan ("An algorithm to solve integer linear systems exactly using
numerical methods", J. Symbolic Computation 41, 2006; after Pan and Wang, and Saunders,
Wood and Youse), whose only expensive part is a library call:

1. Factor the float64 matrix once with SuperLU (``scipy.sparse.linalg.splu``; its
   fill-reducing ordering keeps the factors sparse).  A matrix SuperLU finds singular
   raises :class:`SingularSystemError`.
2. Lifting, with the residual kept *exactly* in integers.  Start with r₀ = b.  Step k:
   x̂ = B⁻¹ r_k in floats; choose α_k = 2^{e_k}; x_k = round(α_k x̂) (integers);
   r_{k+1} = α_k r_k − B x_k (exact).  By induction
       x = (Σ_k x_k / (α_0⋯α_k)) + B⁻¹ r_{K+1} / (α_0⋯α_K),
   an *identity*, whatever the float errors were: floats only decide how many bits each
   step gains.  If the float solve has relative error θ, then |B⁻¹ r_{k+1}| ≤
   α_k θ |B⁻¹ r_k| + 1/2, so the remainder stays O(1) as long as α_k θ < 1/2; e_k adapts
   (grows while the remainder stays small, shrinks when it grows), and every integer in
   the step is bounded so the products run in numpy int64 without overflow
   (``_INT64_SAFE``); entries too large for that use Python integers (object arrays).
3. Rational reconstruction: with S = Σ e_k bits, x_j is within |B⁻¹r|_j / 2^S of
   N_j / 2^S, and the *simplest* fraction in that interval (continued fractions,
   :func:`simplest_between`) is x_j once 2^S exceeds about twice the product of its
   numerator and denominator.  Components share a running common denominator (Wan's
   trick): most components are then recognised as integers over it without a new
   continued fraction.
4. The candidate is verified exactly (``B·P == Q·b`` in integers).  Reconstruction is
   tried as S grows geometrically and stops at Hadamard's bound on the sizes of the
   solution (Cramer's rule); a system that does not verify by then raises
   :class:`LiftingError`.  Nothing here is trusted without the exact check, so float
   accuracy affects speed only, never the answer.

Measured on the 6,561×6,561 bases of that LP (``bench/bench_lp.py --large``): about 0.1 s a
solve at e^ε = 11/10 and 101/100, against 475 s for the dense flint solve.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import scipy.sparse
import scipy.sparse.linalg

from exactpriv.errors import ExactPrivError, ShapeError

__all__ = ["LiftingError", "SingularSystemError", "SparseIntegerSystem", "simplest_between"]

#: Largest magnitude kept in an int64 intermediate (products and sums stay below 2^62).
_INT64_SAFE = 2**61

#: Residuals with more bits than this are scaled down before the float solve (float64
#: overflows near 2^1024).
_FLOAT_BITS = 900

#: Bits gained per lifting step: starting value and ceiling.  Float64 solves of the
#: matrices we meet have relative errors around 1e-12, so 2^30 per step keeps the
#: remainder O(1).  Empirically determined parameter.
_START_BITS = 24
_MAX_BITS_PER_STEP = 40


class SingularSystemError(ExactPrivError, ArithmeticError):
    """The matrix is singular (SuperLU found an exactly zero pivot)."""


class LiftingError(ExactPrivError, ArithmeticError):
    """Numeric lifting did not produce a verified solution within the Hadamard bound."""


def simplest_between(lo_n, lo_d, hi_n, hi_d):
    """(p, q): the fraction with least q (then least |p|) in [lo_n/lo_d, hi_n/hi_d].

    Requires positive denominators and lo <= hi.  Continued-fraction (Stern–Brocot)
    descent in integers; hand-written because no library offers it
    (``Fraction.limit_denominator`` returns the *closest* fraction under a denominator
    bound, not the simplest one within a tolerance).
    """
    if lo_n <= 0 <= hi_n:
        return 0, 1
    if hi_n < 0:
        p, q = simplest_between(-hi_n, hi_d, -lo_n, lo_d)
        return -p, q
    terms = []
    while True:
        fl = lo_n // lo_d
        if fl * lo_d == lo_n:  # lo is an integer
            terms.append(fl)
            break
        if (fl + 1) * hi_d <= hi_n:  # an integer lies in (lo, hi]
            terms.append(fl + 1)
            break
        terms.append(fl)
        # fl < lo <= hi < fl + 1: continue with [1/(hi - fl), 1/(lo - fl)].
        lo_n, lo_d, hi_n, hi_d = hi_d, hi_n - fl * hi_d, lo_d, lo_n - fl * lo_d
    p, q = terms[-1], 1
    for a in reversed(terms[:-1]):
        p, q = a * p + q, p
    return p, q


def _max_abs(values) -> int:
    return max((abs(int(v)) for v in values), default=0)


class SparseIntegerSystem:
    """A square sparse integer matrix B, factored once, solving B x = b and Bᵀ y = c exactly.

    Parameters
    ----------
    rows, cols : sequences of int
        Positions of the nonzeros (duplicates are not allowed).
    values : sequence of int
        The nonzero integer entries.
    size : int
        The matrix is size × size.
    """

    def __init__(self, rows, cols, values, size):
        rows = np.asarray(rows, dtype=np.int64)
        cols = np.asarray(cols, dtype=np.int64)
        if not (len(rows) == len(cols) == len(values)):
            raise ShapeError(f"rows, cols and values have lengths {len(rows)}, {len(cols)}, {len(values)}")
        self.size = size
        biggest = _max_abs(values)
        self._entry_bits = biggest.bit_length()
        if biggest < 2**31:
            data = np.asarray([int(v) for v in values], dtype=np.int64)
        else:
            data = np.empty(len(values), dtype=object)
            data[:] = [int(v) for v in values]
        self._values = data
        self._rows, self._cols = rows, cols
        fdata = np.asarray([float(v) for v in values], dtype=np.float64)
        A = scipy.sparse.csc_matrix((fdata, (rows, cols)), shape=(size, size))
        try:
            self._lu = scipy.sparse.linalg.splu(A)
        except RuntimeError as exc:  # "Factor is exactly singular"
            raise SingularSystemError(f"the {size}x{size} matrix is singular to SuperLU: {exc}") from None
        self._csr = {}
        # Hadamard: |det B| <= prod of the Euclidean norms of the columns (and of the rows).
        sq = np.zeros(size, dtype=np.float64)
        np.add.at(sq, cols, fdata * fdata)
        sq_r = np.zeros(size, dtype=np.float64)
        np.add.at(sq_r, rows, fdata * fdata)
        with np.errstate(divide="ignore"):
            hc = float(np.sum(np.log2(np.maximum(sq, 1.0)))) / 2
            hr = float(np.sum(np.log2(np.maximum(sq_r, 1.0)))) / 2
        self._det_bits = math.ceil(min(hc, hr)) + 1
        # Row sums of |B| (and of |Bᵀ|): bound |B x_k| by rowsum · max|x_k|.
        absv = np.abs(fdata)
        rs = np.zeros(size)
        np.add.at(rs, rows, absv)
        cs = np.zeros(size)
        np.add.at(cs, cols, absv)
        self._rowsum = {False: float(rs.max(initial=1.0)), True: float(cs.max(initial=1.0))}

    # -- integer products ------------------------------------------------------------------

    def _int_matrix(self, transpose):
        if transpose not in self._csr:
            r, c = (self._cols, self._rows) if transpose else (self._rows, self._cols)
            if self._values.dtype == object:
                order = np.lexsort((c, r))
                self._csr[transpose] = (r[order], c[order], self._values[order])
            else:
                self._csr[transpose] = scipy.sparse.csr_matrix(
                    (self._values, (r, c)), shape=(self.size, self.size), dtype=np.int64
                )
        return self._csr[transpose]

    def _matvec(self, x, transpose):
        """Exact B x (or Bᵀ x) for an int64 or object vector x."""
        M = self._int_matrix(transpose)
        if isinstance(M, tuple) or x.dtype == object:
            if not isinstance(M, tuple):
                M = (self._cols, self._rows, self._values) if transpose else (self._rows, self._cols, self._values)
            r, c, v = M
            out = [0] * self.size
            xs = [int(t) for t in x.tolist()]
            for i, j, a in zip(r.tolist(), c.tolist(), v.tolist()):
                out[i] += a * xs[j]
            arr = np.empty(self.size, dtype=object)
            arr[:] = out
            return arr
        return M @ x

    # -- the solve -------------------------------------------------------------------------

    def solve(self, rhs, *, transpose=False):
        """The exact solution of B x = rhs (Bᵀ x = rhs if ``transpose``) as a list of Fractions.

        ``rhs`` holds ints or Fractions.  Raises :class:`SingularSystemError` or
        :class:`LiftingError` (see the module head).
        """
        if len(rhs) != self.size:
            raise ShapeError(f"rhs has {len(rhs)} entries, expected {self.size}")
        den = math.lcm(*(Fraction(v).denominator for v in rhs)) if rhs else 1
        b = [int(Fraction(v) * den) for v in rhs]
        nums, q = self._solve_integer(b, transpose)
        return [Fraction(p, q * den) for p in nums]

    def _solve_integer(self, b, transpose):
        n = self.size
        trans = "T" if transpose else "N"
        bmax = _max_abs(b)
        if bmax == 0:
            return [0] * n, 1
        # Cramer: x_j = det(B_j)/det(B); |det(B_j)| <= H·|b|·... so 2·(bits of H) + bits of
        # |b|·sqrt(n) + 2 bits of 2^S suffice to reconstruct every component.
        needed = 2 * (self._det_bits + bmax.bit_length() + n.bit_length()) + 4
        rowsum = self._rowsum[transpose]
        r = self._as_int64(b)
        digits = []  # (e_k, x_k)
        S = 0
        bits = _START_BITS
        next_try = 64
        last_zmax = None
        big_steps = 0
        while True:
            rmax = _max_abs(r) if r.dtype == object else int(np.max(np.abs(r)))
            shift = max(0, rmax.bit_length() - _FLOAT_BITS)
            if shift:  # float64 would overflow: solve for the leading bits of r
                rf = np.asarray([float(int(v) >> shift) for v in r], dtype=np.float64)
            elif r.dtype == object:
                rf = np.asarray([float(v) for v in r], dtype=np.float64)
            else:
                rf = r.astype(np.float64)
            xh = self._lu.solve(rf, trans=trans)
            zmax = float(np.max(np.abs(xh))) if n else 0.0
            if not math.isfinite(zmax):
                raise LiftingError("the float solve returned a non-finite value (ill-conditioned matrix)")
            if shift or zmax * rowsum >= _INT64_SAFE >> 8:
                # A remainder too large for int64 digits: one step with α = 1 and Python
                # integers, x_k = round(B⁻¹r) to ~48 leading bits; r shrinks by ~2^40.
                big_steps += 1
                if big_steps > 8 + bmax.bit_length() // 16:
                    raise LiftingError("the residual does not shrink (ill-conditioned matrix)")
                xk = np.empty(n, dtype=object)
                total = shift + max(0, math.frexp(zmax)[1] - 48)  # x ≈ xh·2^shift
                xk[:] = [int(round(math.ldexp(v, shift - total))) << total for v in xh.tolist()]
                r = self._as_int64(self._minus(r, 0, xk, transpose))
                digits.append((0, xk))
                continue
            if S >= next_try or S >= needed:
                got = self._reconstruct(digits, S, max(zmax, 1.0), b, transpose)
                if got is not None:
                    return got
                if S >= needed:
                    raise LiftingError(
                        f"no verified solution after {S} bits (Hadamard bound {needed} bits): "
                        f"the float factorisation is too inaccurate for this matrix"
                    )
                next_try = min(max(2 * S, next_try + 64), needed)
            # adapt the step: the remainder B⁻¹r should stay O(1) between steps
            if last_zmax is not None:
                if zmax > 64 * max(last_zmax, 1.0):
                    bits = max(4, bits // 2)
                elif zmax <= 16:
                    bits = min(_MAX_BITS_PER_STEP, bits + 8)
            last_zmax = zmax
            # int64 safety: |x_k| <= 2^e·zmax·(1+) must keep rowsum·|x_k| < 2^61.
            cap = math.floor(math.log2(_INT64_SAFE / (rowsum * (zmax + 1.0) * 1.01)))
            e = max(1, min(bits, cap))
            xk = np.rint(np.ldexp(xh, e)).astype(np.int64)
            r = self._as_int64(self._minus(r, e, xk, transpose, rmax=rmax))
            digits.append((e, xk))
            S += e

    def _as_int64(self, values):
        """``values`` as an int64 array when every entry is small enough, else an object array."""
        if isinstance(values, np.ndarray) and values.dtype == np.int64:
            return values
        if self._values.dtype != object and _max_abs(values) < _INT64_SAFE >> 24:
            return np.asarray([int(v) for v in values], dtype=np.int64)
        out = np.empty(len(values), dtype=object)
        out[:] = [int(v) for v in values]
        return out

    def _minus(self, r, e, xk, transpose, *, rmax=None):
        """Exact 2^e·r − B xk (Bᵀ xk if ``transpose``), in int64 when no intermediate can overflow."""
        if rmax is None:
            rmax = _max_abs(r)
        if r.dtype != object and xk.dtype != object and self._values.dtype != object and (rmax << e) < _INT64_SAFE:
            return (r << e) - self._matvec(xk, transpose)
        robj = r if r.dtype == object else np.array(r.tolist(), dtype=object)
        return robj * (1 << e) - self._matvec(xk, transpose)

    def _reconstruct(self, digits, S, zbound, b, transpose):
        """Verified (numerators, denominator) from the lifted digits, or None."""
        n = self.size
        # N = Σ_k x_k 2^{S - S_k} with S_k the bits up to and including step k (Horner).
        N = [0] * n
        for e, xk in digits:
            xs = xk.tolist()
            N = [(a << e) + v for a, v in zip(N, xs)]
        # |x_j - N_j/2^S| <= ~zbound/2^S; widen by 2 for the float estimate of the remainder.
        w = 2 * math.ceil(zbound) + 1
        one = 1 << S
        Q = 1
        P = [0] * n
        scale_at = [1] * n  # Q at the time component j was fixed
        for j in range(n):
            v = N[j] * Q
            p, rem = divmod(v + (one >> 1), one)
            if abs(v - p * one) <= w * Q:
                P[j] = p
                scale_at[j] = Q
                # an integer over Q within the error: accept it as the candidate
                continue
            lo_n, hi_n = v - w * Q, v + w * Q
            p2, q2 = simplest_between(lo_n, one, hi_n, one)
            if q2.bit_length() + Q.bit_length() > S // 2 + 8:
                return None  # denominators too large for the current precision: lift more
            Q *= q2
            P[j] = p2
            scale_at[j] = Q
        nums = [P[j] * (Q // scale_at[j]) for j in range(n)]
        # exact verification: B·nums == Q·b
        arr = np.empty(n, dtype=object)
        arr[:] = nums
        lhs = self._matvec(arr, transpose)
        if all(int(a) == Q * bi for a, bi in zip(lhs, b)):
            return nums, Q
        return None
