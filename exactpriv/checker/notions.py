"""The privacy notions the checker evaluates itself, each from its definition on an exact finite instance.

Conventions shared by the ratio notions (those of the engine, restated so that this module is read alone):
0/0 ratios impose nothing, a/0 = +oo for a > 0, and a maximum over no ratio is 0 (= ln 1).  Every value is
exact: a Fraction, ±oo, a log-form (ln of a rational) or a quadratic surd (semantic privacy); sums of p·ln(p/q)
are log-forms.  The spaces are small (``witness.MAX_INPUTS``): plain loops, no cleverness, so that a referee
can read each definition against the paper.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.dependence import joint_k, pairwise_k, source_tv
from exactpriv.checker.distortion import csiszar_bound, eps_tilde, expected_distortion, hamming_distance
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.privacy_distortion import pd_i_optimum
from exactpriv.checker.witness import Instance

__all__ = ["NOTIONS", "evaluate_notion"]

_ZERO = Fraction(0)


def _max(vals):
    best = None
    for v in vals:
        if v is not None and (best is None or V.compare(v, ">", best)):
            best = v
    return _ZERO if best is None else best


def _mech(inst: Instance):
    if inst.P is None:
        raise Failed("the notion needs a mechanism and the witness has none")
    return inst.P


def _prior(inst: Instance):
    if inst.prior is None:
        raise Failed("the notion needs a prior and the witness has none")
    return inst.prior


def pure_dp(inst: Instance, *, neighbours="space", **_):
    """ε of pure DP: max over neighbours x ~ x' and outputs y of ln P(y|x)/P(y|x')
    (Dwork, McSherry, Nissim, Smith 2006, Def. 1; Dwork–Roth 2014, Def. 2.4 with δ = 0).  ``neighbours``:
    "space" (the witness's neighbour relation) or "datasets" (record sequences whose datasets — multisets of
    values — are at histogram L1 distance 2: Wu, Xia, He, Def. 2's Z-form, eq. (7))."""
    P = _mech(inst)
    pairs = inst.neighbours if neighbours == "space" else _dataset_neighbours(inst, neighbours)
    return _max_log_ratio((P[a][y], P[b][y]) for a, b in pairs for y in range(len(P[a])))


def _dataset_neighbours(inst: Instance, neighbours) -> list:
    if neighbours != "datasets":
        raise Failed(f"neighbours {neighbours!r} is not 'space' or 'datasets'")
    if inst.records is None:
        raise Failed("dataset neighbours need records (a Hamming space)")
    hist = []
    for inp in inst.inputs:
        h: dict = {}
        for i, c in enumerate(inp):
            v = str(inst.records[i][c])
            h[v] = h.get(v, 0) + 1
        hist.append(h)
    return [(a, b) for a in range(len(hist)) for b in range(len(hist)) if a != b
            and sum(abs(hist[a].get(v, 0) - hist[b].get(v, 0)) for v in set(hist[a]) | set(hist[b])) == 2]


def approx_dp(inst: Instance, *, epsilon, **_):
    """δ of (ε, δ)-DP at the given ε: max over neighbours of Σ_y max(0, P(y|x) − e^ε P(y|x'))
    (the hockey-stick divergence; Dwork–Roth 2014, Def. 2.4)."""
    P = _mech(inst)
    t = V.exp(epsilon)
    best = _ZERO
    for a, b in inst.neighbours:
        total = _ZERO
        for y in range(len(P[a])):
            d = V.add(P[a][y], V.neg(V.mul(t, P[b][y])))
            if V.sign(d) > 0:
                total = V.add(total, d)
        if V.compare(total, ">", best):
            best = total
    return best


def approx_dp_epsilon(inst: Instance, *, delta, **_):
    """ε(δ) of (ε, δ)-DP: the smallest ε ≥ 0 with δ(ε) ≤ δ (Dwork–Roth 2014, Def. 2.4), δ(ε) the hockey-stick
    maximum of :func:`approx_dp`; per pair, t ↦ Σ_y max(0, P(y|x) − t P(y|x')) is convex, decreasing and linear
    between the ratios P(y|x)/P(y|x'), so its crossing of δ is (A − δ)/B on one piece: ln of a rational, or +oo
    when the mass on outputs x' never produces exceeds δ."""
    P = _mech(inst)
    if not isinstance(delta, Fraction) or delta < 0:
        raise Failed(f"delta {delta!r} is not a rational >= 0")
    worst = Fraction(1)
    for a, b in inst.neighbours:
        pa, pb = P[a], P[b]

        def hockey(t):
            return sum((p - t * q for p, q in zip(pa, pb) if p > t * q), _ZERO)

        if sum((p for p, q in zip(pa, pb) if q == 0), _ZERO) > delta:
            return V.INF
        if hockey(Fraction(1)) <= delta:
            continue
        lo = Fraction(1)
        for r in sorted({p / q for p, q in zip(pa, pb) if q > 0 and p / q > 1}) + [None]:
            if r is not None and hockey(r) > delta:
                lo = r
                continue
            live = [(p, q) for p, q in zip(pa, pb) if q == 0 or p / q > lo]
            A, B = sum((p for p, _ in live), _ZERO), sum((q for _, q in live), _ZERO)
            t = max((A - delta) / B, lo) if B else lo
            worst = max(worst, t)
            break
    return V.log(worst)


def tv_dp(inst: Instance, **_):
    """max over neighbours of the total variation ½ Σ_y |P(y|x) − P(y|x')| (Cuff–Yu 2016, §2)."""
    P = _mech(inst)
    return max((sum(abs(p - q) for p, q in zip(P[a], P[b])) / 2 for a, b in inst.neighbours), default=_ZERO)


def _kl(p, q):
    total = _ZERO
    for pi, qi in zip(p, q):
        if pi == 0:
            continue
        if qi == 0:
            return V.INF
        total = V.add(total, V.mul(pi, V.log(pi / qi)))
    return total


def kl_dp(inst: Instance, **_):
    """max over neighbours of D(P(·|x) ‖ P(·|x')) = Σ_y p ln(p/q) (Cuff–Yu 2016, eq. (3))."""
    P = _mech(inst)
    return _max(_kl(P[a], P[b]) for a, b in inst.neighbours)


def kl_divergence(inst: Instance, *, source="0", target="1", **_):
    """D(P(·|x) ‖ P(·|x')) of two given inputs (positions ``source``, ``target``): the divergence of one pair of
    distributions (P, Q) written as the two rows of a mechanism."""
    P = _mech(inst)
    try:
        a, b = int(source), int(target)
    except ValueError:
        raise Failed(f"kl_divergence: inputs {source!r}, {target!r} are not positions") from None
    if not (0 <= a < len(P) and 0 <= b < len(P)):
        raise Failed(f"kl_divergence: inputs {a}, {b} are not positions of the mechanism's {len(P)} rows")
    return _kl(P[a], P[b])


def renyi_dp(inst: Instance, *, alpha, **_):
    """max over neighbours of D_α = ln(Σ_y p^α q^(1−α))/(α − 1), integer α ≥ 2 (Mironov 2017, Def. 3)."""
    P = _mech(inst)
    if not (isinstance(alpha, Fraction) and alpha.denominator == 1 and 2 <= alpha <= 64):
        raise NotCheckable(f"renyi_dp of order {alpha!r} (the checker takes integer orders 2..64)")
    k = int(alpha)
    out = []
    for a, b in inst.neighbours:
        if any(p > 0 and q == 0 for p, q in zip(P[a], P[b])):
            out.append(V.INF)
            continue
        s = sum((p ** k / q ** (k - 1) for p, q in zip(P[a], P[b]) if p > 0), _ZERO)
        out.append(V.mul(Fraction(1, k - 1), V.log(s)))
    return _max(out)


def _joint(inst: Instance):
    """p(x, y) = p(x) P(y|x)."""
    P, p = _mech(inst), _prior(inst)
    return [[p[x] * P[x][y] for y in range(len(P[x]))] for x in range(len(P))]


def _mi(pairs):
    """I(A;B) = Σ p(a,b) ln p(a,b)/(p(a)p(b)) for a dict {(a, b): mass}."""
    pa, pb = {}, {}
    for (a, b), m in pairs.items():
        pa[a] = pa.get(a, _ZERO) + m
        pb[b] = pb.get(b, _ZERO) + m
    total = _ZERO
    for (a, b), m in pairs.items():
        if m:
            total = V.add(total, V.mul(m, V.log(m / (pa[a] * pb[b]))))
    return total


def mutual_information(inst: Instance, *, record=None, **_):
    """I(X;Y) under the prior, or I(X_i;Y) for ``record`` i (Cover–Thomas, eq. (2.28))."""
    J = _joint(inst)
    pairs: dict = {}
    for x, row in enumerate(J):
        key = x if record is None else inst.code(x, _record(inst, record))
        for y, m in enumerate(row):
            pairs[(key, y)] = pairs.get((key, y), _ZERO) + m
    return _mi(pairs)


def record_mutual_information(inst: Instance, **_):
    """max over records i of I(X_i;Y) under the prior (Wu, Xia, He, Theorem 3 and Corollary 2's left side)."""
    return _max(mutual_information(inst, record=Fraction(i)) for i in range(inst.n))


def _record(inst: Instance, record) -> int:
    i = int(record) if isinstance(record, Fraction) and record.denominator == 1 else None
    if i is None or not 0 <= i < inst.n:
        raise Failed(f"record {record!r} is not a record index of the witness")
    return i


def _records(inst: Instance, record):
    return range(inst.n) if record is None else [_record(inst, record)]


def conditional_mi(inst: Instance, *, record=None, **_):
    """max_i I(X_i; Y | X_(i)) under the prior (Cuff–Yu 2016, Def. 2 at a fixed prior; Wu–Xia–He, §3), or for
    one ``record``: Σ_{x_(i)} p(x_(i)) I(X_i; Y | X_(i) = x_(i))."""
    J = _joint(inst)
    out = []
    for i in _records(inst, record):
        groups: dict = {}
        for x, row in enumerate(J):
            rest = inst.inputs[x][:i] + inst.inputs[x][i + 1:]
            g = groups.setdefault(rest, {})
            for y, m in enumerate(row):
                key = (inst.code(x, i), y)
                g[key] = g.get(key, _ZERO) + m
        total = _ZERO
        for g in groups.values():
            mass = sum(g.values(), _ZERO)
            if mass:
                total = V.add(total, V.mul(mass, _mi({k: m / mass for k, m in g.items()})))
        out.append(total)
    return _max(out)


def prior_posterior_kl(inst: Instance, **_):
    """max over records i and outputs r with Pr[Y = r] > 0 of D(P_{X_i} ‖ P_{X_i | Y = r}) (Wu–Xia–He,
    Corollary 1's left side); +oo when the posterior misses a value the prior has."""
    J = _joint(inst)
    p = _prior(inst)
    out = []
    for i in range(inst.n):
        alph = range(len(inst.records[i]))
        marg = [sum((p[x] for x in range(len(p)) if inst.code(x, i) == t), _ZERO) for t in alph]
        for r in range(len(J[0])):
            py = sum((J[x][r] for x in range(len(J))), _ZERO)
            if py == 0:
                continue
            post = [sum((J[x][r] for x in range(len(J)) if inst.code(x, i) == t), _ZERO) / py for t in alph]
            out.append(_kl(marg, post))
    return _max(out)


def identifiability(inst: Instance, **_):
    """ε of ε-identifiability: max over y with p_Y(y) > 0 and neighbours x ~ x' of ln p(x|y)/p(x'|y)
    = ln p(x)P(y|x) / (p(x')P(y|x')) (Wang–Ying–Zhang 2016, Def. 2, eq. (1))."""
    J = _joint(inst)
    return _max_log_ratio((J[a][y], J[b][y]) for a, b in inst.neighbours for y in range(len(J[a])))


def _likelihoods(inst: Instance, i: int, S: tuple, null: str, *, replace_by=None) -> dict:
    """{(x_i, x_S): [P[Y = y | X_i = x_i, X_S = x_S] for each y]} with the unknown records K integrated out under
    the prior, one pass over the inputs; a configuration whose likelihood is undefined (prior mass 0 and K ≠ ∅, or
    with null = "skip_null" prior mass 0 at all) is absent.  ``replace_by``: record i is set to that value before
    the mechanism runs (Zhao's Game i, "replace")."""
    P, p = _mech(inst), _prior(inst)
    K_empty = len(S) == inst.n - 1
    acc: dict = {}
    index = {inp: x for x, inp in enumerate(inst.inputs)} if replace_by is not None else None
    for x, inp in enumerate(inst.inputs):
        xr = x if index is None else index[inp[:i] + (replace_by,) + inp[i + 1:]]
        key = (inp[i], tuple(inp[j] for j in S))
        num, den, row = acc.get(key, (None, _ZERO, None))
        num = [p[x] * q for q in P[xr]] if num is None else [n_ + p[x] * q for n_, q in zip(num, P[xr])]
        acc[key] = (num, den + p[x], P[xr])
    out = {}
    for key, (num, den, row) in acc.items():
        if den:
            out[key] = [n_ / den for n_ in num]
        elif K_empty and null == "skip_undefined":
            out[key] = list(row)  # nothing integrated out: the mechanism's row, defined for every prior
    return out


def _max_log_ratio(pairs):
    """max of ln(a/b) over pairs of non-negative rationals under the conventions (0/0 skipped, a/0 = oo, none
    = 0), comparing the ratios exactly before one logarithm (ln is increasing)."""
    best, seen = None, False
    for a, b in pairs:
        if a == 0 and b == 0:
            continue
        if b == 0:
            return V.INF
        seen = True
        if best is None or a / b > best:
            best = a / b
    return V.log(best) if seen else _ZERO


def _null(null) -> str:
    if null not in ("skip_undefined", "skip_null"):
        raise Failed(f"null convention {null!r} is not skip_undefined or skip_null")
    return null


def _configs(inst: Instance, i: int, S: tuple):
    return itertools.product(*[range(len(inst.records[j])) for j in S])


def _bdp(inst: Instance, subsets, null: str):
    null = _null(null)

    def pairs():
        for i in range(inst.n):
            for S in subsets([j for j in range(inst.n) if j != i]):
                lik = _likelihoods(inst, i, S, null)
                for (a, xs), la in lik.items():
                    for b in range(len(inst.records[i])):
                        lb = lik.get((b, xs))
                        if b != a and lb is not None:
                            yield from zip(la, lb)
    return _max_log_ratio(pairs())


#: Bayesian DP and Bayesian semantic privacy enumerate every known set S of every record: at most this many records.
MAX_BAYES_RECORDS = 8


def _all_subsets(others):
    if len(others) >= MAX_BAYES_RECORDS:
        raise NotCheckable(f"{len(others) + 1} records: the checker enumerates the adversaries' known sets for at "
                           f"most {MAX_BAYES_RECORDS} records")
    return [S for r in range(len(others) + 1) for S in itertools.combinations(others, r)]


def bayesian_dp(inst: Instance, *, null="skip_undefined", **_):
    """ε of Bayesian DP: sup over records i, known sets S ⊆ N∖{i}, values x_i, x_i', x_S and outputs y of
    ln P[y | x_i, x_S] / P[y | x_i', x_S], unknown records integrated out under the prior (Yang, Sato,
    Nakagawa 2015; Zhao 2019, eq. (19)); ``null`` as in :func:`_likelihoods`."""
    return _bdp(inst, _all_subsets, null)


def identity_dp(inst: Instance, *, null="skip_null", **_):
    """ε of identity DP: max over i, t, t', r of ln Pr[Y = r | X_i = t] / Pr[Y = r | X_i = t'] (Wu, Xia, He,
    Def. 3, eq. (11)): Bayesian DP's adversaries with S = ∅; values t of prior marginal 0 skipped."""
    return _bdp(inst, lambda others: [()], null)


def _cross_ratio(points):
    """max over x, z of (u_x v_z)/(v_x u_z) for points (u, v) (not both 0); None if no belief defines both
    posteriors.  Slopes v/u in [0, oo]: R = s_max / s_min, oo when a zero slope meets a positive one or an
    infinite slope a finite one."""
    pts = [(u, v) for u, v in points if u or v]
    if not any(u for u, _ in pts) or not any(v for _, v in pts):
        return None
    finite = [v / u for u, v in pts if u]
    has_inf = any(u == 0 for u, _ in pts)
    s_min = min(finite) if finite else None
    if has_inf and s_min is not None:
        return V.INF
    if s_min == 0:
        return V.INF if max(finite) > 0 else Fraction(1)
    return max(finite) / s_min


def _sd_of_cross_ratio(R):
    """sup_b SD(b_0, b_i) = (√R − 1)/(√R + 1), 1 at R = oo (Zhao 2019, eqs. (2)–(4); the two-point reduction
    proved in the engine's exactpriv.measures.semantic.sup_posterior_sd: SD of two posteriors of one belief
    is at most H(σ) for the slope ratio σ, and two-point beliefs attain it)."""
    if isinstance(R, V.Infinite):
        return Fraction(1)
    s = V.sqrt(R)
    return V.div(V.add(s, Fraction(-1)), V.add(s, Fraction(1)))


def _default_code(inst: Instance, i: int, default) -> int:
    alph = inst.records[i]
    if default is None:
        return 0
    for k, a in enumerate(alph):
        if str(a) == str(default):
            return k
    raise Failed(f"default {default!r} is not a value of record {i}")


def bayesian_semantic_privacy(inst: Instance, *, game="resample", null="skip_undefined", default=None,
                              subsets=None, **_):
    """ε of Bayesian semantic privacy (Zhao 2019, Def. 2, eqs. (7)–(17)): max over i, S, y of the sup over
    beliefs on (x_i, x_S) of SD(b_0[·|y], b_i[·|y]), with Game-0 likelihood u = P[y | x_i, x_S] and Game-i
    likelihood v = P[y | ⊥, x_S] ("resample") or the database drawn given (x_i, x_S) with record i then set to
    ⊥ ("replace"); = H(max cross-ratio) by the two-point reduction."""
    null = _null(null)
    if game not in ("resample", "replace"):
        raise Failed(f"game {game!r} is not resample or replace")
    n_out = len(_mech(inst)[0])
    best = None
    for i in range(inst.n):
        bot = _default_code(inst, i, default)
        others = [j for j in range(inst.n) if j != i]
        for S in (subsets or _all_subsets)(others):
            game0 = _likelihoods(inst, i, S, null)
            gamei = game0 if game == "resample" else _likelihoods(inst, i, S, null, replace_by=bot)
            for y in range(n_out):
                pts = []
                for (xi, xs), u in game0.items():
                    v = gamei.get((bot, xs) if game == "resample" else (xi, xs))
                    if v is not None:
                        pts.append((u[y], v[y]))
                R = _cross_ratio(pts)
                if R is not None and (best is None or V.compare(R, ">", best)):
                    best = R
    return _ZERO if best is None else _sd_of_cross_ratio(best)


def semantic_privacy(inst: Instance, *, default=None, **_):
    """ε of semantic privacy (Kasiviswanathan–Smith 2014; Zhao 2019, Def. 1, eq. (4)): sup over beliefs on D^n,
    records i and outputs y of SD between the posteriors with likelihoods P(y|x) and P(y|x_{-i}) (record i set to
    ⊥); no prior: Bayesian semantic privacy with S = N∖{i} (nothing integrated out)."""
    inst = Instance(inst.inputs, inst.records, inst.neighbours, inst.outputs, _mech(inst),
                    [Fraction(1, len(inst.inputs))] * len(inst.inputs), inst.params, inst.extra)
    return bayesian_semantic_privacy(inst, game="replace", null="skip_undefined", default=default,
                                     subsets=lambda others: [tuple(others)])


def _phi(p: Fraction, A):
    """Φ(p, A) = max(A/(pA + 1 − p), pA + 1 − p): the membership level of one entity and output (Li et al. 2013,
    Definitions 3.3–3.4 solved for γ by Bayes' rule; Zhao 2019, Lemma 1)."""
    if isinstance(A, V.Infinite):
        return V.INF
    return max(A / (p * A + 1 - p), p * A + 1 - p)


def _membership(inst: Instance, positive: bool):
    P = _mech(inst)
    if inst.records is None or any(len(a) != 2 for a in inst.records):
        raise Failed("membership privacy needs a subsets space (entities present or absent)")
    half = Fraction(1, 2)
    best = Fraction(1)
    for i in range(inst.n):
        inn = [x for x, inp in enumerate(inst.inputs) if inp[i] == 1]
        out = [x for x, inp in enumerate(inst.inputs) if inp[i] == 0]
        for y in range(len(P[0])):
            a = sum((P[x][y] for x in inn), _ZERO) / len(inn)  # Pr[y | t] under D_N (others uniform)
            b = sum((P[x][y] for x in out), _ZERO) / len(out)  # Pr[y | ¬t]
            if a == 0 and b == 0:
                continue  # Pr[y] = 0: no event
            A = (V.INF if b == 0 else a / b) if positive else (V.INF if a == 0 else b / a)
            level = _phi(half, A)
            if V.compare(level, ">", best):
                best = level
    return best


def positive_membership(inst: Instance, **_):
    """γ of positive membership privacy for the family D_N (every entity present independently w.p. 1/2; Li,
    Qardaji, Su, Wu, Yang 2013, Def. 3.3 and Family 5.1): max over entities t and outputs y of Φ(1/2, A_y),
    A_y = Pr[y|t]/Pr[y|¬t] (the worst output set is a singleton by the mediant inequality)."""
    return _membership(inst, True)


def negative_membership(inst: Instance, **_):
    """γ of negative membership privacy for D_N (Li et al. 2013, Def. 3.4): Φ(1/2, 1/A_y) maximised."""
    return _membership(inst, False)


def _possible_maxima(inst: Instance) -> list[set]:
    """M_y for every output y: the maxima max(T) (entity positions in the space's order) of the non-empty datasets
    T with P(y|T) > 0 (Li et al. 2013, proof of Proposition 5.3); inputs are membership vectors."""
    P = _mech(inst)
    if inst.records is None or any(len(a) != 2 for a in inst.records):
        raise Failed("the possible maxima need a subsets space (entities present or absent)")
    maxima = [set() for _ in P[0]]
    for x, inp in enumerate(inst.inputs):
        present = [i for i, c in enumerate(inp) if c]
        if present:
            for y, q in enumerate(P[x]):
                if q > 0:
                    maxima[y].add(max(present))
    return maxima


def least_possible_maxima(inst: Instance, **_):
    """min over outputs y of s_y = |M_y| (the proof of Li et al. 2013, Proposition 5.3: "in any case, we always
    have s_j >= k")."""
    return Fraction(min(len(m) for m in _possible_maxima(inst)))


def possible_maxima(inst: Instance, *, output, **_):
    """s_y = |M_y| at one output (an index of ``for_each``)."""
    return Fraction(len(_possible_maxima(inst)[output]))


def top_possible_maximum(inst: Instance, *, output, **_):
    """m_y = max M_y at one output, as an entity number (1 = the space's first entity); 0 when M_y is empty."""
    m = _possible_maxima(inst)[output]
    return Fraction(max(m) + 1 if m else 0)


def membership_posterior(inst: Instance, *, output, entity, given="all", **_):
    """Pr[entity ∈ T | output] under D_N (every entity present independently w.p. 1/2, so every membership vector
    is equally likely; Li et al. 2013, Family 5.1), or with ``given="nonempty"`` conditioned on T ≠ ∅; undefined
    when the output has probability 0."""
    P = _mech(inst)
    if inst.records is None or any(len(a) != 2 for a in inst.records):
        raise Failed("a membership posterior needs a subsets space (entities present or absent)")
    if given not in ("all", "nonempty"):
        raise Failed(f"membership_posterior: given = {given!r} is not 'all' or 'nonempty'")
    rows = [(inp, row) for inp, row in zip(inst.inputs, P) if given == "all" or any(inp)]
    total = sum((row[output] for _, row in rows), _ZERO)
    if total == 0:
        raise V.Undefined(f"output {inst.outputs[output]!r} has probability 0 under D_N")
    return sum((row[output] for inp, row in rows if inp[entity]), _ZERO) / total


def two_point_membership(inst: Instance, *, remaining="marginal", **_):
    """γ of membership privacy for Zhao's two-point family D* (Zhao 2019, Def. 3 and eqs. (24)–(25)): D_{i,K} puts
    mass p on (X_i = x_i, X_K = x_K) and 1 − p on (x_i', x_K), the other records K̄ drawn from the prior's marginal
    (``remaining="marginal"``); the membership event is X_i = x_i.  With A = P[y | x_i, x_K] / P[y | x_i', x_K],
    sup_p Φ(p, A) = max(A, 1) (approached as p → 0), so γ = max(1, max over i, K, x_i ≠ x_i', x_K, y of A)."""
    if remaining != "marginal":
        raise NotCheckable(f"two-point membership with remaining={remaining!r} (the checker has 'marginal')")
    P, p = _mech(inst), _prior(inst)
    pairs = []
    for i in range(inst.n):
        others = [j for j in range(inst.n) if j != i]
        for K in _all_subsets(others):
            rest = [j for j in others if j not in K]
            marg: dict = {}  # the prior's marginal law of the remaining records
            for x, inp in enumerate(inst.inputs):
                key = tuple(inp[j] for j in rest)
                marg[key] = marg.get(key, _ZERO) + p[x]
            lik: dict = {}  # (x_i, x_K) -> [Σ_{x_K̄} p_K̄(x_K̄) P(y | x) for each y]
            for x, inp in enumerate(inst.inputs):
                w = marg[tuple(inp[j] for j in rest)]
                key = (inp[i], tuple(inp[j] for j in K))
                cur = lik.get(key, [_ZERO] * len(P[x]))
                lik[key] = [c + w * q for c, q in zip(cur, P[x])]
            for (a, xk), la in lik.items():
                for b in range(len(inst.records[i])):
                    if b != a:
                        pairs.extend(zip(la, lik[(b, xk)]))
    best = _max_log_ratio(pairs)
    return Fraction(1) if V.compare(best, "<=", _ZERO) else V.exp(best)


def capacity(inst: Instance, **_):
    """max over input distributions p of I(X;Y) (Shannon; Cover–Thomas, Def. 7.1).  An optimum is certified by
    the witness's hint ``{"capacity": {"input": [...]}}``: I(p) = max_x D(P(·|x) ‖ pP) is the Kuhn–Tucker
    (Csiszár–Körner, Thm. 3.4) condition, which proves p optimal.  Without a hint only identical rows (value 0)
    are decided."""
    P = _mech(inst)
    hint = inst.hints.get("capacity")
    if hint is None:
        if all(row == P[0] for row in P):
            return _ZERO
        hint = {"input": [Fraction(1, len(P))] * len(P), "default": True}  # optimal for symmetric channels
    p = [Fraction(v) for v in hint.get("input", [])] if isinstance(hint, dict) else []
    if len(p) != len(P) or any(v < 0 for v in p) or sum(p) != 1:
        raise Failed("the capacity hint's input is not a distribution over the inputs")
    q = [sum((p[x] * P[x][y] for x in range(len(P))), _ZERO) for y in range(len(P[0]))]
    info = _ZERO
    divs = []
    for x, row in enumerate(P):
        d = _kl(row, q)
        divs.append(d)
        if p[x]:
            info = V.add(info, V.mul(p[x], d))
    if not V.compare(_max(divs), "==", info):
        if hint.get("default"):
            raise NotCheckable("capacity needs the optimal input distribution as the witness's hint (the uniform "
                               "input is not optimal)")
        raise Failed("the capacity hint's input is not optimal (max_x D(P_x ‖ q) exceeds I(p))")
    return info


def entry(inst: Instance, *, input, output, **_):
    """P(y|x) at one input and output (``for_each`` indices)."""
    return _mech(inst)[input][output]


def prior_mass(inst: Instance, *, input, **_):
    """p_X(x) at one input."""
    return _prior(inst)[input]


def output_probability(inst: Instance, *, output, **_):
    """p_Y(y) = Σ_x p_X(x) P(y|x) at one output, under the witness's prior."""
    P, p = _mech(inst), _prior(inst)
    return sum((px * row[output] for px, row in zip(p, P)), _ZERO)


def record_count(inst: Instance, **_):
    """n, the number of records of the Hamming space D^n."""
    return Fraction(inst.n)


def alphabet_size(inst: Instance, **_):
    """m = |D| for the Hamming space D^n (every record on the same alphabet)."""
    if inst.records is None or len({len(a) for a in inst.records}) != 1:
        raise Failed("the alphabet size needs records on one alphabet")
    return Fraction(len(inst.records[0]))


NOTIONS = {
    "pure_dp": pure_dp, "approx_dp": approx_dp, "approx_dp_epsilon": approx_dp_epsilon, "tv_dp": tv_dp,
    "kl_dp": kl_dp, "kl_divergence": kl_divergence, "renyi_dp": renyi_dp,
    "mutual_information": mutual_information, "record_mutual_information": record_mutual_information,
    "conditional_mi": conditional_mi,
    "prior_posterior_kl": prior_posterior_kl, "identifiability": identifiability, "bayesian_dp": bayesian_dp,
    "identity_dp": identity_dp, "semantic_privacy": semantic_privacy,
    "bayesian_semantic_privacy": bayesian_semantic_privacy, "positive_membership": positive_membership,
    "negative_membership": negative_membership, "capacity": capacity, "pairwise_k": pairwise_k,
    "two_point_membership": two_point_membership, "least_possible_maxima": least_possible_maxima,
    "possible_maxima": possible_maxima, "top_possible_maximum": top_possible_maximum,
    "membership_posterior": membership_posterior, "entry": entry, "prior_mass": prior_mass,
    "output_probability": output_probability, "record_count": record_count, "alphabet_size": alphabet_size,
    "hamming_distance": hamming_distance, "expected_distortion": expected_distortion, "csiszar_bound": csiszar_bound,
    "joint_k": joint_k, "source_tv": source_tv, "eps_tilde": eps_tilde, "pd_i_optimum": pd_i_optimum,
}

#: Parameters that are numbers (evaluated as expressions); the others are conventions (strings).
_NUMERIC = {"epsilon", "alpha", "record", "delta", "t"}


#: Parameters naming an index of the statement's ``for_each`` (bound to a position: an output, an entity).
INDEXED = ("input", "output", "entity")


def evaluate_notion(inst: Instance, spec: dict, indices: dict | None = None):
    """The value of the measure ``spec`` ({"notion": name, parameters...}) on the instance; ``indices``: the
    ``for_each`` binding (index name -> position) its ``output``/``entity`` parameters name."""
    from exactpriv.checker.constructions import OPERATORS, apply_operators
    from exactpriv.checker.expressions import evaluate

    if not isinstance(spec, dict) or not isinstance(spec.get("notion"), str):
        raise Failed(f"a measure must be {{\"notion\": name, ...}}, not {spec!r}")
    name = spec["notion"]
    f = NOTIONS.get(name)
    if f is None:
        raise NotCheckable(f"notion {name!r} is not implemented by the checker")
    if "pair" in spec or "on" in spec:
        raise NotCheckable(f"measure parameters 'pair' and 'on' are read on symbolic families only")
    if spec.get("mechanism") is not None:
        inst = inst.with_mechanism(spec["mechanism"])
    inst = apply_operators(inst, spec, dict(inst.params))
    kwargs = {}
    for k, v in spec.items():
        if k in ("notion", "mechanism") or k in OPERATORS:
            continue
        if k in INDEXED:
            if v not in (indices or {}):
                raise Failed(f"parameter {k} of {name} must name an index of the statement's for_each")
            kwargs[k] = indices[v]
            continue
        if not isinstance(v, str):
            raise Failed(f"parameter {k} of {name} must be a string")
        kwargs[k] = evaluate(v, {kk: vv for kk, vv in inst.params.items()}) if k in _NUMERIC else v
    return f(inst, **kwargs)
