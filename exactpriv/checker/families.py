"""Measures of symbolic families (docs/certificates.md, "forall-family"): mechanisms whose entries are expressions
in one variable, for every value of it in a domain.  The checker derives each measure from its definition on the
symbolic entries — as an expression in the variable, never taken from the file — and the claim becomes a
``forall-params`` statement, proved by a certificate of another kind (``identity``, ``powers``, ``sign-chart``,
``monotone``, ``interval-bnb``) or refuted by a ``point``.

Entries are rewritten as N(u)/D(u) with u = exp(var/m) (or u = var); every entry is checked to be identically 0 or
positive on the whole closed domain, and every row to sum to 1 identically.  Then, for each ordered pair of
neighbouring rows P, Q:

* ``pure_dp``: each likelihood ratio P_y/Q_y must be a power u^k (c = 1), so log(P_y/Q_y) = (k/m)·var and the
  maximum over pairs and outputs is (max k/m)·var (var ≥ 0); P_y > 0 = Q_y makes it ∞ (not checkable here);
* ``kl_dp``: with such ratios, KL(P‖Q) = var·Σ_y P_y·k_y/m, a rational function S(u) times var;
* ``tv_dp``: ½·Σ_y |P_y − Q_y|, the sign of each P_y − Q_y fixed on the domain by the checker's own root isolation;
* ``renyi_dp`` at an integer α ≥ 2: log(Σ_y P_y^α Q_y^(1−α))/(α − 1), a log of a rational function R(u).

The maximum over pairs of S(u) (or R(u)) is the candidate that every other one is shown not to exceed on the domain
(root isolation of the difference); identical candidates are merged first.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker import values as V
from exactpriv.checker.charts import coefficient_chart
from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse
from exactpriv.checker.witness import _space

__all__ = ["RR2", "family_statements", "member_statement", "mixed_text", "unparse"]

MAX_ENTRIES = 400

#: binary randomized response RR(ε) (Warner 1965), the extremal family of ε-DP (rr-dominance)
RR2 = {"name": "RR(2, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "explicit", "inputs": ["0", "1"], "neighbours": [[0, 1]]}, "outputs": [0, 1],
       "mechanism": [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                     ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]]}


def _num(q: Fraction) -> str:
    return f"({q.numerator}/{q.denominator})" if q.denominator != 1 else (f"({q.numerator})" if q < 0 else str(q))


def unparse(node) -> str:
    """A parse tree back as text of the grammar (fully parenthesised)."""
    k = node[0]
    if k == "num":
        return _num(node[1])
    if k == "oo":
        return "oo"
    if k == "name":
        return node[1]
    if k == "neg":
        return f"(-{unparse(node[1])})"
    if k in ("+", "-", "*", "/", "**"):
        return f"({unparse(node[1])} {k} {unparse(node[2])})"
    if k == "call":
        return f"{node[1]}({', '.join(unparse(a) for a in node[2])})"
    if k == "cmp":
        return f"{unparse(node[2])} {node[1]} {unparse(node[3])}"
    if k in ("and", "or"):
        return f" {k} ".join(f"({unparse(p)})" for p in node[1])
    if k == "not":
        return f"not ({unparse(node[1])})"
    raise Failed(f"cannot write {k!r}")


def _poly_text(p, var: str, m) -> str:
    """A polynomial in u as text in var (u = exp(var/m), or u = var when m is None)."""
    terms = []
    for k, c in enumerate(p):
        if not c:
            continue
        if k == 0:
            terms.append(_num(c))
        else:
            power = (var if k == 1 else f"{var}**{k}") if m is None else \
                f"exp({var})" if Fraction(k, m) == 1 else f"exp({_num(Fraction(k, m))}*{var})"
            terms.append(power if c == 1 else f"{_num(c)}*{power}")
    return "(" + (" + ".join(terms) or "0") + ")"


def _rf_text(n, d, var: str, m) -> str:
    return f"({_poly_text(n, var, m)}/{_poly_text(d, var, m)})"


def mixed_text(ns, d, var: str, m) -> str:
    """Σ_j var^j·N_j(u)/D(u) as text (u = exp(var/m))."""
    terms = []
    for j, n in enumerate(ns):
        if not n:
            continue
        rn, rd = _reduce(n, d)  # each coefficient in lowest terms: a constant one leaves var alone (c·var)
        c = f"({_poly_text(rn, var, m)}/{_poly_text(rd, var, m)})" if len(rd) > 1 else \
            _poly_text([x / rd[0] for x in rn], var, m)
        terms.append(f"{c}*{var}**{j}" if j else c)
    return f"({' + '.join(terms) or '0'})"


def _reduce(n, d):
    g = polys.pgcd(n, d)
    if len(g) > 1:
        n, d = polys.pdivmod(n, g)[0], polys.pdivmod(d, g)[0]
    return n, d


def _same(a, b) -> bool:
    return not polys.padd(polys.pmul(a[0], b[1]), polys.pneg(polys.pmul(b[0], a[1])))


def _sub(a, b):
    return polys.rf_add(a, (polys.pneg(b[0]), b[1]))


class _Family:
    """One family read from a statement: the entries as rational functions of u, checked to be a mechanism."""

    def __init__(self, fam: dict):
        if not isinstance(fam, dict):
            raise Failed("a family must be an object")
        self.fam = fam
        self.var = fam.get("variable", "eps")
        self.domain_text = fam.get("domain", "[0, oo)")
        self.dom = parse_domain(self.domain_text)
        if not isinstance(self.var, str) or not self.var.isidentifier():
            raise Failed(f"family variable {self.var!r} is not a name")
        self.inputs, self.alphabets, self.pairs = _space(fam.get("space"))
        self.outputs = fam.get("outputs")
        self.prior = fam.get("prior")
        if self.prior is not None:  # exact rationals, one per input, summing to 1
            if not (isinstance(self.prior, list) and len(self.prior) == len(self.inputs)):
                raise Failed("a family's prior needs one mass per input")
            self.prior = [Fraction(q) if isinstance(q, str) else _bad(q) for q in self.prior]
            if any(q < 0 for q in self.prior) or sum(self.prior) != 1:
                raise Failed("a family's prior is not a distribution")
        rows = fam.get("mechanism")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
            raise Failed("a family needs its mechanism as rows of expressions")
        if sum(len(r) for r in rows) > MAX_ENTRIES or len({len(r) for r in rows}) != 1:
            raise NotCheckable(f"a family with rows of different lengths or more than {MAX_ENTRIES} entries")
        trees = [[parse(e) if isinstance(e, str) else _bad(e) for e in r] for r in rows]
        for m in (None, 1, 2, 3, 4, 6, 12):
            sub = f"u = {self.var}" if m is None else f"u = exp({self.var}/{m})"
            try:
                self.R = [[_reduce(*polys.rational_function(t, self.var, sub)) for t in r] for r in trees]
            except NotCheckable:
                continue
            self.m, self.sub = m, sub
            break
        else:
            raise NotCheckable("the family's entries are not rational functions of exp(var/m) (m ≤ 12) or of var")
        if max(i for p in self.pairs for i in p) >= len(self.R) if self.pairs else True:
            raise Failed("the family's space and mechanism rows do not match")
        for k, row in enumerate(self.R):
            total = ([Fraction(0)], [Fraction(1)])
            for e in row:
                total = _sub(total, (polys.pneg(e[0]), e[1]))
            if not _same(total, ([Fraction(1)], [Fraction(1)])):
                raise Failed(f"family row {k} does not sum to 1 identically")
            for e in row:
                if e[0] and not self._positive(e):
                    if not self._positive_inside(e):
                        raise Failed(f"a family entry of row {k} is not positive on the whole domain (or "
                                     f"identically 0)")
                    self.zero_at_an_end = True  # read by capacity only (exactpriv.checker.families._capacity)

    zero_at_an_end = False

    def _positive_inside(self, rf) -> bool:
        """Positive inside the domain, vanishing at most at its ends."""
        from exactpriv.checker.charts import u_domain

        ivs, signed = self._chart(rf)
        ends = u_domain(self.dom, self.sub, self.var)[:2]
        return all(a == b and any(V.compare(a, "==", x) for x in ends) for a, b in ivs) and \
            all(sg > 0 for _, sg in signed)

    def _chart(self, rf):
        return coefficient_chart(rf[0], rf[1], self.dom, self.sub, self.var)

    def _positive(self, rf) -> bool:
        """Positive on the domain, except perhaps at var = 0 when that is its lower end (where every measure
        of the family is 0 anyway: the formulas below are continuous there and pure_dp's terms all vanish)."""
        ivs, signed = self._chart(rf)
        lo = self.dom[0]
        at_zero = Fraction(0) if self.m is None else Fraction(1)  # the image of var = 0
        if any(iv != (at_zero, at_zero) for iv in ivs) or (ivs and lo != 0):
            return False
        return all(sg > 0 for _, sg in signed)

    def _sign(self, rf) -> int:
        """The sign of rf on the whole domain (0 when identically 0); NotCheckable when it changes."""
        if not rf[0]:
            return 0
        ivs, signed = self._chart(rf)
        signs = {sg for _, sg in signed}
        if len(signs) != 1:
            raise NotCheckable("P_y − Q_y changes sign inside the domain (TV of a family with crossing rows)")
        return signs.pop()

    def _max(self, cands, what: str):
        """The candidate rational function that no other exceeds on the domain."""
        # the first of each class of equal candidates, in order (a key per candidate instead of comparing every
        # pair: a compiled program lists thousands of likelihood ratios; tests/checker/test_rf_key.py compares
        # both ways)
        cands = list(cands)
        keys = [polys.rf_key(c) for c in cands]
        distinct: list = []
        if None in keys:  # a zero denominator: compared pair by pair as written
            for c in cands:
                if not any(_same(c, d) for d in distinct):
                    distinct.append(c)
        else:
            seen: set = set()
            for c, key in zip(cands, keys):
                if key not in seen:
                    seen.add(key)
                    distinct.append(c)
        # tried largest first at one point of the domain (exact values; the order only saves work, the
        # comparisons on the whole domain decide)
        point = self._inner_point()
        if point is not None:
            distinct.sort(key=lambda c: -(polys.peval(c[0], point) / polys.peval(c[1], point))
                          if polys.peval(c[1], point) else 0)
        for c in distinct:
            if all(d is c or self._nonneg(_sub(c, d)) for d in distinct):
                return c
        raise NotCheckable(f"{what}: no neighbouring pair dominates every other one on the whole domain")

    def _inner_point(self):
        """A rational value of u inside the image of the domain, or None."""
        from exactpriv.checker.charts import u_domain

        lo, hi = u_domain(self.dom, self.sub, self.var)[:2]
        for x in (Fraction(2), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(5)):
            if V.compare(lo, "<", x) and V.compare(x, "<", hi):
                return x
        return None

    def _nonneg(self, rf) -> bool:
        return not rf[0] or all(sg > 0 for _, sg in self._chart(rf)[1])

    def _ratio_power(self, p, q) -> Fraction:
        """k/m with p/q = u^k exactly, else NotCheckable."""
        n, d = _reduce(polys.pmul(p[0], q[1]), polys.pmul(p[1], q[0]))
        kn, kd = len(n) - 1, len(d) - 1
        if any(n[:-1]) or any(d[:-1]) or n[-1] != d[-1] or self.m is None:
            raise NotCheckable("a likelihood ratio of the family is not a power of exp(var/m)")
        return Fraction(kn - kd, self.m)

    def _operated(self, op) -> list:
        """The family's rows after the measure's operator ("on"): the k-fold composition on the same input
        (outputs are k-tuples, probabilities multiply) or post-processing by an exact stochastic kernel."""
        if op is None or (isinstance(op, dict) and op.get("operator") == "group"):
            return self.R  # group privacy changes the neighbours, not the matrix
        if not isinstance(op, dict):
            raise Failed("'on' must be an operator object")
        kind = op.get("operator")
        if kind == "k-fold":
            k = int(Fraction(op.get("k", "")))
            if not 1 <= k <= 8 or len(self.R[0]) ** k * len(self.R) > 4 * MAX_ENTRIES:
                raise NotCheckable("a k-fold composition this large on a family")
            rows = []
            for row in self.R:
                out = [([Fraction(1)], [Fraction(1)])]
                for _ in range(k):
                    out = [_reduce(polys.pmul(a[0], b[0]), polys.pmul(a[1], b[1])) for a in out for b in row]
                rows.append(out)
            return rows
        if kind == "post-process":
            K = (op.get("kernels") or {}).get(str(len(self.R[0]))) if "kernels" in op else op.get("kernel")
            if not isinstance(K, list) or len(K) != len(self.R[0]):
                raise Failed("post-process: the kernel needs one row per output of the family")
            K = [[Fraction(x) for x in r] for r in K]
            if any(x < 0 for r in K for x in r) or any(sum(r) != 1 for r in K) or len({len(r) for r in K}) != 1:
                raise Failed("post-process: the kernel is not stochastic")
            rows = []
            for row in self.R:
                out = []
                for z in range(len(K[0])):
                    acc = ([Fraction(0)], [Fraction(1)])
                    for y, e in enumerate(row):
                        if K[y][z]:
                            acc = _sub(acc, (polys.pneg(polys.pmul(e[0], [K[y][z]])), e[1]))
                    out.append(_reduce(*acc))
                rows.append(out)
            return rows
        if kind == "subsample":
            return self._subsampled(op)
        raise NotCheckable(f"operator {kind!r} on a family")

    def _subsampled(self, op: dict) -> list:
        """Poisson subsampling at a rational rate q on a subsets space (Balle–Barthe–Gaboardi 2018): the row of T
        is Σ_{S ⊆ T} q^|S| (1 − q)^{|T|−|S|} times the row of S (exactpriv.checker.constructions.subsample on
        one instance)."""
        from exactpriv.checker.polys import const

        q = const(parse(op["q"])) if isinstance(op.get("q"), str) else None
        if q is None or not 0 <= q <= 1:
            raise Failed("subsample: 'q' must be a rational in [0, 1]")
        if (self.fam.get("space") or {}).get("type") != "subsets":
            raise Failed("subsample: Poisson subsampling needs a subsets space")
        index = {tuple(x): i for i, x in enumerate(self.inputs)}
        rows = []
        for T in self.inputs:
            out = [([Fraction(0)], [Fraction(1)])] * len(self.R[0])
            for S in itertools.product(*[(0, 1) if c else (0,) for c in T]):
                w = q ** sum(S) * (1 - q) ** (sum(T) - sum(S))
                if w:
                    out = [_sub(acc, (polys.pneg(polys.pmul(e[0], [w])), e[1]))
                           for acc, e in zip(out, self.R[index[S]])]
            rows.append([_reduce(*e) for e in out])
        return rows

    def _group_pairs(self, op: dict) -> list:
        """Group privacy (Dwork–Roth 2014, Thm 2.2): the ordered pairs at distance 1..k in the neighbour graph."""
        k = Fraction(op.get("k", ""))
        if k.denominator != 1 or not 1 <= k <= 64:
            raise Failed("group: 'k' must be a positive integer")
        out = []
        for start in range(len(self.R)):
            dist, frontier = {start: 0}, [start]
            while frontier:
                nxt = [j for i in frontier for a, j in self.pairs if a == i and j not in dist]
                for j in nxt:
                    dist[j] = dist[[i for i in frontier if (i, j) in self.pairs][0]] + 1
                frontier = [j for j in dict.fromkeys(nxt) if dist[j] < k]
            out += [(start, j) for j, d in dist.items() if 1 <= d <= k]
        return out

    def _kl_log_linear(self, R, pairs) -> str:
        """kl_dp when a likelihood ratio is no power of u (a post-processed family): KL(P‖Q) = Σ_y P_y·log(P_y/Q_y)
        of each pair, a log-linear expression (exactpriv.checker.loglinear); the maximum over pairs is taken
        only when every pair gives the same function (identical log-linear forms, as by a symmetry of the
        family), else not checkable."""
        from exactpriv.checker.loglinear import log_linear

        texts, forms = [], []
        for i, j in pairs:
            terms = [f"{_rf_text(*p, self.var, self.m)}*log("
                     f"{_rf_text(*_reduce(polys.pmul(p[0], q[1]), polys.pmul(p[1], q[0])), self.var, self.m)})"
                     for p, q in zip(R[i], R[j]) if p[0]]
            text = f"({' + '.join(terms) or '0'})"
            form = log_linear(parse(text), self.var, self.sub, self.dom)
            if not any(_same_forms(form, f) for f in forms):
                texts.append(text)
                forms.append(form)
        if len(forms) != 1:
            raise NotCheckable("kl_dp of a family: the neighbouring pairs' divergences are different functions")
        return texts[0]

    def _posterior_odds(self, spec: dict) -> str:
        """The posterior odds of record i's value t against t' after the output y, over the prior odds (Wu–Xia–He
        2017, eq. (1)): [Pr[X_i = t | Y = y] / Pr[X_i = t' | Y = y]] / [Pr[X_i = t] / Pr[X_i = t']], by Bayes
        on the family's prior; a rational function of u (Failed where a probability in it is 0)."""
        if self.prior is None or self.alphabets is None or not isinstance(self.outputs, list):
            raise Failed("posterior_odds needs a family with a prior on a hamming space")
        if set(spec) - {"notion", "record", "value", "other", "output"}:
            raise NotCheckable(f"parameters of posterior_odds: {sorted(spec)}")
        i = spec.get("record")
        if not (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(self.alphabets)):
            raise Failed("posterior_odds: 'record' must be a record index")
        values, y = self.alphabets[i], spec.get("output")
        if spec.get("value") not in values or spec.get("other") not in values or y not in self.outputs:
            raise Failed("posterior_odds: 'value' and 'other' must be values of the record, 'output' an output")
        t, t2, col = values.index(spec["value"]), values.index(spec["other"]), self.outputs.index(y)
        zero = ([Fraction(0)], [Fraction(1)])
        num, den, pt, pt2 = zero, zero, Fraction(0), Fraction(0)
        for x, q, row in zip(self.inputs, self.prior, self.R):
            term = (polys.pmul(row[col][0], [q]), row[col][1])
            if x[i] == t:
                num, pt = _sub(num, (polys.pneg(term[0]), term[1])), pt + q
            elif x[i] == t2:
                den, pt2 = _sub(den, (polys.pneg(term[0]), term[1])), pt2 + q
        ivs, signed = self._chart(den) if den[0] else ([None], [])
        if not pt or not pt2 or ivs or any(sg <= 0 for _, sg in signed):
            raise Failed("posterior_odds: a prior or posterior probability of the odds is 0")
        n, d = _reduce(polys.pmul(polys.pmul(num[0], den[1]), [pt2]), polys.pmul(polys.pmul(num[1], den[0]), [pt]))
        return _rf_text(n, d, self.var, self.m)

    def _capacity(self, spec: dict) -> str:
        """max_p I(X; Y) (Cover–Thomas §7.1), by :meth:`_capacity_of` on the family's rows."""
        if set(spec) - {"notion"}:
            raise NotCheckable(f"parameters of capacity on a family: {sorted(spec)}")
        return self._capacity_of(self.R)[0]

    def _mi_dp(self, spec: dict) -> str:
        """Cuff–Yu's MI-DP level, max_i sup over priors of I(X_i; Y | X_(i)): the conditional mutual information is
        the average over x_(i) of I(X_i; Y | X_(i) = x_(i)), so its supremum is the largest capacity of the
        channels x_i ↦ P(·| x_i, x_(i)) (a point mass on the best x_(i)); each by :meth:`_capacity_of`, and they
        must all be the same function (identical log-linear forms), else not checkable."""
        if set(spec) - {"notion"} or self.alphabets is None:
            raise NotCheckable("mi_dp on a family: a hamming space, no parameters")
        results = []
        for i in range(len(self.alphabets)):
            groups: dict = {}
            for k, x in enumerate(self.inputs):
                groups.setdefault(tuple(x[:i]) + tuple(x[i + 1:]), []).append(self.R[k])
            results += [self._capacity_of(rows) for rows in groups.values()]
        text, form = results[0]
        for _, other in results[1:]:
            if not _same_forms(form, other):
                raise NotCheckable("mi_dp on a family: the records' conditional capacities are not one function")
        return text

    def _capacity_of(self, rows) -> tuple:
        """(capacity as text, its log-linear form) of the channel with these rows: identical rows merged (an input
        law on the merged channel gives the same output law and I(X; Y) = H(Y) − Σ_x p_x H(W_x)), then under the
        uniform input on the distinct rows, q_y the average row, when every D(W_x ‖ q) = Σ_y W_xy log(W_xy/q_y)
        is the same function of the variable (identical log-linear forms, exactpriv.checker.loglinear) the
        uniform input meets the Kuhn–Tucker conditions with equality on its full support and the capacity is that
        common value (Gallager 1968, Thm 4.5.1); otherwise not checkable.  An entry vanishing at an end of the
        domain: there a term W·log(W/q) with W = 0 is 0, as in the definition, when the formula is defined there
        (a log of 0 is not, and no certificate then covers it); capacity is continuous in the channel."""
        from exactpriv.checker.loglinear import log_linear

        distinct: list = []
        for row in rows:
            if not any(all(_same(a, b) for a, b in zip(row, d)) for d in distinct):
                distinct.append(row)
        n = len(distinct)
        q = []
        for y in range(len(distinct[0])):
            acc = ([Fraction(0)], [Fraction(1)])
            for row in distinct:
                acc = _sub(acc, (polys.pneg(row[y][0]), row[y][1]))
            q.append(_reduce(acc[0], polys.pmul(acc[1], [Fraction(n)])))
        texts = []
        for row in distinct:
            terms = [f"{_rf_text(*w, self.var, self.m)}*log("
                     f"{_rf_text(*_reduce(polys.pmul(w[0], qy[1]), polys.pmul(w[1], qy[0])), self.var, self.m)})"
                     for w, qy in zip(row, q) if w[0]]
            texts.append(" + ".join(terms) or "0")
        forms = [log_linear(parse(t), self.var, self.sub, self.dom) for t in texts]
        for f in forms[1:]:
            if not _same_forms(f, forms[0]):
                raise NotCheckable("capacity on a family: the uniform input does not meet the Kuhn-Tucker "
                                   "conditions identically (the rows' divergences from the output law differ)")
        return f"({texts[0]})", forms[0]

    def _entry(self, spec: dict) -> str:
        """P(Y = x' | X = x) for the pair (x, x'): the output that is x' itself (outputs are the inputs' sequences of
        values), e.g. to state that a square mechanism is a symmetric matrix."""
        pair = spec.get("pair")
        if set(spec) - {"notion", "pair"} or not (isinstance(pair, list) and len(pair) == 2):
            raise Failed("entry: one ordered pair ('pair': \"this\" in a statement with 'pairs')")
        if self.alphabets is None or not isinstance(self.outputs, list):
            raise NotCheckable("entry on a family that is not on a hamming space")
        x, z = pair
        target = [a[k] for a, k in zip(self.alphabets, self.inputs[z])]
        if target not in self.outputs:
            raise Failed("entry: the second input of the pair is not an output of the family")
        return _rf_text(*self.R[x][self.outputs.index(target)], self.var, self.m)

    def _distortion(self, spec: dict) -> str:
        """The expected Hamming distortion of one input's row, Σ_y P(y|x)·d(x, y) (Wang–Ying–Zhang 2016, E[d]
        under the point mass at x), outputs being records sequences of the space's values."""
        x = spec.get("input")
        if set(spec) - {"notion", "input"} or not (isinstance(x, int) and 0 <= x < len(self.R)):
            raise Failed("distortion: one input's row ('input': \"this\" in a statement with 'inputs': 'each')")
        if self.alphabets is None or not isinstance(self.outputs, list):
            raise NotCheckable("distortion on a family that is not on a hamming space")
        point = [a[k] for a, k in zip(self.alphabets, self.inputs[x])]
        total = ([Fraction(0)], [Fraction(1)])
        for y, e in zip(self.outputs, self.R[x]):
            if not (isinstance(y, list) and len(y) == len(point)):
                raise Failed("distortion: each output must be a sequence of values, one per record")
            d = sum(a != b for a, b in zip(point, y))
            total = _sub(total, (polys.pneg(polys.pmul(e[0], [Fraction(d)])), e[1]))
        return _rf_text(*_reduce(*total), self.var, self.m)

    def _semantic_privacy(self, spec: dict) -> str:
        """Zhao 2019, Def. 1 on a single record (exactpriv.checker.notions.semantic_privacy): with nothing to
        integrate out, Game 0's likelihoods are the rows P(y|x) and Game i's is the row of ⊥ for every x, so the
        cross ratio of output y is max_x P(y|x) / min_x P(y|x), whatever ⊥ is; R is its maximum over y and
        SP = (√R − 1)/(√R + 1).  With every ratio of the family's entries a power u^k (u = exp(var/m)),
        R = u^K and SP = tanh(K·var/(4m)) exactly."""
        if set(spec) - {"notion", "default"} or self.alphabets is None or len(self.alphabets) != 1:
            raise NotCheckable("semantic_privacy on a family of one record (a hamming space with n = 1) only")
        if any(not e[0] for row in self.R for e in row):
            raise NotCheckable("semantic_privacy on a family with zero entries")
        if spec.get("default") is not None and str(spec["default"]) not in [str(a) for a in self.alphabets[0]]:
            raise Failed(f"default {spec['default']!r} is not a value of the record")
        if not V.compare(self.dom[0], ">=", Fraction(0)):
            raise NotCheckable("semantic_privacy on a family whose domain reaches below 0")
        K = max(self._ratio_power(p, q) for a in self.R for b in self.R for p, q in zip(a, b))
        return f"tanh(({_num(K / 4)})*{self.var})"

    def refined(self, d: int) -> "_Family":
        """The same family with u = exp(var/(m·d)) (each power of u multiplied by d)."""
        if not 1 <= d <= 12:
            raise NotCheckable("an epsilon' that needs exp(var/m) with m above 144")
        spread = lambda p: [c if k % d == 0 else Fraction(0) for k in range((len(p) - 1) * d + 1)  # noqa: E731
                            for c in [p[k // d] if k % d == 0 else 0]] if p else p
        other = object.__new__(_Family)
        other.__dict__.update(self.__dict__)
        other.R = [[(spread(n), spread(dd)) for n, dd in row] for row in self.R]
        other.m = self.m * d
        other.sub = f"u = exp({self.var}/{other.m})"
        return other

    def measure(self, spec: dict) -> str:
        """The measure's value on the family as an expression of the grammar in the variable."""
        if not isinstance(spec, dict):
            raise NotCheckable(f"measure {spec!r} on a family")
        if spec.get("mechanism") is not None:  # another mechanism of the family (same space, variable, domain)
            other = (self.fam.get("mechanisms") or {}).get(spec["mechanism"])
            if not isinstance(other, dict) or "mechanisms" in other:
                raise Failed(f"the family has no mechanism {spec['mechanism']!r} under 'mechanisms'")
            sub = {k: v for k, v in self.fam.items() if k not in ("mechanisms", "outputs", "mechanism")}
            return _Family(dict(sub, outputs=other.get("outputs"), mechanism=other.get("mechanism"))).measure(
                {k: v for k, v in spec.items() if k != "mechanism"})
        name = spec.get("notion")
        # the formulas below assume no other zeros, except sums of signed differences (tv_dp, approx_dp), which are
        # polynomial in the entries and continuous up to the domain's ends
        if self.zero_at_an_end and name not in ("capacity", "mi_dp", "tv_dp", "approx_dp"):
            raise NotCheckable(f"{name} on a family with an entry vanishing at an end of the domain")
        if name == "posterior_odds":
            return self._posterior_odds(spec)
        if name == "semantic_privacy":
            return self._semantic_privacy(spec)
        if name == "distortion":
            return self._distortion(spec)
        if name == "entry":
            return self._entry(spec)
        if name == "capacity":
            return self._capacity(spec)
        if name == "mi_dp":
            return self._mi_dp(spec)
        extra = set(spec) - {"notion", "alpha", "on", "epsilon", "pair"}
        if extra or ("epsilon" in spec and name != "approx_dp"):
            raise NotCheckable(f"parameters {sorted(extra)} of {name} on a family")
        R = self._operated(spec.get("on"))
        pairs = self._group_pairs(spec["on"]) if (spec.get("on") or {}).get("operator") == "group" else self.pairs
        if "pair" in spec:  # the divergence of one ordered pair of rows (D(P‖Q), not the maximum over pairs)
            pair = spec["pair"]
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(k, int) and not isinstance(k, bool)
                                                                     and 0 <= k < len(R) for k in pair)):
                raise Failed("'pair' must be two row indices of the family")
            pairs = [tuple(pair)]
        if name in ("pure_dp", "kl_dp") and not V.compare(self.dom[0], ">=", Fraction(0)):
            raise NotCheckable(f"{name} on a family whose domain reaches below 0")
        zero = lambda e: not e[0]  # noqa: E731
        if name == "pure_dp":
            best, ratios = Fraction(0), []
            for i, j in pairs:
                for p, q in zip(R[i], R[j]):
                    if zero(p) and zero(q):
                        continue
                    if zero(p) or zero(q):
                        raise NotCheckable("pure_dp of a family is infinite (a zero facing a positive entry)")
                    ratios.append(_reduce(polys.pmul(p[0], q[1]), polys.pmul(p[1], q[0])))
                    if best is not None:
                        try:
                            best = max(best, self._ratio_power(p, q))
                        except NotCheckable:
                            best = None
            if best is not None:
                return f"({_num(best)}*{self.var})"
            # ratios that are not powers of u: the largest one, shown to dominate on the domain, under a log
            return f"log({_rf_text(*self._max(ratios, 'pure_dp'), self.var, self.m)})"
        if name == "approx_dp" and _exp_level(spec.get("epsilon", "")) is not None:
            # δ at a constant ε' with e^{ε'} = g rational (ε' = log(g)): max over pairs of Σ_y (P_y − g·Q_y)₊
            g = _exp_level(spec["epsilon"])
            cands = []
            for i, j in pairs:
                s = ([Fraction(0)], [Fraction(1)])
                for p, q in zip(R[i], R[j]):
                    d = _sub(p, (polys.pmul(q[0], [g]), q[1]))
                    if self._sign(d) > 0:
                        s = _sub(s, (polys.pneg(d[0]), d[1]))
                cands.append(_reduce(*s))
            return _rf_text(*self._max(cands, "approx_dp"), self.var, self.m)
        if name == "approx_dp":  # δ at ε' = c·var: max over pairs of Σ_y (P_y − e^{ε'} Q_y)₊
            shift = _linear(spec.get("epsilon", ""), self.var)
            if shift is not None and self.m is not None and (shift * self.m).denominator != 1 and shift > 0:
                return self.refined((shift * self.m).denominator).measure(spec)  # e.g. ε' = ε/2: u = exp(ε/2)
            if shift is None or self.m is None or (shift * self.m).denominator != 1 or shift < 0:
                raise NotCheckable("approx_dp on a family at an epsilon that is not c*var with e^epsilon = u^k")
            k = int(shift * self.m)
            cands = []
            for i, j in pairs:
                s = ([Fraction(0)], [Fraction(1)])
                for p, q in zip(R[i], R[j]):
                    d = _sub(p, (polys.pmul(q[0], [Fraction(0)] * k + [Fraction(1)]), q[1]))
                    if self._sign(d) > 0:
                        s = _sub(s, (polys.pneg(d[0]), d[1]))
                cands.append(_reduce(*s))
            return _rf_text(*self._max(cands, "approx_dp"), self.var, self.m)
        if name == "kl_dp":
            cands = []
            for i, j in pairs:
                s = ([Fraction(0)], [Fraction(1)])
                for p, q in zip(R[i], R[j]):
                    if zero(p):
                        continue
                    if zero(q):
                        raise NotCheckable("kl_dp of a family is infinite")
                    try:
                        k = self._ratio_power(p, q)
                    except NotCheckable:
                        return self._kl_log_linear(R, pairs)
                    s = _sub(s, (polys.pneg(polys.pmul(p[0], [k])), p[1]))
                cands.append(_reduce(*s))
            best = self._max(cands, "kl_dp")
            return f"({_rf_text(*best, self.var, self.m)}*{self.var})"
        if name == "chi2":  # χ²(P‖Q) = Σ_y P_y²/Q_y − 1, of one pair or the largest over the pairs
            cands = []
            for i, j in pairs:
                s = ([Fraction(-1)], [Fraction(1)])
                for p, q in zip(R[i], R[j]):
                    if zero(p):
                        continue
                    if zero(q):
                        raise NotCheckable("chi2 of a family is infinite")
                    s = _sub(s, (polys.pneg(polys.pmul(polys.pmul(p[0], p[0]), q[1])),
                                 polys.pmul(polys.pmul(p[1], p[1]), q[0])))
                cands.append(_reduce(*s))
            return _rf_text(*self._max(cands, "chi2"), self.var, self.m)
        if name == "tv_dp":
            cands = []
            for i, j in pairs:
                s = ([Fraction(0)], [Fraction(1)])
                for p, q in zip(R[i], R[j]):
                    d = _sub(p, q)
                    sg = self._sign(d)
                    s = _sub(s, (polys.pneg(polys.pmul(d[0], [Fraction(sg, 2)])), d[1]))
                cands.append(_reduce(*s))
            return _rf_text(*self._max(cands, "tv_dp"), self.var, self.m)
        if name == "renyi_dp":
            try:
                alpha = Fraction(spec.get("alpha", ""))
            except (TypeError, ValueError, ZeroDivisionError):
                raise NotCheckable(f"renyi_dp at alpha = {spec.get('alpha')!r} on a family") from None
            if alpha.denominator != 1 or not 2 <= alpha <= 16:
                raise NotCheckable("renyi_dp on a family at an order that is not an integer in 2..16")
            a = int(alpha)
            cands = []
            for i, j in pairs:
                s = ([Fraction(0)], [Fraction(1)])
                for p, q in zip(R[i], R[j]):
                    if zero(p):
                        continue
                    if zero(q):
                        raise NotCheckable("renyi_dp of a family is infinite")
                    # P^α Q^(1−α) = p_n^α q_d^(α−1) / (p_d^α q_n^(α−1))
                    n = polys.pmul(_power(p[0], a), _power(q[1], a - 1))
                    d = polys.pmul(_power(p[1], a), _power(q[0], a - 1))
                    s = _reduce(*_sub(s, (polys.pneg(n), d)))
                cands.append(s)
            best = self._max(cands, "renyi_dp")
            return f"(log({_rf_text(*best, self.var, self.m)})/{a - 1})"
        raise NotCheckable(f"notion {name!r} on a symbolic family")


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


def _bad(e):
    raise Failed(f"a family entry {e!r} is not an expression")


def family_statements(statement: dict) -> list[tuple[str, dict]]:
    """(family name, the forall-params statement it reduces to) for each family of a ``forall-family``
    statement: the claim with each measure replaced by its value on the family, derived here."""
    fams = statement.get("families")
    if not isinstance(fams, list) or not fams:
        raise Failed("a forall-family statement lists its 'families'")
    measures = statement.get("measures") or {}
    claim = statement.get("claim")
    if not isinstance(claim, str) or not isinstance(measures, dict):
        raise Failed("a forall-family statement needs 'measures' and a 'claim'")
    if statement.get("hypotheses"):
        raise NotCheckable("hypotheses on a forall-family statement")
    each = statement.get("pairs")
    if each not in (None, "all", "neighbours"):
        raise Failed("'pairs' is 'all' (every ordered pair of inputs) or 'neighbours' (every ordered neighbouring pair)")
    if statement.get("inputs") not in (None, "each"):
        raise Failed("'inputs' is 'each' (the claim for every input)")
    out = []
    for fam in fams:
        f = _Family(fam)
        point = fam.get("params") or {}
        if not isinstance(point, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in point.items()):
            raise Failed("a family's 'params' maps names to exact numbers as strings")
        values = {k: ("num", Fraction(v)) for k, v in point.items()}  # a point of a grid: exact rationals
        claims = []
        rows = range(len(f.R)) if statement.get("inputs") == "each" else [None]
        derived_once: dict = {}  # a measure of the whole family is derived once, not once per pair or input
        for pair, row in [(p, r) for p in _ordered_pairs(f, each) for r in rows]:
            env = {}
            for name, spec in measures.items():
                spec = _at_point(_of_input(_of_pair(spec, pair), row), point)
                key = json.dumps(spec, sort_keys=True, default=str)
                if key not in derived_once:
                    derived_once[key] = parse(f.measure(spec))
                env[name] = derived_once[key]
            env.update({k: v for k, v in values.items() if k not in env})
            if f.var in env:
                raise Failed(f"a measure is named like the family's variable {f.var!r}")
            claims.append(_fold(_substitute(parse(claim), env)))
        name = str(fam.get("name", ""))
        if len(claims) == 1:
            out.append((name, {"quantifier": "forall-params", "domain": {f.var: f.domain_text},
                               "claim": unparse(claims[0])}))
            continue
        # a per-pair or per-input statement: one derived statement per distinct conjunct (many pairs give the
        # same one), so that no derived claim grows with the number of pairs
        texts = list(dict.fromkeys(unparse(c) for node in claims for c in (node[1] if node[0] == "and" else [node])))
        out += [(f"{name} [{k + 1} of {len(texts)}]", {"quantifier": "forall-params", "domain": {f.var: f.domain_text},
                                                        "claim": t}) for k, t in enumerate(texts)]
    return out


def _same_forms(f: dict, g: dict) -> bool:
    """Two log-linear forms (exactpriv.checker.loglinear) with the same coefficient for every key."""
    zero = ([Fraction(0)], [Fraction(1)])
    return all(_same(f.get(k, zero), g.get(k, zero)) for k in set(f) | set(g))


def _ordered_pairs(f: _Family, each) -> list:
    """The ordered pairs a per-pair statement ranges over (``"pairs"``), or [None] for a statement about the
    maxima over pairs."""
    if each is None:
        return [None]
    if each == "all":
        return [(i, j) for i in range(len(f.R)) for j in range(len(f.R)) if i != j]
    return sorted(set(f.pairs) | {(j, i) for i, j in f.pairs})


def _of_input(spec, row):
    """A measure of a per-input statement: ``"input": "this"`` becomes the input's row index."""
    if isinstance(spec, dict) and "input" in spec:
        if row is None or spec["input"] != "this":
            raise Failed("a measure of one input ('input': 'this') needs a statement with 'inputs': 'each'")
        return dict(spec, input=row)
    return spec


def _of_pair(spec, pair):
    """A measure of a per-pair statement: ``"pair": "this"`` (D(P_x‖P_x')) or ``"reversed"`` (D(P_x'‖P_x))
    becomes the pair's row indices; other measures are of the whole family."""
    if not isinstance(spec, dict) or spec.get("pair") not in ("this", "reversed"):
        return spec  # a measure of the whole family (or of a listed pair of rows)
    if pair is None:
        raise Failed("a measure of the pair ('this', 'reversed') in a statement without 'pairs'")
    return dict(spec, pair=list(pair) if spec["pair"] == "this" else [pair[1], pair[0]])


def _at_point(spec, point: dict):
    """A measure's parameters at a point of the grid: a parameter's name (or an expression of the grid's names,
    e.g. "(k-2)*eps") with the point's values put in, written back as text."""
    if not isinstance(spec, dict):
        return spec
    out = {}
    for k, v in spec.items():
        if isinstance(v, dict):
            out[k] = _at_point(v, point)
        elif isinstance(v, str) and k in ("alpha", "epsilon", "k", "q") and point:
            out[k] = unparse(_fold(_substitute(parse(v), {n: ("num", Fraction(x)) for n, x in point.items()})))
        else:
            out[k] = v
    return out


def _fold(node):
    """Constant arithmetic of a substituted tree evaluated exactly ((3 - 2)*eps → 1*eps)."""
    if not isinstance(node, tuple) or node[0] in ("num", "name", "oo"):
        return node
    if node[0] == "call":
        return ("call", node[1], [_fold(a) for a in node[2]])
    if node[0] in ("and", "or"):
        return (node[0], [_fold(a) for a in node[1]])
    if node[0] == "cmp":
        return ("cmp", node[1], _fold(node[2]), _fold(node[3]))
    if node[0] == "neg":
        a = _fold(node[1])
        return ("num", -a[1]) if a[0] == "num" else ("neg", a)
    a, b = _fold(node[1]), _fold(node[2])
    if a[0] == "num" and b[0] == "num":
        x, y = a[1], b[1]
        if node[0] in ("+", "-", "*"):
            return ("num", x + y if node[0] == "+" else x - y if node[0] == "-" else x * y)
        if node[0] == "/" and y != 0:
            return ("num", x / y)
        if node[0] == "**" and y.denominator == 1 and abs(y) <= 64 and (x != 0 or y >= 0):
            return ("num", x ** int(y))
    return (node[0], a, b)


def _substitute(node, env: dict):
    if node[0] == "name" and node[1] in env:
        return env[node[1]]
    if node[0] == "call":
        return ("call", node[1], [_substitute(a, env) for a in node[2]])
    if node[0] in ("and", "or"):
        return (node[0], [_substitute(a, env) for a in node[1]])
    if node[0] == "cmp":
        return ("cmp", node[1], _substitute(node[2], env), _substitute(node[3], env))
    return tuple(_substitute(a, env) if isinstance(a, tuple) else a for a in node)


# ----------------------------------------------------------------------------------------- a member as a witness
#: the "on" operators of a family measure, as the operators of a measure on one instance (constructions.OPERATORS)
_NUMERIC_OPERATOR = {"k-fold": "k_fold", "group": "group", "subsample": "subsample"}


def _numeric_measure(spec) -> dict:
    """A family measure as a measure on one member: its ``on`` operator written as the instance operators."""
    if not isinstance(spec, dict) or "pair" in spec:
        raise NotCheckable(f"measure {spec!r} on one member")
    out = {k: v for k, v in spec.items() if k != "on"}
    op = spec.get("on")
    if op is None:
        return out
    if not isinstance(op, dict):
        raise Failed("'on' must be an operator object")
    kind = op.get("operator")
    if kind == "post-process":
        out["post_process"] = op["kernels"] if "kernels" in op else op.get("kernel")
    elif kind in _NUMERIC_OPERATOR:
        arg = op.get("q" if kind == "subsample" else "k")
        if not isinstance(arg, str):
            raise Failed(f"operator {kind!r} needs its argument as an expression string")
        out[_NUMERIC_OPERATOR[kind]] = arg
    else:
        raise NotCheckable(f"operator {kind!r} on one member")
    return out


def member_statement(statement: dict, inst) -> dict:
    """The ``forall-instances`` statement of the witness as a member of one of the statement's families: its space
    and outputs are the family's, its ``params`` give the family's variable (in the domain) and grid point, and its
    matrix equals the family's entries evaluated there exactly.  The claim is then re-measured on that one
    mechanism from the definitions (notions.py) — how a REFUTED ``forall-family`` row is checked when its notion
    has no derivation on the symbolic family (capacity, a non-power likelihood ratio)."""
    from exactpriv.checker.domains import in_domain
    from exactpriv.checker.expressions import evaluate

    fams = statement.get("families")
    if not isinstance(fams, list) or not fams:
        raise Failed("a forall-family statement lists its 'families'")
    if inst.P is None or inst.extra or inst.prior is not None:
        raise Failed("a member of a family is a witness with one mechanism and no prior")
    for fam in fams:
        if not isinstance(fam, dict):
            raise Failed("a family must be an object")
        var, point = fam.get("variable", "eps"), fam.get("params") or {}
        if var not in inst.params or any(k not in inst.params for k in point):
            continue
        env = {var: evaluate(inst.params[var], {})}
        if any(not V.compare(evaluate(v, {}), "==", evaluate(inst.params[k], {})) for k, v in point.items()):
            continue
        inputs, records, nbrs = _space(fam.get("space"))
        if fam.get("outputs") != inst.outputs or len(inputs) != len(inst.inputs) or set(nbrs) != set(inst.neighbours):
            continue
        if not in_domain(env[var], parse_domain(fam.get("domain", "[0, oo)"))):
            raise Failed(f"{var} = {inst.params[var]} is outside the domain of family {fam.get('name')!r}")
        rows = fam.get("mechanism")
        if not isinstance(rows, list) or len(rows) != len(inst.P):
            continue
        built = [[evaluate(e, env) for e in r] for r in rows]
        if any(not isinstance(q, Fraction) for r in built for q in r):
            raise NotCheckable(f"the member at {var} = {inst.params[var]} has irrational entries")
        if built != inst.P:
            continue
        return {"quantifier": "forall-instances", "hypotheses": [], "claim": statement.get("claim"),
                "measures": {k: _numeric_measure(s) for k, s in (statement.get("measures") or {}).items()}}
    raise Failed("the witness is a member of none of the statement's families (space, outputs, parameters and "
                 "matrix must equal one family's entries at the witness's parameters)")
