"""Exact sums over the joint pmf P(x)W(y|x): conditional mutual information I(F;Y|C).

I(F;Y|C) = H(Y|C) - H(Y|F) for labellings F finer than C of the inputs.  On rational inputs the
joint pmf is brought to one common denominator D, so that both conditional entropies are
integer-weighted sums of logs of integers (:class:`~exactpriv.measures.engines.information.logsums.LogSum`);
when D exceeds 512 bits each group keeps its own denominator and the sums are evaluated
directly in arb (:class:`~exactpriv.measures.engines.information.logsums.BallSum`).  Symbolic mechanisms give
the defining sum as a sympy expression.  Users: :mod:`exactpriv.measures.information`.
"""

from __future__ import annotations

import math

import flint
import numpy as np
import sympy

from exactpriv.exact.intervals import working_precision
from exactpriv.exact.numbers import to_sympy
from exactpriv.measures.engines.channel_reduction import is_zero_entry, symbolic_value
from exactpriv.measures.engines.information.logsums import (
    JOINT_MAX_BITS,
    BallSum,
    LogSum,
    arb_log_int,
    logsum_measured,
)
from exactpriv.measures.result import Measured
from exactpriv.mechanisms.base import Mechanism

__all__: list[str] = []  # private module

# ======================================================================================
# conditional mutual information I(F;Y|C) = H(Y|C) - H(Y|F), C a function of F
# ======================================================================================
def _cmi_terms(pmf, rows, fine, coarse):
    """Terms (coef, ratio) with I(F;Y|C) = Σ coef·log ratio, for labels fine[x], coarse[x].

    I(F;Y|C) = Σ_f Σ_y r_f(y) log(r_f(y)/π_f) - Σ_c Σ_y r_c(y) log(r_c(y)/π_c), where
    r_g(y) = Σ_{x in g} P(x) W(y|x) and π_g = Σ_{x in g} P(x) (0·log 0 = 0).  ``fine=None``
    means F = X itself, where r_x(y)/π_x = W(y|x).  Works on Fractions or sympy values."""
    m = len(rows[0])
    terms = []
    fine_acc: dict = {}
    coarse_acc: dict = {}
    for x, (p, row) in enumerate(zip(pmf, rows)):
        if p == 0:
            continue
        c = coarse[x]
        if c not in coarse_acc:
            coarse_acc[c] = [0, [0] * m]
        cacc = coarse_acc[c]
        cacc[0] += p
        if fine is None:
            for y, w in enumerate(row):
                if not is_zero_entry(w):
                    terms.append((p * w, w))
                    cacc[1][y] += p * w
        else:
            f = fine[x]
            if f not in fine_acc:
                fine_acc[f] = [0, [0] * m]
            facc = fine_acc[f]
            facc[0] += p
            for y, w in enumerate(row):
                if not is_zero_entry(w):
                    facc[1][y] += p * w
                    cacc[1][y] += p * w
    for pi, r in fine_acc.values():
        terms.extend((ry, ry / pi) for ry in r if not is_zero_entry(ry))
    for pi, r in coarse_acc.values():
        terms.extend((-ry, ry / pi) for ry in r if not is_zero_entry(ry))
    return terms


def integer_joint(pmf, M: Mechanism):
    """(C, D, supp): P(x)W(y|x) = C[j, y] / D for x = supp[j] (support of the prior), with
    C an integer object array and D = lcm over the support of (denominator of P(x))·den[x]."""
    num, den = M.integer_rows()
    supp = [x for x, p in enumerate(pmf) if p]
    dens = [int(den[x]) for x in supp]
    D = math.lcm(*(pmf[x].denominator * dx for x, dx in zip(supp, dens)))
    scale = np.array([pmf[x].numerator * (D // (pmf[x].denominator * dx)) for x, dx in zip(supp, dens)], dtype=object)
    C = np.array(num[supp].tolist(), dtype=object).reshape(len(supp), num.shape[1]) * scale[:, None]
    return C, D, supp


class JointPmf:
    """The joint pmf P(x)W(y|x) of a rational prior and mechanism, with the two kinds of sums
    every Shannon quantity here is made of::

        neg_h_cond()   = -H(Y|X) = Σ_x Σ_y P(x)W(y|x) log W(y|x)
        neg_h_given(g) = -H(Y|G) = Σ_g Σ_y r_g(y) log(r_g(y)/π_g),  G = g(X) a labelling,

    so I(F;Y|C) = H(Y|C) - H(Y|F) = neg_h_given(F) - neg_h_given(C) (C a function of F), and
    -H(Y|X) is computed once for all records.

    Exact mode: P(x)W(y|x) = C[j, y]/D (x = supp[j]) over one common denominator D, all sums
    in integers, results as :class:`LogSum`.  Ball mode (when D has more than
    :data:`JOINT_MAX_BITS` bits and no exact form was requested): each group keeps its own
    small denominator and the sums are evaluated directly in arb (:class:`BallSum`)."""

    def __init__(self, pmf, M: Mechanism, method: str = "auto"):
        self.M, self.pmf = M, pmf
        num, den = M.integer_rows()
        self.supp = [x for x, p in enumerate(pmf) if p]
        self.D = math.lcm(*(pmf[x].denominator * int(den[x]) for x in self.supp))
        self.exact = method == "exact" or (method == "auto" and self.D.bit_length() <= JOINT_MAX_BITS)
        if self.exact:
            self.C, _, _ = integer_joint(pmf, M)
        self._neg_h_cond = None

    def new(self):
        return LogSum(self.D)

    def neg_h_cond(self):
        if self._neg_h_cond is None:
            self._neg_h_cond = self._neg_h_cond_exact() if self.exact else BallSum(self._neg_h_cond_ball)
        return self._neg_h_cond

    def _neg_h_cond_exact(self) -> LogSum:
        num, den = self.M.integer_rows()
        ls = LogSum(self.D)
        # Σ_{x,y} c[x,y] log num[x,y] - Σ_x mass_x log den[x], collected by integer value
        acc = ls.c
        for n, c in zip(num[self.supp].ravel().tolist(), self.C.ravel().tolist()):
            if c and n != 1:
                acc[n] = acc.get(n, 0) + c
        for mass, dx in zip(self.C.sum(axis=1).tolist(), den[self.supp].tolist()):
            ls.add(-mass, int(dx))
        return ls

    def _neg_h_cond_ball(self, prec: int):
        # Σ_x P(x) [ (1/den_x) Σ_y num_xy log num_xy - log den_x ]
        num, den = self.M.integer_rows()
        with working_precision(prec):
            total = flint.arb(0)
            for x in self.supp:
                vals, counts = np.unique(num[x], return_counts=True)
                row = flint.arb(0)
                for v, c in zip(vals.tolist(), counts.tolist()):
                    if v > 1:
                        row += arb_log_int(int(v), prec) * (int(v) * c)
                dx = int(den[x])
                p = self.pmf[x]
                total += (row / dx - arb_log_int(dx, prec)) * flint.fmpq(p.numerator, p.denominator) \
                    if dx > 1 else row * flint.fmpq(p.numerator, p.denominator)
            return total

    def neg_h_given(self, labels):
        """-H(Y|G) for the labels of the points (indexed like the mechanism's rows)."""
        index: dict = {}
        lab = [index.setdefault(labels[x], len(index)) for x in self.supp]
        if not self.exact:
            groups: list = [[] for _ in index]
            for x, g in zip(self.supp, lab):
                groups[g].append(x)
            return BallSum(lambda prec: self._neg_h_given_ball(groups, prec))
        R = np.zeros((len(index), self.C.shape[1]), dtype=object)
        np.add.at(R, np.array(lab, dtype=np.int64), self.C)
        ls = LogSum(self.D)
        for row, pi in zip(R.tolist(), R.sum(axis=1).tolist()):
            for v in row:
                if v:
                    ls.add_ratio(v, v, pi)
        return ls

    def _neg_h_given_ball(self, groups, prec: int):
        # per group g, with its own denominator D_g: r_g(y) = R_g[y]/D_g, π_g = Π_g/D_g and
        # Σ_y r_g(y) log(r_g(y)/π_g) = (Σ_y R_g[y] log R_g[y] - Π_g log Π_g) / D_g
        num, den = self.M.integer_rows()
        pmf = self.pmf
        with working_precision(prec):
            total = flint.arb(0)
            for xs in groups:
                Dg = math.lcm(*(pmf[x].denominator * int(den[x]) for x in xs))
                R = None
                for x in xs:
                    sx = pmf[x].numerator * (Dg // (pmf[x].denominator * int(den[x])))
                    term = np.array(num[x].tolist(), dtype=object) * sx
                    R = term if R is None else R + term
                Rl = R.tolist()
                counts: dict = {}
                for v in Rl:
                    if v > 1:
                        counts[v] = counts.get(v, 0) + 1
                acc = flint.arb(0)
                for v, c in counts.items():
                    acc += arb_log_int(v, prec) * (v * c)
                Pi = sum(Rl)
                if Pi > 1:
                    acc -= arb_log_int(Pi, prec) * Pi
                total += acc / Dg
            return total


def cmi_logsum(pmf, M: Mechanism, fine, coarse, *, joint: JointPmf | None = None, method: str = "auto"):
    """I(F;Y|C) = H(Y|C) - H(Y|F) as an exact :class:`LogSum`, or a :class:`BallSum` in ball
    mode (rational mechanism and prior); ``fine=None`` means F = X.  See :class:`JointPmf`."""
    j = JointPmf(pmf, M, method) if joint is None else joint
    a = j.neg_h_cond() if fine is None else j.neg_h_given(fine)
    b = j.neg_h_given(coarse)
    if not j.exact:
        def diff(prec):
            ha, hb = a.arb(prec), b.arb(prec)
            with working_precision(prec):  # ball arithmetic happens at the context precision
                return ha - hb
        return BallSum(diff)
    out = LogSum(j.D)
    out.merge(a, 1)
    out.merge(b, -1)
    return out


def terms_sympy(terms) -> sympy.Expr:
    return sympy.Add(*[to_sympy(c) * sympy.log(to_sympy(r)) for c, r in terms])


def symbolic_rows(M: Mechanism):
    return [tuple(to_sympy(v) for v in row) for row in M.rows]


def symbolic_pmf(pmf):
    return [to_sympy(p) for p in pmf]


SYMBOLIC_NOTE = ("closed form from the definition with symbolic entries; valid where the entries "
                  "that appear inside logs are positive")


def cmi_measured(name, M, P, fine, coarse, method, witness, note=""):
    if M.is_rational:
        return logsum_measured(name, cmi_logsum(P.pmf, M, fine, coarse, method=method), method, witness, note)
    expr = terms_sympy(_cmi_terms(symbolic_pmf(P.pmf), symbolic_rows(M), fine, coarse))
    return Measured(name, symbolic_value(expr), witness=witness, method="sympy",
                    note=(note + "; " if note else "") + SYMBOLIC_NOTE)
