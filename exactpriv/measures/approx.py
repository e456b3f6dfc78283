"""(ε, δ)-DP as an exact profile: δ(ε) = max over ordered neighbour pairs of E_{e^ε}(P_x‖P_x').

Algorithm and why
-----------------
For one ordered pair, E_γ(P‖Q) = max_S P(S) − γ Q(S) is the upper envelope of the lines
γ ↦ P(S) − γ Q(S) (S ranging over prefixes of the outputs sorted by P/Q), hence convex,
piecewise linear and non-increasing in γ = e^ε with rational breakpoints.  The profile is
the max over pairs of such functions: again convex piecewise linear in γ, with pieces
δ(ε) = A − B·e^ε (A = P(S), B = Q(S) rational).

Pieces are found by the *chord (Eisner–Severance) method* on an exact oracle
γ ↦ (δ(γ), a maximising line), which :class:`exactpriv.measures.engines.scan.engine.ScanEngine`
evaluates exactly and at numpy speed for rational γ: start with the line attaining δ at
γ = 1 and the limit line (A∞, 0) (A∞ = max P_x{y : P(y|x') = 0}); intersect two lines at γ_m
(rational) and query the oracle there.  If δ(γ_m) equals the lines' common value, convexity
proves δ coincides with them on either side of γ_m (a convex function squeezed between a
supporting line and its chord); otherwise the oracle's line is strictly higher at γ_m and
is a new piece.  This costs about 2 oracle calls per piece instead of building and hulling
the |pairs| x |Y| lines (6.4 million for the 729 x 729 benchmark).  ``delta`` at a rational
e^ε is one oracle call and does not build the pieces at all.

Measured: the full profile of the 729 x 729 E_d (2 pieces) takes 0.35 s; of a random
rational 729 x 729 mechanism (311 pieces, 622 oracle calls) about 9 s with the prefix oracle
(95 s with plain scans).

Inverse: ε(δ) = ln((A − δ)/B) on the piece where δ is crossed — the log of a rational,
returned as an exact :class:`LogForm` (or an exact sympy log when the rational is too large
to factor quickly).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, refuse_symbolic
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS, OO, as_rational
from exactpriv.measures.pair_divergences import gamma_of, log_of_ratio
from exactpriv.measures.arguments import check_group_size, check_mechanism, exact_level
from exactpriv.measures.engines.clamped import clamped_engine, shifted_pairs
from exactpriv.measures.closed_forms import rappor_frontier_pairs, tagged_group_pair, tagged_profile_engine
from exactpriv.measures.engines.composition import ComposedLossEngine
from exactpriv.measures.engines.scan.engine import ScanEngine
from exactpriv.measures.divergence import all_pairs, pairs_within, space_edges
from exactpriv.measures.pair_divergences import gamma_of_eps_or_exp
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.mechanisms.clamped import ClampedNoiseMechanism

_U = 2.0 ** -53  # unit roundoff of binary64

__all__ = [
    "ApproxDPProfile",
    "Piece",
    "approx_dp",
    "is_approx_dp",
    "group_approx_dp",
    "is_group_approx_dp",
]


#: Largest pairs x (outputs + 1) for which the prefix oracle's arrays are built (~40 bytes
#: per entry).  Empirically determined parameter: 4374 pairs x 730 fits comfortably.
_PREFIX_ENTRIES = 1 << 23


@dataclass(frozen=True)
class Piece:
    """δ(ε) = A − B·e^ε for e^ε in [gamma_lo, gamma_hi] (gamma_hi None = +oo).

    A = P_x(S), B = P_x'(S) for the witness pair (x, x') and event S."""

    gamma_lo: Fraction
    gamma_hi: Fraction | None
    A: Fraction
    B: Fraction
    witness: dict = field(default_factory=dict, compare=False)

    @property
    def eps_lo(self):
        """Left end ln(gamma_lo) (exact)."""
        return log_of_ratio(self.gamma_lo)

    @property
    def eps_hi(self):
        """Right end ln(gamma_hi) (exact), or sympy.oo."""
        return OO if self.gamma_hi is None else log_of_ratio(self.gamma_hi)

    def at(self, gamma: Fraction) -> Fraction:
        return self.A - self.B * gamma

    def to_sympy(self):
        """A − B·exp(eps)."""
        return sympy.Rational(self.A.numerator, self.A.denominator) - \
            sympy.Rational(self.B.numerator, self.B.denominator) * sympy.exp(EPS)


@dataclass(frozen=True)
class _Line:
    A: Fraction
    B: Fraction
    witness: dict = field(default_factory=dict, compare=False)

    def at(self, g):
        return self.A - self.B * g


class _PrefixOracle:
    """Exact E_γ oracle for many queries on one pair set (generic float-path mechanisms).

    Built once: for every unordered pair (x, x') the outputs are sorted by the ratio
    P(y|x)/P(y|x') decreasingly (float argsort, then *verified exactly* by integer
    cross-multiplication of neighbours in the order, rows that fail re-sorted exactly), with
    integer prefix sums of both rows.  For a query γ, {y : P(y|x) > γ P(y|x')} is a prefix
    and {y : P(y|x') > γ P(y|x)} a suffix of that order; their lengths come from a
    vectorised row-wise float binary search, checked exactly at the boundary (int64
    cross-multiplication) and redone by an exact binary search where the check fails.
    The values A_k/D1 − γ B_k/D2 are exact fractions; the max is decided by
    :func:`exact_argmax_fractions`.  A query costs O(pairs · log Y) instead of O(pairs · Y).
    0/0 entries get the neutral ratio 1 (for γ ≥ 1 they belong to neither set).
    """

    def __init__(self, eng, pairs):
        self.eng, self.pairs = eng, pairs
        num, den, F = eng.num, eng.den, eng.F
        pi, pj = pairs[:, 0], pairs[:, 1]
        a, b = num[pi], num[pj]
        with np.errstate(divide="ignore", invalid="ignore"):
            R = F[pi] / F[pj]
        both0 = (a == 0) & (b == 0)
        R[both0] = 1.0
        order = np.argsort(-R, axis=1)  # any order: verified exactly below
        a = np.take_along_axis(a, order, 1)
        b = np.take_along_axis(b, order, 1)
        R = np.take_along_axis(R, order, 1)
        # 0/0 has the neutral ratio P/Q = 1, i.e. a/b = D1/D2 (P = a/D1, Q = b/D2)
        z = (a == 0) & (b == 0)
        ac = np.where(z, den[pi][:, None], a)
        bc = np.where(z, den[pj][:, None], b)
        # exact check that a/b is non-increasing along each row (b = 0 means +oo, a > 0):
        # a_k b_{k+1} >= a_{k+1} b_k, products < 2^62 since entries <= den < 2^31
        bad = np.flatnonzero((ac[:, :-1] * bc[:, 1:] < ac[:, 1:] * bc[:, :-1]).any(axis=1))
        for r in bad.tolist():  # exact re-sort of the rows the float order got wrong
            def key(k, r=r):
                x, y = int(ac[r, k]), int(bc[r, k])
                return (0, Fraction(0)) if y == 0 else (1, -Fraction(x, y))  # +oo first
            perm = sorted(range(a.shape[1]), key=key)
            a[r], b[r], ac[r], bc[r], R[r] = a[r, perm], b[r, perm], ac[r, perm], bc[r, perm], R[r, perm]
            order[r] = order[r, perm]
        self.a, self.b, self.R, self.order = a, b, R, order
        n = a.shape[0]
        self.A = np.concatenate([np.zeros((n, 1), np.int64), np.cumsum(a, axis=1)], axis=1)
        self.B = np.concatenate([np.zeros((n, 1), np.int64), np.cumsum(b, axis=1)], axis=1)
        self.D1 = den[pi].astype(np.int64)
        self.D2 = den[pj].astype(np.int64)

    def _count(self, R, holds, certain, exact):
        """Per row, the length k of the leading run of R where the predicate holds.

        ``holds(v)``: float guess on ratio values; ``certain(v)`` -> (surely true, surely
        false) under the float error margin; ``exact(r, c)``: the exact predicate at row r,
        column c (Python ints).  The predicate is monotone along each (exactly sorted) row,
        so k is right iff element k-1 holds and element k does not: both are checked, by the
        margin when it separates, exactly otherwise; failing rows get an exact binary search.
        """
        n, Y = R.shape
        lo = np.zeros(n, np.int64)
        hi = np.full(n, Y, np.int64)
        rows = np.arange(n)
        while True:
            act = lo < hi
            if not act.any():
                break
            mid = (lo + hi) // 2
            ok = holds(R[rows, np.minimum(mid, Y - 1)]) & act
            lo = np.where(ok, mid + 1, lo)
            hi = np.where(act & ~ok, mid, hi)
        k = lo
        st_l, sf_l = certain(R[rows, np.maximum(k - 1, 0)])
        st_r, sf_r = certain(R[rows, np.minimum(k, Y - 1)])
        left_ok = (k == 0) | st_l
        right_ok = (k == Y) | sf_r
        bad_left = ~left_ok & ~((k > 0) & sf_l)  # ambiguous: decide exactly
        bad_right = ~right_ok & ~((k < Y) & st_r)
        for r in np.flatnonzero(bad_left).tolist():
            left_ok[r] = exact(r, int(k[r]) - 1)
        for r in np.flatnonzero(bad_right).tolist():
            right_ok[r] = not exact(r, int(k[r]))
        for r in np.flatnonzero(~(left_ok & right_ok)).tolist():  # exact binary search
            lo_, hi_ = 0, Y
            while lo_ < hi_:
                m = (lo_ + hi_) // 2
                if exact(r, m):
                    lo_ = m + 1
                else:
                    hi_ = m
            k[r] = lo_
        return k

    def query(self, g: Fraction):
        gn, gd = g.numerator, g.denominator
        gf = float(g)  # relative error <= u
        a, b, D1, D2 = self.a, self.b, self.D1, self.D2
        Y = self.R.shape[1]
        # Margin: R^ = fl(F_i/F_j) has relative error <= 3.01u and gf <= u, so R^ > gf (1 + 2^-48)
        # proves ratio > g and R^ < gf (1 - 2^-48) proves ratio < g (2^-48 = 32u).
        m = 2.0 ** -48
        hi_f, lo_f = gf * (1 + m), gf * (1 - m)
        ihi, ilo = (1 / gf) * (1 + m), (1 / gf) * (1 - m)

        def fwd_exact(r, c):  # P(y) > g Q(y)  <=>  a D2 gd > gn b D1
            return int(a[r, c]) * int(D2[r]) * gd > gn * int(b[r, c]) * int(D1[r])

        def bwd_exact(r, c):  # Q(y) > g P(y) on the reversed row
            c = Y - 1 - c
            return int(b[r, c]) * int(D1[r]) * gd > gn * int(a[r, c]) * int(D2[r])

        kf = self._count(self.R, lambda v: v > gf, lambda v: (v > hi_f, v < lo_f), fwd_exact)
        Rr = self.R[:, ::-1]
        kb = self._count(Rr, lambda v: v < 1 / gf, lambda v: (v < ilo, v > ihi), bwd_exact)
        rows = np.arange(len(kf))
        A, B = self.A, self.B
        Af, Bf = A[rows, kf], B[rows, kf]
        As, Bs = A[:, Y] - A[rows, Y - kb], B[:, Y] - B[rows, Y - kb]
        # float values (prefix sums <= den < 2^31 are exact in binary64): each of A/D, B/D
        # errs by <= u, g^·(B/D) by <= 3.01u g, the difference by <= u(1 + g): total
        # <= (2 + 4.1 g) u; candidates within twice that of the max, decided exactly.
        d1, d2 = D1.astype(np.float64), D2.astype(np.float64)
        vf = Af / d1 - gf * (Bf / d2)
        vb = Bs / d2 - gf * (As / d1)
        bound = 2 * (2 + 4.1 * gf) * _U
        top = max(float(vf.max()), float(vb.max()))
        best = None
        for v, fwd in ((vf, True), (vb, False)):
            for r in np.flatnonzero(v >= top - 2 * bound).tolist():
                if fwd:
                    Aq, Bq = Fraction(int(Af[r]), int(D1[r])), Fraction(int(Bf[r]), int(D2[r]))
                else:
                    Aq, Bq = Fraction(int(Bs[r]), int(D2[r])), Fraction(int(As[r]), int(D1[r]))
                val = Aq - g * Bq
                if best is None or val > best[0]:
                    best = (val, r, fwd, Aq, Bq)
        val, r, fwd, Aq, Bq = best
        if fwd:
            x, x2 = int(self.pairs[r, 0]), int(self.pairs[r, 1])
            S = self.order[r, :kf[r]].tolist()
        else:
            x, x2 = int(self.pairs[r, 1]), int(self.pairs[r, 0])
            S = self.order[r, Y - kb[r]:].tolist()
        return val, (x, x2), sorted(S), Aq, Bq


class ApproxDPProfile:
    """The exact privacy profile δ(ε) of a rational mechanism over a set of pairs.

    δ(ε) = max over ordered pairs (x, x') of E_{e^ε}(P_x‖P_x') = Σ_y max(0, P(y|x) − e^ε P(y|x'))
    (Cuff–Yu Def. 1 with Def. 4: the mechanism is (ε, δ)-DP iff δ(ε) ≤ δ).  Defined for
    ε ≥ 0; convex and non-increasing in e^ε; δ(0) is the TV-DP level (Def. 6) and δ(ε) = 0
    from ε = pure-DP level on (when finite).

    Methods: :meth:`delta` (exact value; a Fraction when e^ε is rational), :meth:`epsilon`
    (exact inverse), :attr:`pieces`, :attr:`breakpoints`, :meth:`to_sympy`, :meth:`decide`.
    """

    def __init__(self, M, pairs, *, description="neighbour pairs", engine=None):
        self._M = M
        self._pairs = pairs
        # a composition: the exact composed privacy-loss distributions (exactpriv.measures.engines.composition);
        # counts with clamped noise: the O(n) shift-structured oracle (exactpriv.measures.engines.clamped)
        self._eng = engine or clamped_engine(M, pairs) or ScanEngine(M)
        self._description = description
        self._pieces = None

    def __repr__(self):
        return f"ApproxDPProfile({self._M!r}, pairs={self._description})"

    # ----- evaluation
    def delta(self, eps=None, *, exp_eps=None):
        """δ(ε) exactly.  ``eps`` exact ≥ 0 (LogForm, sympy such as ``log(3)``, rational) or
        ``exp_eps`` = e^ε rational ≥ 1.  When e^ε is rational the answer is a Fraction from
        one exact scan; otherwise the exact sympy expression A − B·e^ε of the piece that
        contains ε (piece located by certified comparison)."""
        g, gexpr = gamma_of_eps_or_exp(eps, exp_eps)
        if g is not None:
            return self._eng.hockey(self._pairs, g)[0]
        piece = self._piece_at(gexpr)
        return sympy.Rational(piece.A.numerator, piece.A.denominator) - \
            sympy.Rational(piece.B.numerator, piece.B.denominator) * gexpr

    def delta_witness(self, eps=None, *, exp_eps=None) -> dict:
        """The pair and event attaining δ(ε) (rational e^ε), as {"pair", "event", "value"}."""
        g, _ = gamma_of_eps_or_exp(eps, exp_eps)
        if g is None:
            raise InvalidArgument("delta_witness needs a rational e^eps (e.g. eps=log(2) or exp_eps=2)")
        val, pr, S, _, _ = self._eng.hockey(self._pairs, g)
        return self._witness(pr, S, val)

    def _witness(self, pr, S, val=None):
        if pr is None:
            return {}
        pts = self._M.inputs.points
        # a composition's event is described (the outputs whose privacy loss exceeds a level), not listed
        event = S if isinstance(S, dict) else [self._M.outputs[y] for y in S]
        w = {"pair": [pts[pr[0]], pts[pr[1]]], "event": event}
        if val is not None:
            w["value"] = val
        return w

    def _piece_at(self, gexpr):
        for p in self.pieces:
            if p.gamma_hi is None:
                return p
            d = compare(gexpr, "<=", sympy.Rational(p.gamma_hi.numerator, p.gamma_hi.denominator))
            if d.is_undecided:  # pragma: no cover - e^eps irrational vs rational always separates
                raise InvalidArgument(f"could not locate e^eps = {gexpr} among the breakpoints: {d.reason}")
            if d.is_true:
                return p
        return self.pieces[-1]  # pragma: no cover

    # ----- the envelope
    @property
    def pieces(self) -> tuple[Piece, ...]:
        """The pieces of δ in increasing ε, built once by the chord method (module doc)."""
        if self._pieces is None:
            self._pieces = self._build()
        return self._pieces

    def _oracle(self):
        """E_γ oracle for the chord method: the engine's scan, or (generic matrices, when the
        prefix arrays fit in memory) the O(pairs · log Y) prefix oracle."""
        eng, pairs = self._eng, self._pairs
        if (isinstance(eng, ScanEngine) and eng.codes is None and eng.F is not None and eng.int64 and eng.dmax < (1 << 31)
                and len(pairs) * (eng.Y + 1) <= _PREFIX_ENTRIES):
            po = _PrefixOracle(eng, pairs)
            return po.query
        return lambda g: eng.hockey(pairs, g)

    def _line_at(self, g, oracle=None):
        val, pr, S, A, B = (oracle or (lambda g_: self._eng.hockey(self._pairs, g_)))(g)
        return val, _Line(A, B, self._witness(pr, S))

    def _build(self):
        eng, pairs = self._eng, self._pairs
        if len(pairs) == 0:
            return (Piece(Fraction(1), None, Fraction(0), Fraction(0), {}),)
        direct = getattr(eng, "pieces", None)  # a composition with one distribution: its pieces directly
        direct = direct(pairs) if direct is not None else None
        if direct is not None:
            return tuple(Piece(lo, hi, A, B, self._witness(pr, ev)) for lo, hi, A, B, pr, ev in direct)
        oracle = self._oracle()
        _, first = self._line_at(Fraction(1), oracle)
        lim, pr, ev = eng.hockey_limit(pairs)
        last = _Line(lim, Fraction(0), self._witness(pr, ev) if lim > 0 else {"event": []})
        # chord method (iterative): every found line supports the envelope at some gamma
        result = [first]
        todo = [(first, last)]
        while todo:
            l1, l2 = todo.pop()
            if l1.B == l2.B:  # identical lines, or parallel supporting lines (then identical)
                continue
            g = (l1.A - l2.A) / (l1.B - l2.B)  # where the two lines meet (>= 1, see module doc)
            val, l3 = self._line_at(g, oracle)
            if val == l1.at(g):
                continue  # delta = l1 left of g and = l2 right of g (convexity)
            result.append(l3)
            todo.append((l3, l2))
            todo.append((l1, l3))
        result.append(last)
        # order by decreasing B (slopes -B increasing: convexity), dedupe
        uniq = {}
        for ln in result:
            uniq.setdefault((ln.A, ln.B), ln)
        ordered = sorted(uniq.values(), key=lambda ln: -ln.B)
        pieces = []
        lo = Fraction(1)
        for k, ln in enumerate(ordered):
            if k + 1 < len(ordered):
                nx = ordered[k + 1]
                hi = (ln.A - nx.A) / (ln.B - nx.B)
                if hi <= lo:
                    continue  # the line touches the envelope only at a point: no piece
            else:
                hi = None
            pieces.append(Piece(lo, hi, ln.A, ln.B, ln.witness))
            if hi is not None:
                lo = hi
        return tuple(pieces)

    @property
    def breakpoints(self) -> tuple:
        """Exact ε values (ln of rationals) where δ changes piece, increasing."""
        return tuple(p.eps_hi for p in self.pieces[:-1])

    # ----- inverse
    def epsilon(self, delta):
        """ε(δ) = the smallest ε ≥ 0 with δ(ε) ≤ δ, exactly (δ rational ≥ 0).

        0 if δ ≥ δ(0); +oo if δ is below the limit max P_x{P(.|x') = 0} (never reached);
        otherwise ln((A − δ)/B) on the crossing piece — the log of a rational, a LogForm."""
        d = as_rational(delta, "delta")
        if d < 0:
            raise InvalidArgument(f"delta={delta!r} must be >= 0")
        direct = getattr(self._eng, "epsilon", None)  # a composition: per-pair crossing on its distribution
        if direct is not None:
            g = direct(self._pairs, d)
            return OO if g is None else log_of_ratio(g)
        ps = self.pieces
        if ps[0].at(Fraction(1)) <= d:
            return log_of_ratio(Fraction(1))
        if ps[-1].A > d:  # the last piece is the constant A_inf (B = 0)
            return OO
        for p in ps:
            if p.gamma_hi is None:
                break  # pragma: no cover - handled above
            if p.at(p.gamma_hi) <= d:
                g = (p.A - d) / p.B if p.B > 0 else p.gamma_lo
                return log_of_ratio(max(g, p.gamma_lo))
        return log_of_ratio(ps[-1].gamma_lo)  # pragma: no cover

    # ----- symbolic form
    def to_sympy(self, *, form: str = "piecewise"):
        """δ as a sympy function of ``eps`` (ε ≥ 0): ``Piecewise`` of A − B·exp(eps) on the
        pieces (form="piecewise"), or the ``Max`` of those lines (form="max"; equal to δ for
        ε ≥ 0 because every line supports the convex envelope)."""
        ps = self.pieces
        if form == "max":
            exprs = list(dict.fromkeys(p.to_sympy() for p in ps))
            return exprs[0] if len(exprs) == 1 else sympy.Max(*exprs)
        if form != "piecewise":
            raise InvalidArgument(f"form={form!r} must be 'piecewise' or 'max'")
        args = []
        for p in ps:
            if p.gamma_hi is None:
                args.append((p.to_sympy(), True))
            else:
                g = sympy.Rational(p.gamma_hi.numerator, p.gamma_hi.denominator)
                args.append((p.to_sympy(), EPS <= sympy.log(g)))
        return sympy.Piecewise(*args)

    # ----- decisions
    def decide(self, eps, delta) -> Decision:
        """Decide δ(ε) ≤ δ exactly (both exact; ε ≥ 0, δ ≥ 0)."""
        dl = exact_level(delta, "delta")
        g, gexpr = gamma_of(eps)
        if g is not None:
            val = self.delta(exp_eps=g)
            d = compare(val, "<=", dl)
            return Decision(d.truth, d.method, f"delta(eps={eps}) = {val} vs {dl}: {d.reason}", d.precision,
                            {**d.certificate, "delta_at_eps": str(val),
                             **{k: str(v) for k, v in self.delta_witness(exp_eps=g).items()}})
        val = self.delta(eps)
        d = compare(val, "<=", dl)
        return Decision(d.truth, d.method, f"delta(eps={eps}) = {val} vs {dl}: {d.reason}", d.precision,
                        d.certificate)


def _profile(M, pairs, description, name, note=""):
    M = check_mechanism(M, name)
    refuse_symbolic(M, name)
    prof = ApproxDPProfile(M, pairs, description=description)
    return Measured(name, prof, witness={}, method="exact: chord method on an exact E_gamma oracle",
                    note=note + "value is an ApproxDPProfile: .delta(eps), .epsilon(delta), .pieces, .to_sympy()")


def _composed_profile(M: ProductMechanism, pairs, description, name, note=""):
    """The profile of a composition from its exact composed privacy-loss distributions: the joint
    output space (Π|Y_j| points) is never built."""
    for f in M.factors:
        refuse_symbolic(f, name)
    prof = ApproxDPProfile(M, pairs, description=description, engine=ComposedLossEngine(M.factors))
    return Measured(name, prof, witness={"factors": len(M.factors)},
                    method="exact: composed privacy-loss distributions (atoms grouped by exact log-ratio), "
                           "chord method on their E_gamma",
                    note=note + "value is an ApproxDPProfile: .delta(eps), .epsilon(delta), .pieces, .to_sympy()")


def approx_dp(M: Mechanism | ProductMechanism) -> Measured:
    """The exact (ε, δ)-DP profile (Cuff–Yu Def. 1 with Def. 4; E_γ remark after (8)):
    ``approx_dp(M).value`` is an :class:`ApproxDPProfile` with δ(ε) = max over ordered
    neighbour pairs of E_{e^ε}(P_x‖P_x'); M is (ε, δ)-DP iff δ(ε) ≤ δ.

    A composition (``compose``, ``k_fold``: a ProductMechanism) is accounted through the exact
    privacy-loss distribution of each ordered pair, the convolution of its factors' (never the
    Π|Y_j| joint outputs): k = 1,000 randomized responses are 1,001 atoms.  A mechanism the zoo tagged with its
    family and exact parameters (truncated geometric, randomized response, E_d) is answered from the family's
    two-piece profile (:mod:`exactpriv.measures.closed_forms`), its line re-read from the entries."""
    check_mechanism(M, "approx_dp", expand=False)
    if isinstance(M, ProductMechanism) and len(M.factors) > 1:
        frontier = rappor_frontier_pairs(M)  # tagged RAPPOR: the pairs of maximal set-difference counts suffice
        if frontier is not None:
            m = _composed_profile(M, frontier, "neighbour pairs", "approx_dp")
            return Measured(m.name, m.value, witness=m.witness, method=m.method,
                            note=f"RAPPOR: {len(frontier)} pair(s), one per maximal set-difference counts (a, b) "
                                 f"(data processing; exactpriv.measures.closed_forms.rappor_frontier_pairs); "
                                 + m.note)
        return _composed_profile(M, space_edges(M.inputs), "neighbour pairs", "approx_dp")
    closed = tagged_profile_engine(M)  # structure before matrices: a zoo family with exact parameters
    if closed is not None:
        # the engine answers for all neighbour pairs from the formula; the pair array holds only its worst pair
        # (listing the k(k−1)/2 edges of randomized response would cost more than the answer)
        prof = ApproxDPProfile(M, np.array([closed.pair], dtype=np.int64), description="neighbour pairs",
                               engine=closed)
        return Measured("approx_dp", prof, witness={}, method=closed.method,
                        note="value is an ApproxDPProfile: .delta(eps), .epsilon(delta), .pieces, .to_sympy()")
    return _profile(M, space_edges(check_mechanism(M, "approx_dp").inputs), "neighbour pairs", "approx_dp")


def is_approx_dp(M, eps, delta) -> Decision:
    """Decide (ε, δ)-DP exactly: δ(ε) ≤ δ.  With e^ε rational (ε = log r) the arithmetic is
    fully rational; otherwise the crossing piece is located and compared certifiedly."""
    exact_level(delta, "delta")
    gamma_of(eps)
    return approx_dp(M).value.decide(eps, delta)


def group_approx_dp(M, k) -> Measured:
    """Profile over ordered pairs at graph distance ≤ k: δ_k(ε) = max E_{e^ε}(P_x‖P_x').
    Cuff–Yu Properties 8–9: (0, δ)-DP gives δ_k(0) ≤ kδ; (ε, δ)-DP gives
    δ_k(kε) ≤ (e^{kε} − 1)/(e^ε − 1)·δ."""
    k = check_group_size(k)
    composed = isinstance(check_mechanism(M, "group_approx_dp", expand=False), ProductMechanism) and len(M.factors) > 1
    Mf = M if composed else check_mechanism(M, "group_approx_dp")
    closed = None if composed else tagged_group_pair(Mf, k)  # structure before matrices: a zoo family's worst pair
    if closed is not None:
        prof = ApproxDPProfile(closed["mechanism"], np.array([[0, 1]], dtype=np.int64),
                               description=f"pairs at distance <= {k}")
        return Measured("group_approx_dp", prof, witness={"k": k}, method=closed["method"], note=f"k={k}; value is an ApproxDPProfile: .delta(eps), "
                                                      f".epsilon(delta), .pieces, .to_sympy()")
    space = Mf.inputs
    if isinstance(Mf, ClampedNoiseMechanism) and k < Mf.n:  # pairs (c, c+j), j <= k: the shift structure
        m = _profile(Mf, shifted_pairs(Mf.n, k), f"pairs at distance <= {k}", "group_approx_dp", note=f"k={k}; ")
        return Measured(m.name, m.value, witness={"k": k}, method=m.method, note=m.note)
    D = np.asarray(space.distance_matrix())
    if (D >= 0).all() and k >= int(D.max()):
        pairs, desc = all_pairs(space.size), f"all pairs (k={k} >= diameter)"
    else:
        pairs, desc = pairs_within(space, k), f"pairs at distance <= {k}"
    m = (_composed_profile if composed else _profile)(Mf, pairs, desc, "group_approx_dp", note=f"k={k}; ")
    return Measured(m.name, m.value, witness={"k": k}, method=m.method, note=m.note)


def is_group_approx_dp(M, k, eps, delta) -> Decision:
    """Decide (ε, δ)-closeness of every pair at distance ≤ k: δ_k(ε) ≤ δ."""
    exact_level(delta, "delta")
    gamma_of(eps)
    return group_approx_dp(M, k).value.decide(eps, delta)
