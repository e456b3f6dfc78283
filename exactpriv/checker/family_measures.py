"""Measures of a symbolic family derived by the checker from their definitions (docs/certificates.md,
"forall-family"): each as an expression of the grammar in the family's variable, never taken from the file.

For each ordered pair of neighbouring rows P, Q (or one listed pair):

* ``pure_dp``: when every likelihood ratio P_y/Q_y is a power u^k, (max k/m)·var (var ≥ 0); otherwise log of the
  largest ratio, shown to dominate every other on the domain; P_y > 0 = Q_y makes it ∞ (not checkable);
* ``kl_dp``: with power ratios, var·Σ_y P_y·k_y/m; otherwise Σ_y P_y·log(P_y/Q_y) when every pair gives the same
  log-linear function;
* ``tv_dp`` and ``approx_dp`` (δ at ε' = c·var or a constant log(g)): sums of signed differences, the sign of each
  fixed on the domain by the checker's own root isolation;
* ``renyi_dp`` at an integer α ∈ 2..16, ``chi2``: logs of (or) rational functions;
* ``posterior_odds``, ``semantic_privacy`` (one record), ``distortion`` of one input, ``entry`` of a pair; capacity
  and MI-DP are in family_information.py.

The maximum over pairs is the candidate that no other exceeds on the whole domain (identical candidates merged).
"""

from __future__ import annotations

from fractions import Fraction

import flint

from exactpriv.checker import flint_rf, polys
from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.family_information import capacity, mi_dp, same_forms
from exactpriv.checker.grammar import parse
from exactpriv.checker.loglinear import log_linear
from exactpriv.checker.printing import number_text, rf_text
from exactpriv.checker.symbolic_family import SymbolicFamily

__all__ = ["measure"]


def measure(f: SymbolicFamily, spec: dict) -> str:
    """The measure's value on the family ``f`` as an expression of the grammar in its variable."""
    if not isinstance(spec, dict):
        raise NotCheckable(f"measure {spec!r} on a family")
    if spec.get("mechanism") is not None:  # another mechanism of the family (same space, variable, domain)
        other = (f.fam.get("mechanisms") or {}).get(spec["mechanism"])
        if not isinstance(other, dict) or "mechanisms" in other:
            raise Failed(f"the family has no mechanism {spec['mechanism']!r} under 'mechanisms'")
        sub = {k: v for k, v in f.fam.items() if k not in ("mechanisms", "outputs", "mechanism")}
        return measure(SymbolicFamily(dict(sub, outputs=other.get("outputs"), mechanism=other.get("mechanism"))),
                       {k: v for k, v in spec.items() if k != "mechanism"})
    name = spec.get("notion")
    # the formulas below assume no other zeros, except sums of signed differences (tv_dp, approx_dp), which are
    # polynomial in the entries and continuous up to the domain's ends
    if f.zero_at_an_end and name not in ("capacity", "mi_dp", "tv_dp", "approx_dp"):
        raise NotCheckable(f"{name} on a family with an entry vanishing at an end of the domain")
    if name == "posterior_odds":
        return _posterior_odds(f, spec)
    if name == "semantic_privacy":
        return _semantic_privacy(f, spec)
    if name == "distortion":
        return _distortion(f, spec)
    if name == "entry":
        return _entry(f, spec)
    if name == "capacity":
        return capacity(f, spec)
    if name == "mi_dp":
        return mi_dp(f, spec)
    extra = set(spec) - {"notion", "alpha", "on", "epsilon", "pair"}
    if extra or ("epsilon" in spec and name != "approx_dp"):
        raise NotCheckable(f"parameters {sorted(extra)} of {name} on a family")
    R = f.operated(spec.get("on"))
    pairs = f.group_pairs(spec["on"]) if (spec.get("on") or {}).get("operator") == "group" else f.pairs
    if "pair" in spec:  # the divergence of one ordered pair of rows (D(P‖Q), not the maximum over pairs)
        pair = spec["pair"]
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(k, int) and not isinstance(k, bool)
                                                                 and 0 <= k < len(R) for k in pair)):
            raise Failed("'pair' must be two row indices of the family")
        pairs = [tuple(pair)]
    if name in ("pure_dp", "kl_dp") and not V.compare(f.dom[0], ">=", Fraction(0)):
        raise NotCheckable(f"{name} on a family whose domain reaches below 0")
    zero = lambda e: not e[0]  # noqa: E731
    if name == "pure_dp":
        best, ratios = Fraction(0), []
        rows = _entries(R, pairs)
        for i, j in pairs:
            for p, q in zip(rows[i], rows[j]):
                if zero(p.rf) and zero(q.rf):
                    continue
                if zero(p.rf) or zero(q.rf):
                    raise NotCheckable("pure_dp of a family is infinite (a zero facing a positive entry)")
                ratios.append(flint_rf.quotient(p.flint, q.flint))
                if best is not None:
                    try:
                        best = max(best, f.power_of_u(*ratios[-1]))
                    except NotCheckable:
                        best = None
        if best is not None:
            return f"({number_text(best)}*{f.var})"
        # ratios that are not powers of u: the largest one, shown to dominate on the domain, under a log
        return f"log({rf_text(*f.max_of([flint_rf.back(r) for r in ratios], 'pure_dp'), f.var, f.m)})"
    if name == "approx_dp" and _exp_level(spec.get("epsilon", "")) is not None:
        # δ at a constant ε' with e^{ε'} = g rational (ε' = log(g)): max over pairs of Σ_y (P_y − g·Q_y)₊
        g = _exp_level(spec["epsilon"])
        return rf_text(*f.max_of(_pair_sums(R, pairs, lambda p, q: _positive_part(f, p, q, g)), "approx_dp"),
                       f.var, f.m)
    if name == "approx_dp":  # δ at ε' = c·var: max over pairs of Σ_y (P_y − e^{ε'} Q_y)₊
        shift = _linear(spec.get("epsilon", ""), f.var)
        if shift is not None and f.m is not None and (shift * f.m).denominator != 1 and shift > 0:
            return measure(f.refined((shift * f.m).denominator), spec)  # e.g. ε' = ε/2: u = exp(ε/2)
        if shift is None or f.m is None or (shift * f.m).denominator != 1 or shift < 0:
            raise NotCheckable("approx_dp on a family at an epsilon that is not c*var with e^epsilon = u^k")
        u_k = flint.fmpq_poly([0] * int(shift * f.m) + [1])  # e^{ε'} = u^k
        return rf_text(*f.max_of(_pair_sums(R, pairs, lambda p, q: _positive_part(f, p, q, u_k)), "approx_dp"),
                       f.var, f.m)
    if name == "kl_dp":
        def kl_term(p, q):  # P_y·k_y/m with P_y/Q_y = u^{k_y}; the sum is then multiplied by var
            if not p.rf[0]:
                return None
            if not q.rf[0]:
                raise NotCheckable("kl_dp of a family is infinite")
            try:
                k = f.ratio_power(p.rf, q.rf)
            except NotCheckable:
                raise _NotPowers from None
            return p.flint[0] * _q(k), p.flint[1]
        try:
            cands = _pair_sums(R, pairs, kl_term)
        except _NotPowers:  # a ratio that is no power of u (not an infinite divergence): the log-linear form
            return _kl_log_linear(f, R, pairs)
        best = f.max_of(cands, "kl_dp")
        return f"({rf_text(*best, f.var, f.m)}*{f.var})"
    if name == "chi2":  # χ²(P‖Q) = Σ_y P_y²/Q_y − 1, of one pair or the largest over the pairs
        def chi2_term(p, q):
            if not p.rf[0]:
                return None
            if not q.rf[0]:
                raise NotCheckable("chi2 of a family is infinite")
            (pn, pd), (qn, qd) = p.flint, q.flint
            return flint_rf.mul(flint_rf.mul(pn, pn), qd), flint_rf.mul(flint_rf.mul(pd, pd), qn)
        cands = _pair_sums(R, pairs, chi2_term, start=([Fraction(-1)], [Fraction(1)]))
        return rf_text(*f.max_of(cands, "chi2"), f.var, f.m)
    if name == "tv_dp":
        def tv_term(p, q):  # |P_y − Q_y|/2, the sign of P_y − Q_y fixed on the domain (0 adds 0/D)
            dn, dd = flint_rf.add(p.flint, flint_rf.neg(q.flint))
            sg = f.sign(flint_rf.back((dn, dd)))
            return dn * _q(Fraction(sg, 2)), dd
        return rf_text(*f.max_of(_pair_sums(R, pairs, tv_term), "tv_dp"), f.var, f.m)
    if name == "renyi_dp":
        try:
            alpha = Fraction(spec.get("alpha", ""))
        except (TypeError, ValueError, ZeroDivisionError):
            raise NotCheckable(f"renyi_dp at alpha = {spec.get('alpha')!r} on a family") from None
        if alpha.denominator != 1 or not 2 <= alpha <= 16:
            raise NotCheckable("renyi_dp on a family at an order that is not an integer in 2..16")
        a = int(alpha)

        def renyi_term(p, q):  # P^α Q^(1−α) = p_n^α q_d^(α−1) / (p_d^α q_n^(α−1))
            if not p.rf[0]:
                return None
            if not q.rf[0]:
                raise NotCheckable("renyi_dp of a family is infinite")
            (pn, pd), (qn, qd) = p.flint, q.flint
            return (flint_rf.mul(flint_rf.power(pn, a), flint_rf.power(qd, a - 1)),
                    flint_rf.mul(flint_rf.power(pd, a), flint_rf.power(qn, a - 1)))
        best = f.max_of(_pair_sums(R, pairs, renyi_term, reduce_each=True), "renyi_dp")
        return f"(log({rf_text(*best, f.var, f.m)})/{a - 1})"
    raise NotCheckable(f"notion {name!r} on a symbolic family")


class _Entry:
    """One entry of a family's row: its (N, D) coefficient lists and the same as a flint pair."""

    __slots__ = ("rf", "flint")

    def __init__(self, rf):
        self.rf, self.flint = rf, flint_rf.to_pair(rf)


def _entries(R, pairs) -> dict:
    """Row index -> the row's entries (_Entry), for the rows the pairs name, each converted once."""
    rows: dict = {}
    for i, j in pairs:
        for k in (i, j):
            if k not in rows:
                rows[k] = [_Entry(e) for e in R[k]]
    return rows


class _NotPowers(Exception):
    """kl_dp: a likelihood ratio of the family is no power of u (kept apart from an infinite divergence)."""


def _pair_sums(R, pairs, term, *, start=([Fraction(0)], [Fraction(1)]), reduce_each: bool = False) -> list:
    """One candidate per ordered pair (i, j) of rows: ``start`` + Σ_y term(P_y, Q_y) in lowest terms (a term
    None adds nothing), summed as flint pairs and converted back once — each sum and reduction done as the list
    operations do it (flint_rf), so the candidates are the same lists.  ``reduce_each``: reduced after every
    term (Rényi's sums, whose degrees would grow), else once at the end; a sum with no term is ``start``
    itself (reduced, unless ``reduce_each``)."""
    rows = _entries(R, pairs)
    first = flint_rf.to_pair(start)
    cands = []
    for i, j in pairs:
        s = None
        for p, q in zip(rows[i], rows[j]):
            t = term(p, q)
            if t is None:
                continue
            s = flint_rf.add(first if s is None else s, t)
            if reduce_each:
                s = flint_rf.reduce(s)
        if s is None:  # the start's own lists for each pair, as a fresh start would be
            fresh = (list(start[0]), list(start[1]))
            cands.append(fresh if reduce_each else polys.rf_reduce(*fresh))
        else:
            cands.append(flint_rf.back(s if reduce_each else flint_rf.reduce(s)))
    return cands


def _positive_part(f, p, q, g):
    """(P_y − g·Q_y)₊ for g a rational or a polynomial in u (e^{ε'}): the difference when it is positive on the
    whole domain, else nothing (NotCheckable when its sign changes)."""
    qn, qd = q.flint
    d = flint_rf.add(p.flint, (-flint_rf.mul(qn, g if isinstance(g, flint.fmpq_poly) else flint.fmpq_poly([_q(g)])), qd))
    return d if f.sign(flint_rf.back(d)) > 0 else None


def _q(x: Fraction) -> flint.fmpq:
    return flint.fmpq(x.numerator, x.denominator)


def _kl_log_linear(f, R, pairs) -> str:
    """kl_dp when a likelihood ratio is no power of u (a post-processed family): KL(P‖Q) = Σ_y P_y·log(P_y/Q_y)
    of each pair, a log-linear expression (exactpriv.checker.loglinear); the maximum over pairs is taken
    only when every pair gives the same function (identical log-linear forms, as by a symmetry of the
    family), else not checkable."""
    texts, forms = [], []
    for i, j in pairs:
        terms = [f"{rf_text(*p, f.var, f.m)}*log("
                 f"{rf_text(*polys.rf_quotient(p, q), f.var, f.m)})"
                 for p, q in zip(R[i], R[j]) if p[0]]
        text = f"({' + '.join(terms) or '0'})"
        form = log_linear(parse(text), f.var, f.sub, f.dom)
        if not any(same_forms(form, g) for g in forms):
            texts.append(text)
            forms.append(form)
    if len(forms) != 1:
        raise NotCheckable("kl_dp of a family: the neighbouring pairs' divergences are different functions")
    return texts[0]


def _posterior_odds(f, spec: dict) -> str:
    """The posterior odds of record i's value t against t' after the output y, over the prior odds (Wu–Xia–He
    2017, eq. (1)): [Pr[X_i = t | Y = y] / Pr[X_i = t' | Y = y]] / [Pr[X_i = t] / Pr[X_i = t']], by Bayes
    on the family's prior; a rational function of u (Failed where a probability in it is 0)."""
    if f.prior is None or f.alphabets is None or not isinstance(f.outputs, list):
        raise Failed("posterior_odds needs a family with a prior on a hamming space")
    if set(spec) - {"notion", "record", "value", "other", "output"}:
        raise NotCheckable(f"parameters of posterior_odds: {sorted(spec)}")
    i = spec.get("record")
    if not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(f.alphabets)):
        raise Failed("posterior_odds: 'record' must be a record index")
    values, y = f.alphabets[i], spec.get("output")
    if spec.get("value") not in values or spec.get("other") not in values or y not in f.outputs:
        raise Failed("posterior_odds: 'value' and 'other' must be values of the record, 'output' an output")
    t, t2, col = values.index(spec["value"]), values.index(spec["other"]), f.outputs.index(y)
    zero = ([Fraction(0)], [Fraction(1)])
    num, den, pt, pt2 = zero, zero, Fraction(0), Fraction(0)
    for x, q, row in zip(f.inputs, f.prior, f.R):
        term = (polys.pmul(row[col][0], [q]), row[col][1])
        if x[i] == t:
            num, pt = polys.rf_sub(num, (polys.pneg(term[0]), term[1])), pt + q
        elif x[i] == t2:
            den, pt2 = polys.rf_sub(den, (polys.pneg(term[0]), term[1])), pt2 + q
    ivs, signed = f.chart(den) if den[0] else ([None], [])
    if not pt or not pt2 or ivs or any(sg <= 0 for _, sg in signed):
        raise Failed("posterior_odds: a prior or posterior probability of the odds is 0")
    n, d = polys.rf_reduce(polys.pmul(polys.pmul(num[0], den[1]), [pt2]), polys.pmul(polys.pmul(num[1], den[0]), [pt]))
    return rf_text(n, d, f.var, f.m)


def _entry(f, spec: dict) -> str:
    """P(Y = x' | X = x) for the pair (x, x'): the output that is x' itself (outputs are the inputs' sequences of
    values), e.g. to state that a square mechanism is a symmetric matrix."""
    pair = spec.get("pair")
    if set(spec) - {"notion", "pair"} or not (isinstance(pair, list) and len(pair) == 2):
        raise Failed("entry: one ordered pair ('pair': \"this\" in a statement with 'pairs')")
    if f.alphabets is None or not isinstance(f.outputs, list):
        raise NotCheckable("entry on a family that is not on a hamming space")
    x, z = pair
    target = [a[k] for a, k in zip(f.alphabets, f.inputs[z])]
    if target not in f.outputs:
        raise Failed("entry: the second input of the pair is not an output of the family")
    return rf_text(*f.R[x][f.outputs.index(target)], f.var, f.m)


def _distortion(f, spec: dict) -> str:
    """The expected Hamming distortion of one input's row, Σ_y P(y|x)·d(x, y) (Wang–Ying–Zhang 2016, E[d]
    under the point mass at x), outputs being records sequences of the space's values."""
    x = spec.get("input")
    if set(spec) - {"notion", "input"} or not (isinstance(x, int) and 0 <= x < len(f.R)):
        raise Failed("distortion: one input's row ('input': \"this\" in a statement with 'inputs': 'each')")
    if f.alphabets is None or not isinstance(f.outputs, list):
        raise NotCheckable("distortion on a family that is not on a hamming space")
    point = [a[k] for a, k in zip(f.alphabets, f.inputs[x])]
    total = ([Fraction(0)], [Fraction(1)])
    for y, e in zip(f.outputs, f.R[x]):
        if not (isinstance(y, list) and len(y) == len(point)):
            raise Failed("distortion: each output must be a sequence of values, one per record")
        d = sum(a != b for a, b in zip(point, y))
        total = polys.rf_sub(total, (polys.pneg(polys.pmul(e[0], [Fraction(d)])), e[1]))
    return rf_text(*polys.rf_reduce(*total), f.var, f.m)


def _semantic_privacy(f, spec: dict) -> str:
    """Zhao 2019, Def. 1 on a single record (exactpriv.checker.notions.semantic_privacy): with nothing to
    integrate out, Game 0's likelihoods are the rows P(y|x) and Game i's is the row of ⊥ for every x, so the
    cross ratio of output y is max_x P(y|x) / min_x P(y|x), whatever ⊥ is; R is its maximum over y and
    SP = (√R − 1)/(√R + 1).  With every ratio of the family's entries a power u^k (u = exp(var/m)),
    R = u^K and SP = tanh(K·var/(4m)) exactly."""
    if set(spec) - {"notion", "default"} or f.alphabets is None or len(f.alphabets) != 1:
        raise NotCheckable("semantic_privacy on a family of one record (a hamming space with n = 1) only")
    if any(not e[0] for row in f.R for e in row):
        raise NotCheckable("semantic_privacy on a family with zero entries")
    if spec.get("default") is not None and str(spec["default"]) not in [str(a) for a in f.alphabets[0]]:
        raise Failed(f"default {spec['default']!r} is not a value of the record")
    if not V.compare(f.dom[0], ">=", Fraction(0)):
        raise NotCheckable("semantic_privacy on a family whose domain reaches below 0")
    K = max(f.ratio_power(p, q) for a in f.R for b in f.R for p, q in zip(a, b))
    return f"tanh(({number_text(K / 4)})*{f.var})"


def _exp_level(text):
    """g ≥ 1 rational for a constant ε' written 0 or log(g), else None."""
    try:
        node = parse(text) if isinstance(text, str) else None
    except Exception:  # noqa: BLE001 - not an expression of the grammar: not a constant level
        return None
    if node is None:
        return None
    if polys.const(node) == 0:
        return Fraction(1)
    if node[0] == "call" and node[1] == "log" and len(node[2]) == 1:
        g = polys.const(node[2][0])
        return g if g is not None and g >= 1 else None
    return None


def _linear(text, var: str):
    """c for an expression c·var (c rational), else None."""
    try:
        n, d = polys.rational_function(parse(text), var, f"u = {var}")
    except (NotCheckable, Failed, Exception):  # noqa: BLE001 - anything else is not c·var
        return None
    if len(d) != 1 or len(n) > 2 or (n and n[0]):
        return None
    return (n[1] if len(n) == 2 else Fraction(0)) / d[0]


def _power(p, k: int):
    out = [Fraction(1)]
    for _ in range(k):
        out = polys.pmul(out, p)
    return out
