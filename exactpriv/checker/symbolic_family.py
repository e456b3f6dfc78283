"""A symbolic family read from a statement (docs/certificates.md, "forall-family"): a mechanism whose entries are
expressions in one variable, for every value of it in a domain, and the operators a measure may apply to it.

Entries are rewritten as N(u)/D(u) with u = exp(var/m) (m ≤ 12) or u = var; every entry is checked to be
identically 0 or positive on the whole domain (an entry may vanish at an end, which only some notions accept), and
every row to sum to 1 identically.  The checker's own root isolation (charts.py) decides every sign; the largest of
several candidate functions is the one no other exceeds on the whole domain.  Operators: k-fold composition,
post-processing by an exact kernel, Poisson subsampling, group privacy (the neighbours at distance ≤ k).
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import flint

from exactpriv.checker import flint_rf, polys
from exactpriv.checker import values as V
from exactpriv.checker.charts import coefficient_chart
from exactpriv.checker.domains import parse_domain
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.grammar import parse
from exactpriv.checker.witness import read_space

__all__ = ["MAX_ENTRIES", "SymbolicFamily", "bad_entry"]

MAX_ENTRIES = 400


class SymbolicFamily:
    """One family read from a statement: the entries as rational functions of u, checked to be a mechanism."""

    def __init__(self, fam: dict):
        if not isinstance(fam, dict):
            raise Failed("a family must be an object")
        # a family comes back in many statements (one verify reads 172 families, 84 distinct): one written as
        # plain JSON is read once per process (its key the JSON text, which must read back as the family
        # itself), each instance getting its own lists; a family that cannot be read is refused again as a new
        # error.  tests/checker/test_family_statements_memo.py compares remembered reads with fresh ones.
        try:
            key = json.dumps(fam, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError):
            key = None
        if key is None or json.loads(key) != fam:
            self._read(fam)
        else:
            self.__dict__.update(_remembered_read(key))
            self.R = [[(list(n), list(d)) for n, d in row] for row in self.R]
            self.inputs, self.pairs = list(self.inputs), list(self.pairs)
            self.prior = None if self.prior is None else list(self.prior)
            self.alphabets = None if self.alphabets is None else [list(a) for a in self.alphabets]
            self.outputs = fam.get("outputs")  # the statement's own object, as a fresh read keeps it
        self.fam = fam

    def _read(self, fam: dict) -> None:
        """Read and check the family (the attributes below), as written in the statement."""
        self.fam = fam
        self.var = fam.get("variable", "eps")
        self.domain_text = fam.get("domain", "[0, oo)")
        self.dom = parse_domain(self.domain_text)
        if not isinstance(self.var, str) or not self.var.isidentifier():
            raise Failed(f"family variable {self.var!r} is not a name")
        self.inputs, self.alphabets, self.pairs = read_space(fam.get("space"))
        self.outputs = fam.get("outputs")
        self.prior = fam.get("prior")
        if self.prior is not None:  # exact rationals, one per input, summing to 1
            if not (isinstance(self.prior, list) and len(self.prior) == len(self.inputs)):
                raise Failed("a family's prior needs one mass per input")
            self.prior = [Fraction(q) if isinstance(q, str) else bad_entry(q) for q in self.prior]
            if any(q < 0 for q in self.prior) or sum(self.prior) != 1:
                raise Failed("a family's prior is not a distribution")
        rows = fam.get("mechanism")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
            raise Failed("a family needs its mechanism as rows of expressions")
        if sum(len(r) for r in rows) > MAX_ENTRIES or len({len(r) for r in rows}) != 1:
            raise NotCheckable(f"a family with rows of different lengths or more than {MAX_ENTRIES} entries")
        # every entry read first (an entry the grammar cannot read is an error whatever the substitution); then
        # the texts themselves go to rational_function, which remembers them by text
        texts = [[e if isinstance(e, str) and _readable(e) else bad_entry(e) for e in r] for r in rows]
        for m in (None, 1, 2, 3, 4, 6, 12):
            sub = f"u = {self.var}" if m is None else f"u = exp({self.var}/{m})"
            try:
                self.R = [[polys.rf_reduce(*polys.rational_function(t, self.var, sub)) for t in r] for r in texts]
            except NotCheckable:
                continue
            self.m, self.sub = m, sub
            break
        else:
            raise NotCheckable("the family's entries are not rational functions of exp(var/m) (m ≤ 12) or of var")
        if max(i for p in self.pairs for i in p) >= len(self.R) if self.pairs else True:
            raise Failed("the family's space and mechanism rows do not match")
        for k, row in enumerate(self.R):
            total = flint_rf.to_pair(([Fraction(0)], [Fraction(1)]))
            for e in row:  # the sum as polys.rf_add forms it (the same degree refusals), in flint
                total = flint_rf.add(total, flint_rf.to_pair(e))
            if total[0] != total[1]:  # N/D = 1 identically
                raise Failed(f"family row {k} does not sum to 1 identically")
            for e in row:
                if e[0] and not self._positive(e):
                    if not self._positive_inside(e):
                        raise Failed(f"a family entry of row {k} is not positive on the whole domain (or "
                                     f"identically 0)")
                    self.zero_at_an_end = True  # read by family_measures.measure (which notions allow it)

    zero_at_an_end = False

    def _snapshot(self) -> dict:
        """What _read found, with its lists as tuples (kept in the memo, copied into each instance)."""
        out = {k: v for k, v in self.__dict__.items() if k != "fam"}
        out["R"] = tuple(tuple((tuple(n), tuple(d)) for n, d in row) for row in self.R)
        out["inputs"], out["pairs"] = tuple(self.inputs), tuple(self.pairs)
        out["prior"] = None if self.prior is None else tuple(self.prior)
        out["alphabets"] = None if self.alphabets is None else tuple(tuple(a) for a in self.alphabets)
        return out

    def _positive_inside(self, rf) -> bool:
        """Positive inside the domain, vanishing at most at its ends."""
        from exactpriv.checker.charts import u_domain

        ivs, signed = self.chart(rf)
        ends = u_domain(self.dom, self.sub, self.var)[:2]
        return all(a == b and any(V.compare(a, "==", x) for x in ends) for a, b in ivs) and \
            all(sg > 0 for _, sg in signed)

    def chart(self, rf):
        return coefficient_chart(rf[0], rf[1], self.dom, self.sub, self.var)

    def _positive(self, rf) -> bool:
        """Positive on the domain, except perhaps at var = 0 when that is its lower end (where every measure
        of the family is 0 anyway: the formulas below are continuous there and pure_dp's terms all vanish)."""
        ivs, signed = self.chart(rf)
        lo = self.dom[0]
        at_zero = Fraction(0) if self.m is None else Fraction(1)  # the image of var = 0
        if any(iv != (at_zero, at_zero) for iv in ivs) or (ivs and lo != 0):
            return False
        return all(sg > 0 for _, sg in signed)

    def sign(self, rf) -> int:
        """The sign of rf on the whole domain (0 when identically 0); NotCheckable when it changes."""
        if not rf[0]:
            return 0
        shown = self.one_sign(rf)
        if shown is not None:
            return shown
        ivs, signed = self.chart(rf)
        signs = {sg for _, sg in signed}
        if len(signs) != 1:
            raise NotCheckable("P_y − Q_y changes sign inside the domain (TV of a family with crossing rows)")
        return signs.pop()

    def max_of(self, cands, what: str):
        """The candidate rational function that no other exceeds on the domain."""
        # the first of each class of equal candidates, in order (a key per candidate instead of comparing every
        # pair: a compiled program lists thousands of likelihood ratios; tests/checker/test_rf_key.py compares
        # both ways)
        cands = list(cands)
        as_flint = {id(c): flint_rf.to_pair(c) for c in cands}  # converted once, not once per difference
        keys = [polys.flint_key(*as_flint[id(c)]) for c in cands]
        distinct: list = []
        if None in keys:  # a zero denominator: compared pair by pair as written
            for c in cands:
                if not any(polys.rf_same(c, d) for d in distinct):
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
            if all(d is c or self.nonneg(flint_rf.back(flint_rf.add(as_flint[id(c)], flint_rf.neg(as_flint[id(d)]))))
                   for d in distinct):
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

    def nonneg(self, rf) -> bool:
        if not rf[0]:
            return True
        shown = self.one_sign(rf)
        if shown is not None:
            return shown > 0
        return all(sg > 0 for _, sg in self.chart(rf)[1])

    def one_sign(self, rf) -> int | None:
        """+1 or −1 when N·D, written in t = u − lo on a u-domain [lo, oo) or (lo, oo) with lo rational, has
        every non-zero coefficient of that sign: each term c·t^k then has it for every t > 0, so N/D has that sign
        on the whole domain except perhaps at lo — the one gap the chart would find, without isolating roots
        (a family's candidates and differences are mostly shown so: 737 of 751 in one verify).  None when this
        does not show it, when D vanishes at a closed lo, and when deg N + deg D exceeds the polynomials' degree
        limit (both of which the chart refuses).
        tests/checker/test_flint_rf.py compares it with the chart."""
        from exactpriv.checker.charts import u_domain

        lo, hi, lc, _ = u_domain(self.dom, self.sub, self.var)
        if not isinstance(lo, Fraction) or hi is not V.INF:
            return None
        n, d = polys.to_flint(rf[0]), polys.to_flint(rf[1])
        at = flint.fmpq_poly([flint.fmpq(lo.numerator, lo.denominator), 1])  # u = lo + t
        if n.is_zero() or d.is_zero() or (lc and d(at.coeffs()[0]) == 0):
            return None
        if n.degree() + d.degree() > polys._MAX_DEGREE:
            return None  # the chart refuses N·D of this degree, and this shortcut must not answer where it does not
        signs = {c > 0 for c in (n * d)(at).coeffs() if c}
        return (1 if signs.pop() else -1) if len(signs) == 1 else None

    def ratio_power(self, p, q, ratio=None) -> Fraction:
        """k/m with p/q = u^k exactly, else NotCheckable (``ratio``: p/q already reduced, rf_quotient(p, q))."""
        n, d = polys.rf_quotient(p, q) if ratio is None else ratio
        kn, kd = len(n) - 1, len(d) - 1
        if any(n[:-1]) or any(d[:-1]) or n[-1] != d[-1] or self.m is None:
            raise NotCheckable("a likelihood ratio of the family is not a power of exp(var/m)")
        return Fraction(kn - kd, self.m)

    def power_of_u(self, n, d) -> Fraction:
        """ratio_power of a ratio N/D in lowest terms given as fmpq_poly: k/m when N/D = u^k, else NotCheckable."""
        cn, cd = n.coeffs(), d.coeffs()
        if not cn or any(cn[:-1]) or any(cd[:-1]) or cn[-1] != cd[-1] or self.m is None:
            raise NotCheckable("a likelihood ratio of the family is not a power of exp(var/m)")
        return Fraction(len(cn) - len(cd), self.m)

    def operated(self, op) -> list:
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
                    out = [polys.rf_reduce(polys.pmul(a[0], b[0]), polys.pmul(a[1], b[1])) for a in out for b in row]
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
                            acc = polys.rf_sub(acc, (polys.pneg(polys.pmul(e[0], [K[y][z]])), e[1]))
                    out.append(polys.rf_reduce(*acc))
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
                    out = [polys.rf_sub(acc, (polys.pneg(polys.pmul(e[0], [w])), e[1]))
                           for acc, e in zip(out, self.R[index[S]])]
            rows.append([polys.rf_reduce(*e) for e in out])
        return rows

    def group_pairs(self, op: dict) -> list:
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

    def refined(self, d: int) -> "SymbolicFamily":
        """The same family with u = exp(var/(m·d)) (each power of u multiplied by d)."""
        if not 1 <= d <= 12:
            raise NotCheckable("an epsilon' that needs exp(var/m) with m above 144")
        spread = lambda p: [c if k % d == 0 else Fraction(0) for k in range((len(p) - 1) * d + 1)  # noqa: E731
                            for c in [p[k // d] if k % d == 0 else 0]] if p else p
        other = object.__new__(SymbolicFamily)
        other.__dict__.update(self.__dict__)
        other.R = [[(spread(n), spread(dd)) for n, dd in row] for row in self.R]
        other.m = self.m * d
        other.sub = f"u = exp({self.var}/{other.m})"
        return other


@polys.remembered(lambda text: text)
def _readable(text: str) -> bool:
    """The grammar reads ``text`` (a CheckerError says why not; an entry comes back in many statements)."""
    parse(text)
    return True


def bad_entry(e):
    raise Failed(f"a family entry {e!r} is not an expression")


@polys.remembered(lambda key: key)
def _remembered_read(key: str) -> dict:
    family = object.__new__(SymbolicFamily)
    family._read(json.loads(key))
    return family._snapshot()
