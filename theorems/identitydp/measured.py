"""The measures identity DP's claims compare, cached per (mechanism, prior) object.

Genqiang Wu, Xianyao Xia, Yeping He, "Identity differential privacy for dependent records"
(arXiv:1703.07474v1).  ε-identity DP (Def. 3, (11)) is :func:`~exactpriv.measures.bayesian.identity_dp`,
ε-DP on datasets (Def. 2) is replace-one :func:`~exactpriv.measures.divergence.pure_dp` (the two agree for
dataset mechanisms, checked in ``identitydp.def2``), and the Shannon quantities of Sec. 5 come from
:mod:`exactpriv.measures.information`.  Instances are built once and shared by many readings, so the
cache keys on object identity and keeps the objects alive (ids stay valid).
"""

from __future__ import annotations

from exactpriv.measures.bayesian import identity_dp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.information import conditional_mi, record_mi, record_posterior_kl
from exactpriv.measures.result import Measured

_CACHE: dict = {}


def cached(name, fn, *objs):
    key = (name,) + tuple(id(o) for o in objs)
    hit = _CACHE.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], objs)):
        return hit[1]
    v = fn()
    _CACHE[key] = (objs, v)
    return v


def ID(M, P):
    return cached("id", lambda: identity_dp(M, prior=P).value, M, P)


def PURE(M):
    return cached("pure", lambda: pure_dp(M).value, M)


def KL(M, P) -> Measured:
    return cached("kl", lambda: record_posterior_kl(M, prior=P), M, P)


def MI(M, P) -> Measured:
    return cached("mi", lambda: record_mi(M, prior=P), M, P)


def CMI(M, P) -> Measured:
    return cached("cmi", lambda: conditional_mi(M, prior=P), M, P)


id_of = lambda inst: ID(inst.mechanism, inst.prior)  # noqa: E731
pure_of = lambda inst: PURE(inst.mechanism)  # noqa: E731
