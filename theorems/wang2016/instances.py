"""Instances for Wang–Ying–Zhang's claims: priors on D^n, e^ε grids around e^{ε_X} and e^{ε̃_X}, mechanisms.

Instances for Wang, Ying and Zhang's claims: priors on D^n, grids of e^ε placed relative to
e^{ε_X} and e^{ε̃_X}, and seeded random exact mechanisms.

The families put their instances inside the readings' hypotheses by construction (for example
``FAM_ABOVE``: e^ε = t̃ when rational, then rationals above it); the readings declare those hypotheses
too, so a searched instance outside them is never a witness.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from exactpriv.certify.core import simplest_between
from exactpriv.claims import Family, Instance
from exactpriv.distributions import Prior
from exactpriv.exact.numbers import OO
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

from theorems.wang2016.measured import eps_tilde, exp_eps_x, pd_dp
from theorems.wang2016.steps import F, shape


__all__ = [
    "FAM_ABOVE",
    "FAM_ABOVE_MORE",
    "FAM_ABOVE_SLOW",
    "FAM_ABOVE_STRICT",
    "FAM_BELOW_X",
    "FAM_BETWEEN",
    "FAM_BOUNDARY",
    "FAM_GRID",
    "FAM_GRID_MORE",
    "FAM_GRID_SLOW",
    "FAM_GRID_ZEROS",
    "FAM_MECH",
    "FAM_MECH_SMALL",
    "FAM_NMT",
    "FAM_PRIORS_FULL",
    "FAM_PRIORS_RANDOM",
    "FAM_PRIORS_ZEROS_FIRST",
    "FAM_ZOO",
    "GRID",
    "above_tilde",
    "below_x",
    "between_x_and_tilde",
    "cached_family",
    "full_support_priors",
    "nmt_build",
    "prior_t_family",
    "prior_t_instance",
    "priors",
    "priors_family",
    "product_prior",
    "random_mechanism",
    "random_prior",
]


def product_prior(vals, n, marginals):
    return Prior.product(Hamming(vals, n), marginals)


@functools.lru_cache(maxsize=None)
def priors(kind: str) -> tuple:
    """(label, prior) pairs.  kinds: product, uniform, correlated, correlated-more (slow families), zeros,
    slow (D^3, m = 3)."""
    if kind == "product":
        return (
            ("D^1,m=2 (1/3,2/3)", product_prior(range(2), 1, [[F(1, 3), F(2, 3)]])),
            ("D^1,m=3 (1/2,1/3,1/6)", product_prior(range(3), 1, [[F(1, 2), F(1, 3), F(1, 6)]])),
            ("D^2,m=2 (1/3,2/3)x(1/4,3/4)", product_prior(range(2), 2, [[F(1, 3), F(2, 3)], [F(1, 4), F(3, 4)]])),
            ("D^2,m=3 (1/2,1/3,1/6)^2", product_prior(range(3), 2, [[F(1, 2), F(1, 3), F(1, 6)]] * 2)),
            ("D^3,m=2 (1/3,2/3)^3", product_prior(range(2), 3, [[F(1, 3), F(2, 3)]] * 3)),
        )
    if kind == "uniform":
        return tuple((f"D^{n},m={m} uniform", Prior.uniform(Hamming(range(m), n)))
                     for n, m in [(1, 2), (2, 2), (2, 3), (3, 2)])
    if kind in ("correlated", "correlated-more"):
        rng = random.Random(2016)
        out = []
        for n, m, k in [(1, 3, 1), (2, 2, 2), (2, 3, 1), (3, 2, 1), (2, 2, 1), (2, 3, 1), (3, 2, 1)]:
            S = Hamming(range(m), n)
            for j in range(k):
                w = [rng.randint(1, 9) for _ in range(S.size)]
                out.append((f"D^{n},m={m} correlated #{len(out)} (weights {w})", Prior(S, [F(v, sum(w)) for v in w])))
        return tuple(out[:5]) if kind == "correlated" else tuple(out[5:])
    if kind == "zeros":
        S1, S2 = Hamming(range(2), 1), Hamming(range(2), 2)
        rng = random.Random(17)
        out = [("D^1,m=2 (0,1)", Prior(S1, [0, 1])),
               ("D^2,m=2 (0,1/3,1/3,1/3)", Prior(S2, [0, F(1, 3), F(1, 3), F(1, 3)]))]
        S3 = Hamming(range(3), 2)
        for j in range(2):
            w = [rng.choice([0, 0, 1, 2, 5, 9]) for _ in range(S3.size)]
            w[0] = w[0] or 1
            out.append((f"D^2,m=3 with zeros #{j} (weights {w})", Prior(S3, [F(v, sum(w)) for v in w])))
        return tuple(out)
    if kind == "slow":
        S = Hamming(range(3), 3)
        rng = random.Random(3)
        w = [rng.randint(1, 9) for _ in range(S.size)]
        return (("D^3,m=3 (1/2,1/3,1/6)^3", product_prior(range(3), 3, [[F(1, 2), F(1, 3), F(1, 6)]] * 3)),
                ("D^3,m=3 uniform", Prior.uniform(S)),
                (f"D^3,m=3 correlated (weights {w})", Prior(S, [F(v, sum(w)) for v in w])))
    raise ValueError(kind)


def full_support_priors(slow=False):
    if slow:
        return priors("slow")
    return priors("product") + priors("uniform") + priors("correlated")


def above_tilde(prior) -> list:
    """Rational t >= t̃ = e^{ε̃_X}: t̃ itself when rational, then simple rationals above."""
    e = eps_tilde(prior)
    if isinstance(e.exp_value, Fraction):
        b = e.exp_value
        return [b, b + F(1, 2), 2 * b] if b > 1 else [F(1), F(3, 2), F(2)]
    hi = e.exp_enclosure[1]
    b = simplest_between(hi, hi + F(1, 4))
    return [b, 2 * b]


def between_x_and_tilde(prior) -> list:
    """Rational t with e^{ε_X} <= t < t̃ (where Theorem 1 only gives D*_i >= h)."""
    tx, lo = exp_eps_x(prior), eps_tilde(prior).exp_enclosure[0]
    out = []
    if eps_tilde(prior).exp_compare(tx) < 0:
        out.append(tx)
    if tx < lo:
        out.append(simplest_between(tx, lo))
    return out


def below_x(prior) -> list:
    tx = exp_eps_x(prior)
    if tx == OO or tx == 1:
        return []
    return [F(1), simplest_between(F(1), tx)]


def prior_t_instance(label, prior, t, **params):
    return Instance(f"{label}, e^eps={t}", prior=prior, params={"t": t, **params})


def cached_family(name, build, description="", slow=False):
    cached = functools.lru_cache(maxsize=None)(lambda: tuple(build()))
    return Family(name, cached, description, slow)


def prior_t_family(name, grid, *, kinds=None, slow=False, description=""):
    def build():
        default = ("product", "uniform", "correlated")
        groups = priors("slow") if slow and kinds is None else sum((priors(k) for k in (kinds or default)), ())
        for label, p in groups:
            for t in grid(p):
                yield prior_t_instance(label, p, t)

    return cached_family(name, build, description, slow)


FAM_ABOVE = prior_t_family("prior x e^eps>=t~", above_tilde,
                           description="product/uniform/correlated priors, t = t~ (when rational) and above")
FAM_ABOVE_SLOW = prior_t_family("D^3,m=3 prior x e^eps>=t~", above_tilde, slow=True,
                                description="729-variable LPs")
FAM_ABOVE_MORE = prior_t_family("more correlated priors x e^eps>=t~", above_tilde, kinds=("correlated-more",),
                                slow=True)
FAM_BETWEEN = prior_t_family("prior x e^epsX<=e^eps<t~", between_x_and_tilde,
                             description="where D*_i > h is possible")
FAM_BELOW_X = prior_t_family("prior x e^eps<e^epsX", below_x, description="PD-I infeasible (Lemma 3)")
GRID = [F(1), F(2), F(5)]
FAM_GRID = prior_t_family("prior x e^eps in {1,2,5}", lambda p: GRID)
FAM_GRID_ZEROS = prior_t_family("priors with zeros x e^eps in {1,2,5}", lambda p: GRID, kinds=("zeros",))
FAM_GRID_MORE = prior_t_family("more correlated priors x e^eps in {1,3/2,2,3,5}",
                               lambda p: [F(1), F(3, 2), F(2), F(3), F(5)], kinds=("correlated-more",), slow=True)
FAM_GRID_SLOW = prior_t_family("D^3,m=3 prior x e^eps in {1,2,5}", lambda p: [F(1), F(2), F(5)], slow=True)
FAM_ABOVE_STRICT = prior_t_family(
    "prior x e^eps>t~", lambda p: [t for t in above_tilde(p) if eps_tilde(p).exp_compare(t) > 0],
    description="strictly above the threshold (p_Y > 0)")


def _boundary_build():
    """Rational thresholds t = t̃ (product priors, where p_Y has zeros), the smallest first."""
    for label, p in priors("product"):
        e = eps_tilde(p)
        if isinstance(e.exp_value, Fraction) and e.exp_value > 1:
            yield prior_t_instance(label + " [t = t~]", p, e.exp_value)


FAM_BOUNDARY = cached_family("product prior x e^eps=t~ (boundary)", _boundary_build,
                       "Theorem 2's end point D = h(eps~_X)")


def random_mechanism(rng, space, outputs=None, *, zeros=True, top=6):
    outputs = list(space.points) if outputs is None else list(outputs)
    rows = []
    for _ in range(space.size):
        w = [rng.randint(0 if zeros else 1, top) for _ in outputs]
        if sum(w) == 0:
            w[rng.randrange(len(w))] = 1
        rows.append([F(v, sum(w)) for v in w])
    return Mechanism(space, outputs, rows, _built=f"<random mechanism on {space!r}>")


def random_prior(rng, space, *, zeros=True):
    w = [rng.randint(0 if zeros else 1, 9) for _ in range(space.size)]
    if sum(w) == 0:
        w[0] = 1
    return Prior(space, [F(v, sum(w)) for v in w])


_SPACES = [(range(2), 1), (range(3), 1), (range(2), 2), (range(3), 2), (range(2), 3)]


def _mech_prior_build(seed, per_space, spaces=_SPACES, zeros=True):
    def build():
        rng = random.Random(seed)
        for vals, n in spaces:
            S = Hamming(vals, n)
            for j in range(per_space):
                M = random_mechanism(rng, S)
                p = random_prior(rng, S, zeros=zeros)
                yield Instance(f"random mechanism #{j} on D^{n},m={len(vals)} (seed {seed})", mechanism=M, prior=p)
    return build


FAM_MECH = cached_family("random mechanisms x random priors (zeros allowed)", _mech_prior_build(2016, 8),
                   "D^1..D^3, m <= 3, entries k/s, s <= 36")
FAM_MECH_SMALL = cached_family("random mechanisms on <= 8 outputs", _mech_prior_build(
    2017, 6, [(range(2), 1), (range(3), 1), (range(2), 2), (range(2), 3)]))


def _zoo_build():
    """E_d, E_i and certified LP optima on a few priors (mechanisms of the paper)."""
    for label, p in priors("product")[:4] + priors("correlated")[:2]:
        n, m = shape(p)
        t = above_tilde(p)[0]
        vals = list(p.space.alphabets[0])
        yield Instance(f"E_d on {label}, e^eps=2", zoo.wang_E_d(vals, n, exp_eps=2), p, {"t": F(2)})
        if t > 1:
            yield Instance(f"E_i on {label}, e^eps={t}", zoo.wang_E_i(p, exp_eps=t), p, {"t": t})
        yield Instance(f"PD-DP optimum on {label}, e^eps=3", pd_dp(p, F(3)).mechanism, p, {"t": F(3)})


FAM_ZOO = cached_family("E_d, E_i, PD-DP optima", _zoo_build)


def priors_family(name, kinds):
    def build():
        for k in kinds:
            for label, p in priors(k):
                yield Instance(label, prior=p)
    return cached_family(name, build)


def _random_priors_build(seed, count):
    def build():
        rng = random.Random(seed)
        for vals, n in [(range(2), 2), (range(3), 2), (range(2), 3)]:
            S = Hamming(vals, n)
            for j in range(count):
                yield Instance(f"random prior #{j} on D^{n},m={len(vals)} (seed {seed})",
                               prior=random_prior(rng, S, zeros=rng.random() < 0.4))
    return build


FAM_PRIORS_ZEROS_FIRST = priors_family("priors with zeros, then full-support priors",
                                       ("zeros", "product", "uniform", "correlated"))
FAM_PRIORS_FULL = priors_family("full-support priors", ("product", "uniform", "correlated"))
FAM_PRIORS_RANDOM = cached_family("random priors (zeros allowed)", _random_priors_build(18, 5))

def nmt_build(grid=(F(1), F(3, 2), F(2), F(3), F(7))):
    def build():
        for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2)]:
            for t in grid:
                yield Instance(f"n={n}, m={m}, e^eps={t}", params={"n": n, "m": m, "t": t})
    return build


FAM_NMT = cached_family("(n, m) x e^eps grid", nmt_build())
