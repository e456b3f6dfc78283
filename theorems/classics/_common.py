"""Shared pieces of the classics bank: the symbolic families every claim is decided on, and the merge helper.

Every true classic is stated on *symbolic families* — mechanisms whose entries are exact expressions in ε —
so its reading is decided for every ε ≥ 0 at once (closed forms + the certifier,
:mod:`exactpriv.claims.symbolic`): PROVED with the domain, or REFUTED at a concrete member with rational e^ε.
Where the statement quantifies over every mechanism, the family reading is the extremal-family core and a
second reading takes exact mechanisms: PROVED for every mechanism where a reduction to randomized response applies
(exactpriv.claims.by_reduction), CHECKED on seeded random mechanisms otherwise.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from exactpriv import EPS
from exactpriv.claims import Claim, random_mechanisms, randomized_responses, symbolic_family
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import exponential_mechanism_hamming, randomized_response, truncated_geometric
from exactpriv.spaces import Hamming, Subsets

__all__ = ["BIT", "EM", "NUMERIC_RR", "RANDOM_BITS", "RANDOM_FEW", "RR", "RR2", "RR23", "SUBSET_COUNT", "TG", "TG2",
           "VARIANT", "claim"]

#: m-ary randomized response RR(m, ε) for m = 2, 3, 4, every ε ≥ 0 (Warner 1965; the LDP workhorse)
RR = symbolic_family("RR(m, ε)", lambda m: randomized_response(m, eps=EPS), over={"m": [2, 3, 4]})
#: the same for m = 2, 3 (readings whose proofs need the certifier's branch and bound)
RR23 = symbolic_family("RR(m, ε)", lambda m: randomized_response(m, eps=EPS), over={"m": [2, 3]})
#: binary randomized response RR(2, ε), every ε ≥ 0
RR2 = symbolic_family("RR(2, ε)", randomized_response(2, eps=EPS))
#: the truncated geometric mechanism on {0, …, n} for n = 2, 3 (Ghosh–Roughgarden–Sundararajan), every ε ≥ 0
TG = symbolic_family("TG(n, ε)", lambda n: truncated_geometric(n, eps=EPS), over={"n": [2, 3]})
#: the truncated geometric mechanism on {0, 1, 2} (readings whose operators multiply the outputs)
TG2 = symbolic_family("TG(2, ε)", truncated_geometric(2, eps=EPS))
#: the exponential mechanism with score −d_H on {0,1}^2 (McSherry–Talwar), every ε ≥ 0
EM = symbolic_family("EM({0,1}^2, ε)", exponential_mechanism_hamming([0, 1], 2, eps=EPS))


def _subset_count():
    """The truncated geometric count of the records present, on the add/remove space of two people."""
    space = Subsets(["a", "b"])
    tg = truncated_geometric(2, eps=EPS)
    return Mechanism(space, tg.outputs, [tg.rows[len(T)] for T in space.points],
                     name="count of Subsets({a,b}) + truncated geometric noise")


#: a count on the add/remove space (what Poisson subsampling acts on), every ε ≥ 0
SUBSET_COUNT = symbolic_family("count+TG on Subsets({a,b})", _subset_count())

BIT = Hamming(["0", "1"], 1)
#: numeric families for statements about every mechanism (CHECKED readings)
NUMERIC_RR = randomized_responses(["3/2", 2, 3], k=3)
RANDOM_BITS = random_mechanisms(BIT, outputs=3, count=10, seed=11, zeros=False)
#: fewer, for notions whose every value is a certified enclosure (zCDP)
RANDOM_FEW = random_mechanisms(BIT, outputs=2, count=3, seed=11, zeros=False)

#: keyword arguments of a deliberate mis-statement
VARIANT = dict(expected="REFUTED", finding="variant")

HALF = Fraction(1, 2)


def claim(id: str, title: str, source: str, quote: str, kind: str, readings: dict) -> Claim:
    """One claim from the single readings of declaratively built claims: ``readings`` maps a reading name to
    a claim whose only reading it takes (renamed), so a classic and its deliberate mis-statements sit side by
    side as readings of one claim."""
    out = []
    for name, built in readings.items():
        (r,) = built.readings
        out.append(replace(r, name=name))
    return Claim(id, title, source, quote, kind, out)
