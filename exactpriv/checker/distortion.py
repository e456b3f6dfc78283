"""Wang, Ying, Zhang 2016's ε̃_X, from its definition, by the checker's own polynomial algebra (Sturm counts).

ε̃_X is the smallest ε ≥ 0 such that the posteriors p(x|y) = e^{−ε d(x,y)}/(1 + (m−1)e^{−ε})^n (d the Hamming
distance on D^n, |D| = m) are feasible: some pmf p_Y has Σ_y p(x|y) p_Y(y) = p_X(x) for every x (after their
(18)).  With t = e^ε the matrix is K_t = k_t^{⊗n}, k_t = ((t − 1)I + J)/(t + m − 1), and for t > 1
k_t^{-1} = ((t + m − 1)I − J)/(t − 1) (J² = mJ), so the only candidate is p_Y = P(t)/(t − 1)^n with
P(t) = ((t + m − 1)I − J)^{⊗n} p_X, a vector of polynomials: t > 1 is feasible iff every P_y(t) ≥ 0; t = 1
(K_1 = J^{⊗n}/m^n) iff p_X is uniform.  The feasible set's infimum is 1, a root of some P_y, or it is empty
(ε̃_X = +oo).
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import values as V
from exactpriv.checker.errors import Failed, Undefined
from exactpriv.checker.polys import padd, peval, pgcd, pmul, root_counter, sign_at, squarefree
from exactpriv.checker.witness import Instance

__all__ = ["csiszar_bound", "e_i", "eps_tilde", "expected_distortion", "hamming_distance"]


def _posterior_polynomials(inst: Instance) -> list:
    """P(t) = ((t + m − 1)I − J)^{⊗n} p_X, one coefficient list (lowest degree first) per y."""
    if inst.prior is None or inst.records is None:
        raise Failed("eps_tilde needs a prior on a Hamming space D^n")
    m = len(inst.records[0])
    if any(len(a) != m for a in inst.records):
        raise Failed("eps_tilde needs every record on the same alphabet D")
    vec = [[q] for q in inst.prior]
    index = {x: k for k, x in enumerate(inst.inputs)}
    for i in range(inst.n):  # apply (t + m − 1)I − J on record i
        out = []
        for k, x in enumerate(inst.inputs):
            col = [Fraction(0)]
            for c in range(m):
                col = padd(col, vec[index[x[:i] + (c,) + x[i + 1:]]])
            out.append(padd(pmul([Fraction(m - 1), Fraction(1)], vec[k]), [-a for a in col]))
        vec = out
    return vec


def _feasible_at(polys, t: Fraction) -> bool:
    return all(sign_at(p, t) >= 0 for p in polys)


def eps_tilde(inst: Instance, **_):
    """ε̃_X (module docstring): 0 for a uniform prior, +oo when no t ≥ 1 is feasible, else ln of the least feasible
    t (ln of a rational, or a ball of an isolated root)."""
    polys = _posterior_polynomials(inst)
    if all(q == inst.prior[0] for q in inst.prior):
        return Fraction(0)
    F = [Fraction(1)]
    for p in polys:
        if any(p):
            F = pmul(F, squarefree(p))
    F = squarefree(F)
    count = root_counter(F)
    roots = _isolate(F, count)
    # for each P_y, the roots it shares with F (its zeros among them), counted with one Sturm sequence each
    shared = [root_counter(pgcd(p, F)) if any(p) else None for p in polys]
    # in increasing t: the gap (1, r_1), the root r_1, the gap (r_1, r_2), ... the gap (r_k, oo); the first
    # feasible piece gives the infimum (the feasible set is closed in (1, oo))
    for j in range(len(roots) + 1):
        left = Fraction(1) if j == 0 else roots[j - 1][1]
        sample = _below_root(count, left, roots[j][1]) if j < len(roots) else left + 1
        if _feasible_at(polys, sample):
            return Fraction(0) if j == 0 else _ln_root(F, count, *roots[j - 1])
        if j < len(roots) and _feasible_at_root(polys, shared, *roots[j]):
            return _ln_root(F, count, *roots[j])
    return V.INF


def _isolate(F, count) -> list:
    """Disjoint intervals (lo, hi], one per real root of F in (1, oo), in increasing order (``count``: F's Sturm
    counts)."""
    if len(F) <= 1:
        return []
    bound = 2 + max(abs(c / F[-1]) for c in F[:-1])  # Cauchy's bound on the roots
    stack, out = [(Fraction(1), bound)], []
    while stack:
        lo, hi = stack.pop()
        k = count(lo, hi)
        if k == 1:
            out.append((lo, hi))
        elif k > 1:
            mid = (lo + hi) / 2
            stack += [(mid, hi), (lo, mid)]
    return sorted(out)


def _below_root(count, lo: Fraction, hi: Fraction) -> Fraction:
    """A rational in (lo, r), r the one root of F in (lo, hi] (``count``: F's Sturm counts)."""
    s = (lo + hi) / 2
    while count(lo, s) == 1:
        s = (lo + s) / 2
    return s


def _feasible_at_root(polys, shared, lo, hi) -> bool:
    """Every P_y is ≥ 0 at the one root r of F in (lo, hi]: P_y(r) = 0 (r is a root of gcd(P_y, F), counted by
    ``shared``), or P_y has no root in (lo, hi], so its sign at r is its sign at hi."""
    for p, zeros in zip(polys, shared):
        if zeros is None or zeros(lo, hi) == 1:
            continue
        if sign_at(p, hi) < 0:
            return False
    return True


def _ln_root(F, count, lo: Fraction, hi: Fraction):
    """ln r for the root r of F in (lo, hi]: exact when r is rational (a linear factor of F over Q, by
    python-flint's factoring), else a ball refined by bisection to the precision asked for."""
    import flint

    _, factors = flint.fmpq_poly([flint.fmpq(c.numerator, c.denominator) for c in F]).factor()
    for g, _mult in factors:
        if g.degree() == 1:
            c0, c1 = (Fraction(int(c.p), int(c.q)) for c in (g[0], g[1]))
            r = -c0 / c1
            if lo < r <= hi:
                return V.log(r)

    def ball(prec):
        a, b = lo, hi
        while (b - a) * (1 << prec) > a:
            mid = (a + b) / 2
            a, b = (a, mid) if count(a, mid) == 1 else (mid, b)
        with V._Prec(prec):
            ends = [flint.arb(flint.fmpq(v.numerator, v.denominator)) for v in (a, b)]
            return ends[0].union(ends[1]).log()

    return V.Real(ball, f"ln(the root of eps_tilde's polynomials in ({lo}, {hi}])")


def e_i(*, t, inst: Instance):
    """Wang, Ying, Zhang's E_i (eq. (29)) for the witness's prior p_X on D^n at e^ε = t > 1:
    p(y|x) = p_Y(y) t^{−d(x,y)}/(p_X(x) Z), Z = (1 + (m − 1)/t)^n, with p_Y = K_t^{-1} p_X = P(t)/(t − 1)^n (module
    docstring); outputs are the points of D^n.  A mechanism only when p_X has full support and p_Y ≥ 0 (ε ≥ ε̃_X)."""
    if not isinstance(t, Fraction):
        raise Failed(f"E_i needs a rational e^eps = t, not {t!r}")
    if t <= 1:
        raise Undefined(f"E_i is undefined at e^eps = {t} (K_t is singular or not a channel)")
    polys = _posterior_polynomials(inst)
    n, m = inst.n, len(inst.records[0])
    p_y = [peval(p, t) / (t - 1) ** n for p in polys]
    if any(q < 0 for q in p_y) or any(q <= 0 for q in inst.prior):  # outside every reading about E_i
        raise Undefined("E_i is no mechanism here: the prior lacks full support or e^eps < e^eps~_X (p_Y < 0)")
    Z = (1 + Fraction(m - 1) / t) ** n
    P = [[p_y[y] / t ** _distance(x, z) / (px * Z) for y, z in enumerate(inst.inputs)]
         for x, px in zip(inst.inputs, inst.prior)]
    outputs = [[inst.records[i][c] for i, c in enumerate(z)] for z in inst.inputs]
    return inst.inputs, inst.records, inst.neighbours, outputs, P


def _distance(x, z) -> int:
    return sum(a != b for a, b in zip(x, z))


def hamming_distance(inst: Instance, *, input, output, **_):
    """d(x, y): the number of records where input x and output y (a point of D^n, as its label) differ."""
    label = inst.outputs[output] if inst.outputs is not None else None
    if inst.records is None or not isinstance(label, list) or len(label) != inst.n:
        raise Failed("a Hamming distortion needs outputs that are points of the Hamming space D^n")
    return Fraction(sum(str(inst.records[i][c]) != str(v) for i, (c, v) in enumerate(zip(inst.inputs[input], label))))


def expected_distortion(inst: Instance, **_):
    """E[d(X, Y)] = Σ_x p_X(x) Σ_y p(y|x) d(x, y), Hamming distortion (Wang, Ying, Zhang 2016, eq. (5))."""
    if inst.prior is None or inst.P is None:
        raise Failed("the expected distortion needs a prior and a mechanism")
    return sum((px * q * hamming_distance(inst, input=x, output=y) for x, px in enumerate(inst.prior)
                for y, q in enumerate(inst.P[x])), Fraction(0))


def csiszar_bound(inst: Instance, *, t, **_):
    """Csiszár's lower bound on the rate–distortion function at D = E[d] of the witness's mechanism W (Csiszár 1974;
    Cover–Thomas, Thm 10.7.x; Wang–Ying–Zhang's proof of Theorem 2): with e^s = t ≥ 1, q the output pmf of W and
    λ(x) = 1/Σ_y q(y) t^{−d(x,y)}, R(D) ≥ −s·D + Σ_x p_X(x) ln λ(x) provided c(y) = Σ_x p_X(x) λ(x) t^{−d(x,y)} ≤ 1
    for every y.  Since R(D) ≤ I(W), a bound equal to I(W) certifies W mutual-information optimal at D.  Undefined
    (not checkable) when some c(y) > 1."""
    if not isinstance(t, Fraction) or t < 1:
        raise Failed(f"the Csiszár bound needs a rational e^s = t >= 1, not {t!r}")
    P, p = inst.P, inst.prior
    if P is None or p is None or inst.outputs is None or len(inst.outputs) != len(inst.inputs):
        raise Failed("the Csiszár bound needs a prior and a mechanism whose outputs are the points of D^n")
    q = [sum((px * row[y] for px, row in zip(p, P)), Fraction(0)) for y in range(len(P[0]))]
    d = [[hamming_distance(inst, input=x, output=y) for y in range(len(q))] for x in range(len(P))]
    lam = [1 / sum((qy / t ** int(d[x][y]) for y, qy in enumerate(q)), Fraction(0)) for x in range(len(P))]
    if any(sum((px * lam[x] / t ** int(d[x][y]) for x, px in enumerate(p)), Fraction(0)) > 1 for y in range(len(q))):
        raise V.Undefined("Csiszár's condition c(y) <= 1 fails at some output: no bound at this t")
    bound = V.neg(V.mul(expected_distortion(inst), V.log(t)))
    for x, px in enumerate(p):
        if px:
            bound = V.add(bound, V.mul(px, V.log(lam[x])))
    return bound
