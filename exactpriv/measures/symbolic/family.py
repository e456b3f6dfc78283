"""An analysed symbolic family: validity domain, symmetry classes of input pairs, per-class closed forms.

Steps 2-4 of :mod:`exactpriv.measures.symbolic`.  Every entry that is not identically zero must be > 0
on the open domain (decided exactly on the chart).  Ordered pairs (x, x') whose column pairs are equal
multisets of canonical entries have equal KL, Rényi, hockey-stick and max divergences, so grouping by
that multiset (no float needed) computes each class once.  The per-class closed forms of KL, ratios
and hockey-stick (E_γ = max over output sets of Σ(a − γb): terms of constant sign are kept or dropped
exactly, the r sign-changing terms give 2^r rational candidates) are built here.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, NotExactError
from exactpriv.exact.decisions import Truth
from exactpriv.exact.numbers import OO, to_sympy
from exactpriv.mechanisms.base import Mechanism
from .chart import Chart, sympy_rational, RationalFunction, nonnegative_on
from exactpriv.measures.symbolic.domain import DEFAULT_SECONDS, Domain, ProofBudget, family_variable
from exactpriv.measures.arguments import check_mechanism
from .log_algebra import LogAlgebra

__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.measures.symbolic


class SymbolicFamily(LogAlgebra):
    """A symbolic mechanism analysed once: distinct entries as chart functions, integer codes,
    validity domain (entries positive), pair classes and the closed-form builders."""

    def __init__(self, M: Mechanism, dom: Domain, extra=()):
        self.M, self.var, self.requested = M, dom.variable, dom
        index, entries = {}, []
        codes = np.empty(M.shape, dtype=np.int64)
        for x, row in enumerate(M.rows):
            for y, v in enumerate(row):
                s = to_sympy(v)
                k = index.get(s)
                if k is None:
                    k = index[s] = len(entries)
                    entries.append(s)
                codes[x, y] = k
        extra = [to_sympy(e) for e in extra]
        self.chart = Chart(self.var, entries + extra)
        canon = [self.chart.to_u(e) if self.chart.kind else sympy.cancel(e) for e in entries]
        # merge entries that are the same function (canonical forms equal)
        remap, funcs, exprs, where = {}, [], [], {}
        for k, f in enumerate(canon):
            j = where.get(f)
            if j is None:
                j = where[f] = len(funcs)
                funcs.append(f)
                exprs.append(entries[k])
            remap[k] = j
        self.codes = np.vectorize(remap.get, otypes=[np.int64])(codes) if codes.size else codes
        self.f = funcs
        self.e = exprs
        self.zero = [f == 0 for f in funcs]
        LogAlgebra.__init__(self, self.chart, self._validity(dom))

    # ----- validity
    def _validity(self, dom: Domain) -> Domain:
        open_dom = Domain(dom.variable, dom.lo, dom.hi, False, False)
        iv = self.chart.interval(open_dom)
        budget = ProofBudget(DEFAULT_SECONDS)
        lc, hc = dom.lo_closed, dom.hi_closed
        for k, f in enumerate(self.f):
            if self.zero[k]:
                continue
            t = nonnegative_on(f, iv, True) if iv is not None else self._certify(self.e[k], ">", open_dom, budget)
            if not t is Truth.TRUE:
                raise InvalidArgument(
                    f"entry {self.e[k]} of {self.M!r} is not proved positive for {open_dom} "
                    f"({'it vanishes or is negative there' if t is Truth.FALSE else 'undecided'}); a closed form "
                    f"over this domain does not exist -- split the domain or substitute (M.subs(...))")
            for end, closed, side in ((dom.lo, lc, "lo"), (dom.hi, hc, "hi")):
                if closed and end != OO:
                    from exactpriv.exact.kernel import compare

                    d = compare(self.e[k].subs(self.var, end), ">", 0)
                    if not d.is_true:  # vanishes at this end: the support changes there
                        if side == "lo":
                            lc = False
                        else:
                            hc = False
        return Domain(dom.variable, dom.lo, dom.hi, lc, hc)

    # ----- pair classes
    def pairs(self, within: int = 1) -> np.ndarray:
        space = self.M.inputs
        if within == 1:
            return np.asarray(space.edges, dtype=np.int64).reshape(-1, 2)
        D = np.asarray(space.distance_matrix())
        i, j = np.nonzero((D >= 1) & (D <= within))
        sel = i < j
        return np.stack([i[sel], j[sel]], axis=1).astype(np.int64)

    def classes(self, pairs) -> list:
        """[(key, count, (x, x'))]: ordered pairs grouped by the multiset of column code pairs."""
        out: dict = {}
        for i, j in np.asarray(pairs).tolist():
            for x, x2 in ((i, j), (j, i)):
                key = tuple(sorted(zip(self.codes[x].tolist(), self.codes[x2].tolist())))
                if key in out:
                    out[key][0] += 1
                else:
                    out[key] = [1, (x, x2)]
        return [(k, v[0], v[1]) for k, v in out.items()]

    def pair_witness(self, pair, **kw):
        pts = self.M.inputs.points
        return {"pair": [pts[pair[0]], pts[pair[1]]], **kw}


@lru_cache(maxsize=64)
def _family_cached(M, dom, extra):
    return SymbolicFamily(M, dom, extra)


def analysed_family(M, variable, domain, closed, what, extra=()) -> SymbolicFamily:
    """The symbolic mechanism ``M`` checked and analysed once on its domain (cached by mechanism and domain)."""
    M = check_mechanism(M, what)
    var = family_variable(M, variable, what)
    dom = Domain.make(var, domain, closed)
    extra = tuple(to_sympy(e) for e in extra)
    return _family_cached(M, dom, extra)


def check_within(within):
    """``within`` (pairs at graph distance 1..within) checked to be an int >= 1."""
    if isinstance(within, bool) or not isinstance(within, int) or within < 1:
        raise InvalidArgument(f"within={within!r} of type {type(within).__name__} must be an int >= 1 (pairs at "
                              f"graph distance 1..within)")
    return within


# ======================================================================================
# per-class divergences
# ======================================================================================
def kl_of_class(fam: SymbolicFamily, key, budget):
    """KL(P(·|x) || P(·|x')) of one pair class as a closed form over the domain (oo if P(·|x') has a zero P(·|x) has not)."""
    terms: dict = {}
    for a, b in key:
        if fam.zero[a]:
            continue
        if fam.zero[b]:
            return OO
        r = fam.canon(fam.f[a] / fam.f[b])
        if r == 1:
            continue
        fam.add_log(terms, fam.f[a], r, budget)
    return fam.assemble(terms)


def ratios_of_class(fam: SymbolicFamily, key):
    """The ratio functions f_a/f_b of a class (for the max divergence), or oo."""
    out = []
    for a, b in set(key):
        if fam.zero[a]:
            continue
        if fam.zero[b]:
            return OO
        out.append(fam.canon(fam.f[a] / fam.f[b]))
    return out


#: Largest number of sign-changing terms expanded into output sets S (2^r candidates).
_MAX_MIXED_TERMS = 8


def hockey_of_class(fam: SymbolicFamily, key, gamma, budget):
    """E_γ of one class, Σ_y max(0, P(y|x) − γ P(y|x')), with per-term signs decided on the domain.

    ``gamma`` = (chart form or None, expression).  Returns ("rational", [R_S(u)]) on the chart:
    E_γ = max over output sets S of Σ_{y∈S}(P(y|x) − γP(y|x')), and only the r terms whose sign
    changes inside the domain need both choices (2^r rational candidates, always-positive terms
    in, always-negative out); or ("expr", [expression with Max(0, .)]) off the chart."""
    g_u, g_e = gamma
    on_chart = g_u is not None and fam.chart.kind is not None
    kept, mixed = [], []
    for a, b in key:
        if fam.zero[a]:
            continue
        t_u, t_e = (fam.f[a] - g_u * fam.f[b], None) if on_chart else (None, fam.e[a] - g_e * fam.e[b])
        if fam.ge0(t_u, t_e, budget) is Truth.TRUE:
            kept.append(t_u if on_chart else t_e)
            continue
        if fam.ge0(-t_u if on_chart else None, None if on_chart else -t_e, budget) is Truth.TRUE:
            continue
        mixed.append(t_u if on_chart else t_e)
    if on_chart and len(mixed) <= _MAX_MIXED_TERMS:
        base = RationalFunction.const(0)
        for k in kept:
            base = base + k
        out = []
        for mask in range(1 << len(mixed)):
            v = base
            for j, m in enumerate(mixed):
                if mask >> j & 1:
                    v = v + m
            out.append(v)
        return "rational", out
    total = sympy.Add(*[fam.expr(k) if on_chart else k for k in kept])
    total += sympy.Add(*[sympy.Max(0, fam.expr(m) if on_chart else m) for m in mixed])
    return "expr", [total]


def gamma_of(fam: SymbolicFamily, eps_prime):
    """γ = e^{ε'} as (chart form or None, expression), for the hockey-stick divergence E_γ."""
    ep = to_sympy(eps_prime) if not isinstance(eps_prime, Fraction) else sympy_rational(eps_prime)
    g = sympy.exp(ep)
    return (fam.chart.to_u(g) if fam.chart.kind else None), g


def check_eps_prime(eps_prime, var):
    """``eps_prime`` as an exact sympy value >= 0 in at most the family's symbol ``var`` (floats refused)."""
    if isinstance(eps_prime, bool):
        raise InvalidArgument(f"eps_prime={eps_prime!r} of type bool is not a number")
    if isinstance(eps_prime, float):
        raise NotExactError(f"eps_prime={eps_prime!r} is a float; write an exact number or expression")
    if isinstance(eps_prime, (int, Fraction)):
        v = sympy.Rational(eps_prime)
    elif isinstance(eps_prime, sympy.Expr):
        if eps_prime.has(sympy.Float):
            raise NotExactError(f"eps_prime={eps_prime} contains a float")
        if eps_prime.free_symbols - {var}:
            raise InvalidArgument(f"eps_prime={eps_prime} may only use the family's symbol {var}")
        v = eps_prime
    else:
        raise InvalidArgument(f"eps_prime={eps_prime!r} of type {type(eps_prime).__name__} must be an exact number "
                              f"or a sympy expression in {var}")
    if v.is_negative:
        raise InvalidArgument(f"eps_prime={eps_prime} must be >= 0")
    return v
