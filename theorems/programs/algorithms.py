"""The benchmark algorithms as plain programs ``def algorithm(q, rng)``, with discrete noise.

Each is the published algorithm with Laplace noise of scale b replaced by two-sided geometric (discrete Laplace)
noise with α = e^{−1/b}, and exponential noise by one-sided geometric noise, written exactly as DP-Sniper's
benchmark implementations state them (Bichsel et al., S&P 2021, after Lyu–Su–Li 2017 and Ding et al. CCS 2018):
threshold T = 1, cutoff c = 1, query answers of sensitivity 1.

The privacy parameter
---------------------
ε = 0.1 makes every α irrational.  All the α's the benchmark needs are powers of β = e^{−ε/4}, so the bank takes the
rational **β = 39/40** (ε = 4·ln(40/39) ≈ 0.10127, within 1.3% of 0.1) and every noise is exact: α = β^k with k
the published scale's multiple of ε/4.  Every measured ε is reported both in nats and in units of this ε.
(NumericalSVT's scales are multiples of ε/6: it takes γ = 59/60 = e^{−ε/6}, ε = 6·ln(60/59) ≈ 0.10084.)

For every ε at once
-------------------
Each program takes its noise base as the keyword ``beta`` (default the rational above).  Compiled with β a formal
variable (``program_mechanism(..., symbol=("beta", exp(-eps/4)))``) every probability is an exact rational
function of β: the mechanism for every ε > 0, on which the bank's ``all-eps`` readings are PROVED.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.mechanisms.programs import truncated_geometric

__all__ = ["BETA", "EPS_NUMERICAL", "EPS_VALUE", "GAMMA", "NOISY_MAX", "SVT", "noisy_hist1", "noisy_hist2",
           "numerical_svt", "prefix_sum", "rnm1", "rnm2", "rnm3", "rnm4", "svt1", "svt1_truncated_query_noise", "svt2",
           "svt3", "svt4", "svt5", "svt6", "truncated_geometric_program"]

#: β = e^{−ε/4}, rational
BETA = Fraction(39, 40)
#: the ε the bank's programs have: 4·ln(1/β) = 4·ln(40/39) ≈ 0.10127
EPS_VALUE = 4 * sympy.log(sympy.Rational(40, 39))
#: γ = e^{−ε/6}, rational: NumericalSVT's scales 3/ε and 6/ε are γ² and γ (ε = 6·ln(60/59) ≈ 0.10084)
GAMMA = Fraction(59, 60)
#: the ε NumericalSVT has: 6·ln(1/γ)
EPS_NUMERICAL = 6 * sympy.log(sympy.Rational(60, 59))
#: the threshold of the sparse vector technique (DP-Sniper's benchmark: t = 1)
T = 1
#: window of revealed noisy values (SVT3, ReportNoisyMax3/4): values outside merged into "<lo" / ">hi"
REVEAL = (-3, 4)


def svt1(q, rng, beta=BETA):
    """Lyu–Su–Li Alg. 1 (c = 1): ρ ~ Lap(1/ε₁), ν_i ~ Lap(2c/ε₂), ε₁ = ε₂ = ε/2; ⊤ (1) when q_i + ν_i ≥ T + ρ, then
    abort (−1).  Claimed ε-DP (true)."""
    rho = rng.laplace(beta ** 2)
    out, done = [], False
    for qi in q:
        if done:
            out.append(-1)
        elif qi + rng.laplace(beta) >= T + rho:
            out.append(1)
            done = True
        else:
            out.append(0)
    return tuple(out)


def svt1_truncated_query_noise(q, rng, beta=BETA):
    """Alg. 1 with its query noise truncated to [−3, 3] (two-sided geometric conditioned on it; the threshold noise
    untruncated): what a "truncate the noise to enumerate it" shortcut computes — a different mechanism."""
    rho = rng.laplace(beta ** 2)
    law = truncated_geometric(beta, 3)
    out, done = [], False
    for qi in q:
        if done:
            out.append(-1)
        elif qi + rng.choice(law) >= T + rho:
            out.append(1)
            done = True
        else:
            out.append(0)
    return tuple(out)


def svt2(q, rng, beta=BETA):
    """Lyu–Su–Li Alg. 2 (Dwork–Roth 2014; c = 1): ρ ~ Lap(c/ε₁), ν_i ~ Lap(2c/ε₂), ρ redrawn after each ⊤.  With
    c = 1 the first ⊤ ends the run, so the redraw never matters: the same mechanism as Alg. 1.  Claimed ε-DP."""
    rho = rng.laplace(beta ** 2)
    out, count = [], 0
    for qi in q:
        if count == 1:
            out.append(-1)
        elif qi + rng.laplace(beta) >= T + rho:
            out.append(1)
            count += 1
            rho = rng.laplace(beta ** 2)
        else:
            out.append(0)
    return tuple(out)


def svt3(q, rng, beta=BETA):
    """Lyu–Su–Li Alg. 3 (Roth's 2011 notes; c = 1): ν_i ~ Lap(c/ε₂) and the *noisy answer* q_i + ν_i is output on ⊤
    (revealed on REVEAL).  Claimed ε-DP; Lyu–Su–Li: not ε'-DP for any ε'."""
    rho = rng.laplace(beta ** 2)
    out, done = [], False
    for qi in q:
        if done:
            out.append("A")
            continue
        v = qi + rng.laplace(beta ** 2)
        if v >= T + rho:
            out.append(rng.reveal(v, *REVEAL))
            done = True
        else:
            out.append("F")
    return tuple(out)


def svt4(q, rng, beta=BETA):
    """Lyu–Su–Li Alg. 4 (Lee–Clifton 2014; c = 1): ε₁ = ε/4, ν_i ~ Lap(1/ε₂) with ε₂ = 3ε/4 — query noise not scaled
    by c.  Claimed ε-DP; Lyu–Su–Li: ((1 + 6c)/4)·ε-DP."""
    rho = rng.laplace(beta)
    out, done = [], False
    for qi in q:
        if done:
            out.append(-1)
        elif qi + rng.laplace(beta ** 3) >= T + rho:
            out.append(1)
            done = True
        else:
            out.append(0)
    return tuple(out)


def svt5(q, rng, beta=BETA):
    """Lyu–Su–Li Alg. 5 (Stoddard et al. 2014): no query noise, no cutoff.  Claimed ε-DP; Lyu–Su–Li: not ε'-DP for
    any ε'."""
    rho = rng.draw(rng.laplace(beta ** 2))
    return tuple(int(qi >= T + rho) for qi in q)


def svt6(q, rng, beta=BETA):
    """Lyu–Su–Li Alg. 6 (Chen et al. 2015): ν_i ~ Lap(1/ε₂), no cutoff.  Claimed ε-DP; Lyu–Su–Li: not ε'-DP for any
    ε' (as n grows)."""
    rho = rng.laplace(beta ** 2)
    return tuple(int(qi + rng.laplace(beta ** 2) >= T + rho) for qi in q)


def numerical_svt(q, rng, beta=GAMMA):
    """NumericalSVT (Wang, Ding, Wang, Kifer, Zhang, PLDI 2019; in DP-Sniper's benchmark list), N = 1, T = 1:
    η₁ ~ Lap(3/ε) on the threshold, η₂ ~ Lap(6N/ε) per query; on ⊤ it outputs q_i + η₃ with a *fresh*
    η₃ ~ Lap(3N/ε) (revealed on REVEAL) and stops, ⊥ is "F".  ε-DP.  Its scales are powers of γ = e^{−ε/6}:
    ``beta`` here is γ (:data:`GAMMA`)."""
    rho = rng.laplace(beta ** 2)
    out = []
    for qi in q:
        if qi + rng.laplace(beta) >= T + rho:
            out.append(rng.reveal(qi + rng.laplace(beta ** 2), *REVEAL))
            break
        out.append("F")
    return tuple(out)


def rnm1(q, rng, beta=BETA):
    """Ding et al. 2018 Alg. 5: argmax of q_i + Lap(2/ε).  ε-DP."""
    return rng.argmax([qi + rng.laplace(beta ** 2) for qi in q])


def rnm2(q, rng, beta=BETA):
    """Ding et al. 2018 Alg. 6: argmax of q_i + Exp(2/ε).  ε-DP."""
    return rng.argmax([qi + rng.geometric(beta ** 2) for qi in q])


def rnm3(q, rng, beta=BETA):
    """Ding et al. 2018 Alg. 7: the maximum *value* of q_i + Lap(2/ε) (revealed on REVEAL).  Claimed ε-DP: false."""
    return rng.max([qi + rng.laplace(beta ** 2) for qi in q], lo=REVEAL[0], hi=REVEAL[1])


def rnm4(q, rng, beta=BETA):
    """Ding et al. 2018 Alg. 8: the maximum *value* of q_i + Exp(2/ε) (revealed on REVEAL).  Not DP at all: the
    value is at least max_i q_i."""
    return rng.max([qi + rng.geometric(beta ** 2) for qi in q], lo=REVEAL[0], hi=REVEAL[1])


def noisy_hist1(q, rng, beta=BETA):
    """Noisy histogram with Lap(1/ε) per bin (Dwork et al. 2006), each count revealed on [−2, 3].  ε-DP for
    histograms whose neighbours differ by one in one bin."""
    return tuple(rng.reveal(qi + rng.laplace(beta ** 4), -2, 3) for qi in q)


def noisy_hist2(q, rng):
    """Noisy histogram with Lap(ε) per bin — the scale inverted (Ding et al. 2018's incorrect variant), revealed on
    [−2, 3].  Claimed ε-DP; it is (1/ε)-DP.  α = e^{−1/ε} ≈ e^{−9.87} is taken as the rational 1/19,400 (within
    0.1% of it: β^400 itself has numbers of thousands of digits)."""
    return tuple(rng.reveal(qi + rng.laplace(Fraction(1, 19400)), -2, 3) for qi in q)


def prefix_sum(q, rng, beta=BETA):
    """PrefixSum (CheckDP's benchmark, Wang et al. CCS 2020): q_i + Lap(1/ε) for each query, released as the running
    sums.  Each noisy answer is revealed on [−2, 3]; when one falls outside, the release is the label "censored"
    (a post-processing of the noisy answers, so the ε measured is at most the program's).  ε-DP when neighbours
    change one answer by at most one."""
    noisy = [rng.reveal(qi + rng.laplace(beta ** 4), -2, 3) for qi in q]
    if any(isinstance(v, str) for v in noisy):
        return "censored"
    sums, total = [], 0
    for v in noisy:
        total += v
        sums.append(total)
    return tuple(sums)


def truncated_geometric_program(q, rng, beta=BETA):
    """The truncated geometric mechanism (Ghosh–Roughgarden–Sundararajan) on a count q ∈ {0, …, n}: q + ν clamped
    to [0, n], ν two-sided geometric with α = e^{−ε}.  ε-DP.  Written as a program; its matrix must equal the zoo's
    ``truncated_geometric``."""
    (count, n) = q
    v = rng.reveal(count + rng.laplace(beta ** 4), 0, n)
    return 0 if v == "<0" else n if v == f">{n}" else v


SVT = {"svt1": svt1, "svt2": svt2, "svt3": svt3, "svt4": svt4, "svt5": svt5, "svt6": svt6,
       "numerical_svt": numerical_svt}
NOISY_MAX = {"rnm1": rnm1, "rnm2": rnm2, "rnm3": rnm3, "rnm4": rnm4}
