"""Named mechanisms and operators, built by the checker itself from their definitions.

A statement about a named construction ("randomized response is ε/2-DP", "k-fold composition adds up") must not
be refuted by another mechanism: its ``family`` says which construction, over which parameter grid and domain
(docs/certificates.md, "Families"), and the checker builds the member at the witness's parameters itself.  The
witness's own space and matrix are only shown, so they must equal the checker's construction exactly.

Operators (a measure's ``k_fold``, ``group``, ``subsample``, ``post_process``) map the instance to the mechanism
measured, also from their definitions.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.witness import Instance, hamming_pairs

__all__ = ["CONSTRUCTIONS", "apply_operators", "member"]

_ONE = Fraction(1)


def _hamming(alphabets):
    inputs, nbrs = hamming_pairs([len(a) for a in alphabets])
    return inputs, [list(a) for a in alphabets], nbrs


def randomized_response(t: Fraction, *, m):
    """m-ary randomized response on one record with values 0..m−1: P(y = x) = e^ε/(e^ε + m − 1), every other
    output 1/(e^ε + m − 1) (Warner 1965; Kairouz, Oh, Viswanath 2014)."""
    m = _int(m, "m", 2)
    inputs, records, nbrs = _hamming([list(range(m))])
    P = [[t / (t + m - 1) if x == y else _ONE / (t + m - 1) for y in range(m)] for x in range(m)]
    return inputs, records, nbrs, list(range(m)), P


def truncated_geometric(t: Fraction, *, n):
    """The truncated geometric mechanism on counts {0..n}, neighbours |c − c'| = 1 (Ghosh, Roughgarden,
    Sundararajan 2012): with a = e^{−ε}, P(z|c) = (1 − a)/(1 + a)·a^|z−c| for 0 < z < n and a^|z−c|/(1 + a) at
    z ∈ {0, n}."""
    n = _int(n, "n", 1)
    a = _ONE / t
    P = [[(a ** abs(z - c) / (1 + a)) if z in (0, n) else (1 - a) / (1 + a) * a ** abs(z - c) for z in range(n + 1)]
         for c in range(n + 1)]
    nbrs = [(c, c + 1) for c in range(n)] + [(c + 1, c) for c in range(n)]
    return list(range(n + 1)), None, sorted(nbrs), list(range(n + 1)), P


def exponential_mechanism_hamming(t: Fraction, *, values, n):
    """The exponential mechanism with score −d_H on D^n, D = ``values``: P(y|x) = e^{−ε d(x,y)}/(1 + (m−1)e^{−ε})^n
    (McSherry, Talwar 2007; Wang, Ying, Zhang 2016, eq. (30))."""
    n = _int(n, "n", 1)
    if not isinstance(values, list) or not values:
        raise Failed("the exponential mechanism needs its record values")
    inputs, records, nbrs = _hamming([values] * n)
    a = _ONE / t
    norm = (1 + (len(values) - 1) * a) ** n
    P = [[a ** sum(u != v for u, v in zip(x, y)) / norm for y in inputs] for x in inputs]
    outputs = [[values[c] for c in y] for y in inputs]
    return inputs, records, nbrs, outputs, P


def subset_count(t: Fraction, *, universe):
    """The truncated geometric count of the people present, on the add/remove space of ``universe`` (inputs
    are membership vectors): row T is truncated_geometric(|U|)'s row |T|."""
    if not isinstance(universe, list) or not universe:
        raise Failed("the subset count needs its universe")
    _, _, _, outs, G = truncated_geometric(t, n=len(universe))
    inputs, records, nbrs = _hamming([[0, 1]] * len(universe))
    return inputs, records, nbrs, outs, [list(G[sum(x)]) for x in inputs]


def k_max(*, n, k, empty):
    """Li et al.'s k-Max (Li, Qardaji, Su, Wu, Yang 2013, Def. 5.2) on subsets of entities {1..n} (inputs are
    membership vectors): with j = max(T), output uniform on {c_j..c_{j+k−1}} if j + k − 1 ≤ n, else on
    {c_{n−k+1}..c_n}.  The paper leaves T = ∅ undefined: ``empty`` is "lowest" (uniform on {c_1..c_k}),
    "uniform" (on all n outputs) or "bottom" (a distinct output "none")."""
    n, k = _int(n, "n", 1), _int(k, "k", 2)
    if n < k or empty not in ("lowest", "uniform", "bottom"):
        raise Failed(f"k-Max needs n >= k and empty lowest, uniform or bottom (n = {n}, k = {k}, {empty!r})")
    inputs, records, nbrs = _hamming([[0, 1]] * n)
    outputs = list(range(1, n + 1)) + (["none"] if empty == "bottom" else [])
    P = []
    for x in inputs:
        T = [i + 1 for i, bit in enumerate(x) if bit]
        if not T:
            support = {"lowest": range(1, k + 1), "uniform": range(1, n + 1), "bottom": ["none"]}[empty]
        else:
            j = max(T)
            support = range(j, j + k) if j + k - 1 <= n else range(n - k + 1, n + 1)
        s = set(support)
        P.append([Fraction(1, len(s)) if c in s else Fraction(0) for c in outputs])
    return inputs, records, nbrs, outputs, P


def cuff_example_5_1(*, N, e):
    """Cuff and Yu's Example 5.1 (finite analogue, X_1, X_2 ∈ {0..N−1}): if X_1 = X_2, Y = X_1 w.p. e, else
    "e1"; if X_1 ≠ X_2, Y = "e2" w.p. e, else "e1" (Cuff, Yu 2016, §5)."""
    N = _int(N, "N", 1)
    if not isinstance(e, Fraction) or not 0 <= e <= 1:
        raise Failed(f"Example 5.1's probability e = {e!r} is not a rational in [0, 1]")
    inputs, records, nbrs = _hamming([list(range(N))] * 2)
    P = []
    for x1, x2 in inputs:
        row = [Fraction(0)] * (N + 2)
        row[N] = 1 - e
        row[x1 if x1 == x2 else N + 1] = e
        P.append(row)
    return inputs, records, nbrs, list(range(N)) + ["e1", "e2"], P


def _wang_e_i(*, t, inst):
    from exactpriv.checker.distortion import e_i

    return e_i(t=t, inst=inst)


#: constructions built on the witness's own prior (passed as ``inst``)
_ON_PRIOR = {"wang_e_i"}

#: name -> (builder, whether it takes t = e^ε as its first argument)
CONSTRUCTIONS = {"wang_e_i": (_wang_e_i, False), "randomized_response": (randomized_response, True), "truncated_geometric": (truncated_geometric, True),
                 "exponential_mechanism_hamming": (exponential_mechanism_hamming, True),
                 "subset_count": (subset_count, True), "k_max": (k_max, False),
                 "cuff_example_5_1": (cuff_example_5_1, False)}


def _int(v, name: str, least: int) -> int:
    if isinstance(v, Fraction) and v.denominator == 1:
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or v < least:
        raise Failed(f"construction parameter {name} = {v!r} is not an integer >= {least}")
    return v


def _argument(key: str, inst: Instance, env: dict):
    """A construction argument from the witness: its number, or its label ("uniform")."""
    if key in env:
        return env[key]
    if key in inst.params:
        return inst.params[key]
    raise Failed(f"the witness does not give the family parameter {key}")


def member(family: dict, inst: Instance, env: dict) -> Instance:
    """The instance of ``family`` at the witness's parameters, built here; the witness must be that member
    (its grid point listed, ε in the domain, and its space and matrix equal to the construction's).  A family
    is {"construction": name, "grid": {arg: [listed values]}, "params": [args taken from the witness, bounded
    by the statement's hypotheses], "fixed": {arg: value}, "domain": ε's interval (constructions in ε)}."""
    from exactpriv.checker.domains import in_domain, parse_domain
    from exactpriv.checker.expressions import evaluate

    if not isinstance(family, dict) or family.get("construction") not in CONSTRUCTIONS:
        raise NotCheckable(f"family {family.get('construction') if isinstance(family, dict) else family!r} is "
                           f"not a construction the checker knows")
    build, in_eps = CONSTRUCTIONS[family["construction"]]
    grid = family.get("grid") or {}
    kwargs = {}
    for key, allowed in grid.items():
        got = _argument(key, inst, env)
        listed = [a if isinstance(got, str) else evaluate(str(a), {}) for a in allowed]
        if not any(a == got if isinstance(got, str) else V.compare(got, "==", a) for a in listed):
            raise Failed(f"family parameter {key} = {inst.params.get(key)} is not in the family's grid {allowed}")
        kwargs[key] = got
    for key in family.get("params") or []:
        kwargs[key] = _argument(key, inst, env)
    kwargs.update(family.get("fixed") or {})
    if family["construction"] in _ON_PRIOR:
        if inst.prior is None:
            raise Failed(f"the {family['construction']} member is built on the witness's prior, and it has none")
        kwargs["inst"] = inst
    if in_eps:
        if "eps" not in env:
            raise Failed("the witness does not give the family's ε (params.eps)")
        if not in_domain(env["eps"], parse_domain(family.get("domain", "[0, oo)"))):
            raise Failed(f"ε = {inst.params.get('eps')} is outside the family's domain")
        t = V.exp(env["eps"])
        if not isinstance(t, Fraction):
            raise NotCheckable(f"the member at ε = {inst.params.get('eps')} has irrational entries (e^ε = {t!r})")
        inputs, records, nbrs, outputs, P = build(t, **kwargs)
    else:
        inputs, records, nbrs, outputs, P = build(**kwargs)
    built = Instance(inputs, records, nbrs, outputs, P, inst.prior, inst.params, inst.extra, inst.hints)
    if inst.P is not None and (inst.P != P or len(inst.inputs) != len(inputs) or set(inst.neighbours) != set(nbrs)):
        raise Failed(f"the witness's mechanism is not the {family['construction']} member at its parameters")
    return built


# ------------------------------------------------------------------------------------------------- operators
def k_fold(inst: Instance, k) -> Instance:
    """M^{⊗k}: k independent runs of M on the same input, outputs the k-tuples (Dwork, Roth 2014, §3.5)."""
    k = _int(k, "k", 1)
    outputs, P = [[y] for y in inst.outputs], [list(r) for r in inst.P]
    for _ in range(k - 1):
        outputs = [o + [y] for o in outputs for y in inst.outputs]
        P = [[a * b for a in r for b in r0] for r, r0 in zip(P, inst.P)]
    return Instance(inst.inputs, inst.records, inst.neighbours, outputs, P, inst.prior, inst.params, inst.extra)


def group(inst: Instance, k) -> Instance:
    """The same matrix with neighbours the pairs at graph distance 1..k (Dwork, Roth 2014, Theorem 2.2)."""
    k = _int(k, "k", 1)
    adj: dict = {}
    for a, b in inst.neighbours:
        adj.setdefault(a, set()).add(b)
    pairs = []
    for s in range(len(inst.inputs)):
        dist, frontier = {s: 0}, [s]
        for d in range(1, k + 1):
            frontier = [b for a in frontier for b in adj.get(a, ()) if b not in dist]
            for b in frontier:
                dist.setdefault(b, d)
        pairs += [(s, b) for b, d in dist.items() if d >= 1]
    return Instance(inst.inputs, inst.records, sorted(pairs), inst.outputs, inst.P, inst.prior, inst.params,
                    inst.extra)


def subsample(inst: Instance, q) -> Instance:
    """Poisson subsampling at rate q on an add/remove space (membership vectors): P'(y|T) = Σ_{S ⊆ T}
    q^|S| (1 − q)^{|T|−|S|} P(y|S) (Balle, Barthe, Gaboardi 2018)."""
    if not isinstance(q, Fraction) or not 0 <= q <= 1:
        raise Failed(f"subsampling rate {q!r} is not a rational in [0, 1]")
    if inst.records is None or any(len(a) != 2 for a in inst.records):
        raise Failed("Poisson subsampling needs an add/remove (subsets) space")
    index = {x: i for i, x in enumerate(inst.inputs)}
    P = []
    for T in inst.inputs:
        row = [Fraction(0)] * len(inst.P[0])
        for S in itertools.product(*[(0, 1) if c else (0,) for c in T]):
            w = q ** sum(S) * (1 - q) ** (sum(T) - sum(S))
            row = [r + w * p for r, p in zip(row, inst.P[index[S]])]
        P.append(row)
    return Instance(inst.inputs, inst.records, inst.neighbours, inst.outputs, P, inst.prior, inst.params, inst.extra)


def post_process(inst: Instance, K) -> Instance:
    """x ↦ K(M(x)): P'(z|x) = Σ_y P(y|x) K(z|y) for a channel K given as rows of exact rationals, one per output
    of M (data processing; Dwork, Roth 2014, Proposition 2.1); a channel per number of outputs of M is
    ``{"2": [...], "3": [...]}``."""
    if isinstance(K, dict):
        K = K.get(str(len(inst.P[0])))
    if not (isinstance(K, list) and len(K) == len(inst.P[0]) and all(isinstance(r, list) and r for r in K)):
        raise Failed("post_process needs one channel row per output of the mechanism")
    try:
        Kq = [[Fraction(v) for v in r] for r in K]
    except (TypeError, ValueError, ZeroDivisionError):
        raise Failed("the channel's entries must be exact rationals written as strings") from None
    if len({len(r) for r in Kq}) != 1 or any(v < 0 for r in Kq for v in r) or any(sum(r) != 1 for r in Kq):
        raise Failed("the channel's rows are not probability vectors")
    P = [[sum((p * Kq[y][z] for y, p in enumerate(row)), Fraction(0)) for z in range(len(Kq[0]))] for row in inst.P]
    return Instance(inst.inputs, inst.records, inst.neighbours, [f"z{j}" for j in range(len(Kq[0]))], P, inst.prior,
                    inst.params, inst.extra)


OPERATORS = ("k_fold", "group", "subsample", "post_process")


def apply_operators(inst: Instance, spec: dict, params: dict) -> Instance:
    """The instance a measure is taken on, after the spec's operators in the order written
    (``{"notion": ..., "k_fold": "k"}``); numbers are expressions of the witness's parameters."""
    from exactpriv.checker.expressions import evaluate

    for key, arg in spec.items():
        if key not in OPERATORS:
            continue
        if inst.P is None:
            raise Failed(f"operator {key} needs a mechanism")
        if key == "post_process":
            inst = post_process(inst, arg)
            continue
        if not isinstance(arg, str):
            raise Failed(f"operator {key}'s argument must be an expression string")
        value = evaluate(arg, params)
        inst = {"k_fold": k_fold, "group": group, "subsample": subsample}[key](inst, value)
    return inst
