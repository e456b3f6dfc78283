"""Privacy measures: the tightest parameter of each notion of the five papers.

One module per family of notions (``divergence`` and ``approx`` for the divergence-based DP
notions, ``information`` and ``sibson`` for the information-theoretic ones, ``bayesian``,
``semantic``, ``membership``, ``udp``/``coupling`` (Li et al.), ``distortion`` (Wang et al.),
``symbolic`` for closed forms on families in eps); each measure ``name(M, ...)`` returns a
:class:`~exactpriv.measures.result.Measured` (exact value or certified enclosure, with
witness) and ``is_name(M, level, ...)`` a three-valued Decision.

:data:`REGISTRY` maps the public names (the same in Python, the CLI and JSON) to their
functions and what they need, so that ``compute(name, M, prior=...)`` and
``exactpriv measure FILE`` can run "every measure that applies".
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any
from dataclasses import dataclass, field

from exactpriv.errors import InvalidArgument
from exactpriv.measures.result import Measured, at_most

if TYPE_CHECKING:
    from exactpriv.distributions import Prior
    from exactpriv.mechanisms.base import Mechanism, ProductMechanism

__all__ = ["Measured", "at_most", "REGISTRY", "MeasureSpec", "compute", "get_measure", "applicable_measures"]


@dataclass(frozen=True)
class MeasureSpec:
    name: str
    module: str
    function: str
    needs_prior: bool = False
    optional_prior: bool = False
    needs_records: bool = False
    #: names of the Space classes on which an ``optional_prior`` measure needs no prior (empty: every space);
    #: elsewhere it is computable only with one
    prior_free_on: tuple = ()
    defaults: dict = field(default_factory=dict)
    description: str = ""
    space_types: tuple = ()  # names of the Space classes the notion is defined on (empty: any)

    def load(self):
        mod = importlib.import_module(self.module)
        return getattr(mod, self.function)


_D = "exactpriv.measures.divergence"
_I = "exactpriv.measures.information"
_B = "exactpriv.measures.bayesian"
_S = "exactpriv.measures.semantic"
_M = "exactpriv.measures.membership"

REGISTRY: dict[str, MeasureSpec] = {s.name: s for s in [
    MeasureSpec("pure_dp", _D, "pure_dp", description="max divergence over neighbours (Cuff–Yu Def. 5)"),
    MeasureSpec("approx_dp", "exactpriv.measures.approx", "approx_dp", description="exact hockey-stick profile delta(eps) (Cuff–Yu Def. 1, 4)"),
    MeasureSpec("tv_dp", _D, "tv_dp", description="total variation over neighbours, (delta)-DP (Cuff–Yu Def. 6)"),
    MeasureSpec("kl_dp", _D, "kl_dp", description="max KL over ordered neighbours (Cuff–Yu Def. 7)"),
    MeasureSpec("renyi_dp", _D, "renyi_dp", defaults={"alpha": 2}, description="Renyi DP of order alpha (default 2)"),
    MeasureSpec("free_lunch", _D, "free_lunch", description="max divergence over all pairs (Cuff–Yu §6.2)"),
    MeasureSpec("mi_dp", _I, "mi_dp", needs_records=True,
                description="sup over i and all priors of I(X_i;Y|X_-i) (Cuff–Yu Def. 2)"),
    MeasureSpec("capacity", _I, "capacity", description="sup over priors of I(X^n;Y) (Cuff–Yu (58))"),
    MeasureSpec("mi_privacy", _I, "mi_privacy", needs_prior=True, description="I(X;Y) (Wang–Ying–Zhang Def. 4)"),
    MeasureSpec("conditional_mi", _I, "conditional_mi", needs_prior=True, needs_records=True,
                description="max_i I(X_i;Y|X_-i) under the prior"),
    MeasureSpec("sibson_mi", "exactpriv.measures.sibson", "sibson_mi", needs_prior=True, defaults={"alpha": 2},
                description="Sibson alpha-MI (Cuff–Yu (66), default alpha 2)"),
    MeasureSpec("adversarial_privacy", _I, "adversarial_privacy", needs_prior=True,
                description="max ln P(x|y)/P(x) (Cuff–Yu §6.4)"),
    MeasureSpec("identifiability", _B, "identifiability", needs_prior=True,
                description="max posterior ratio over neighbours (Wang–Ying–Zhang Def. 2)"),
    MeasureSpec("bayesian_dp", _B, "bayesian_dp", needs_prior=True, needs_records=True,
                description="Bayesian DP of Yang et al. (Zhao (19))"),
    MeasureSpec("identity_dp", _B, "identity_dp", needs_prior=True, needs_records=True,
                description="identity DP (Wu–Xia–He Def. 3)"),
    MeasureSpec("semantic_privacy", _S, "semantic_privacy", needs_records=True,
                description="sup over beliefs of SD(b0, bi) (Zhao Def. 1)"),
    # Bayesian semantic privacy integrates the unknown records out under the data prior: always needs one
    MeasureSpec("bayesian_semantic_privacy", _S, "bayesian_semantic_privacy", needs_prior=True, needs_records=True,
                description="Bayesian semantic privacy (Zhao Def. 2)"),
    # membership privacy: Li et al.'s families on datasets of entities need no prior; elsewhere Zhao's
    # two-point family D* is built from the prior (see compute)
    MeasureSpec("positive_membership", _M, "positive_membership", optional_prior=True,
                prior_free_on=("Subsets", "Bounded"),
                description="(D, gamma)-positive membership privacy (Li et al.; Zhao Def. 3)"),
    MeasureSpec("negative_membership", _M, "negative_membership", optional_prior=True,
                prior_free_on=("Subsets", "Bounded"),
                description="(D, gamma)-negative membership privacy (Li et al.)"),
    MeasureSpec("positive_udp", "exactpriv.measures.udp", "positive_udp", space_types=("Subsets",),
                description="eps-positive unbounded DP, add-one direction (Li et al., reconstructed)"),
    MeasureSpec("negative_udp", "exactpriv.measures.udp", "negative_udp", space_types=("Subsets",),
                description="eps-negative unbounded DP, remove-one direction (Li et al., reconstructed)"),
    MeasureSpec("bounded_dp", "exactpriv.measures.udp", "bounded_dp", space_types=("Subsets", "Bounded"),
                description="eps-bounded DP, swap neighbours (Li et al., reconstructed)"),
    # issue 11: notions from outside the five papers
    MeasureSpec("zcdp", "exactpriv.measures.zcdp", "zcdp",
                description="rho of rho-zCDP: sup_alpha D_alpha/alpha, certified enclosure (Bun-Steinke 2016)"),
    MeasureSpec("f_dp", "exactpriv.measures.tradeoff", "f_dp",
                description="tightest trade-off function f (exact piecewise linear; Dong-Roth-Su 2019/2022)"),
    MeasureSpec("privacy_loss_distribution", "exactpriv.measures.pld", "privacy_loss_distribution",
                description="exact privacy loss distributions and delta(eps) from them (Sommer et al. 2019)"),
    MeasureSpec("probabilistic_dp", "exactpriv.measures.probabilistic", "probabilistic_dp",
                description="(eps, delta)-probabilistic DP profile (Machanavajjhala et al. 2008; Meiser 2018)"),
    MeasureSpec("min_entropy_leakage", _I, "min_entropy_leakage", needs_prior=True,
                description="I_inf(X;Y) = log of posterior/prior vulnerability (Smith 2009; Cuff–Yu (72))"),
]}


def get_measure(name: str):
    try:
        spec = REGISTRY[name]
    except KeyError:
        raise InvalidArgument(f"unknown measure {name!r}; known: {', '.join(REGISTRY)}") from None
    return spec.load()


def applicable_measures(M, prior=None) -> list[str]:
    """Names of the measures computable from what is given: those needing a prior only when ``prior`` is
    given (an ``optional_prior`` measure also needs one outside the spaces of its ``prior_free_on``), those
    needing records only on spaces of records, and those defined on some spaces only there."""
    out = []
    space = type(M.inputs).__name__
    for name, spec in REGISTRY.items():
        if spec.needs_prior and prior is None:
            continue
        if spec.optional_prior and prior is None and spec.prior_free_on and space not in spec.prior_free_on:
            continue
        if spec.needs_records and getattr(M.inputs, "records", None) is None:
            continue
        if spec.space_types and space not in spec.space_types:
            continue
        out.append(name)
    return out


def compute(name: str, M: Mechanism | ProductMechanism, *, prior: Prior | None = None, seconds: float | None = None,
            **params: Any) -> Measured:
    """Compute the measure ``name`` (defaults from the registry, overridden by ``params``).

    seconds : optional budget (positive, finite): the measure then runs in a killable worker
        (:func:`exactpriv.effort.run_bounded`) and past the budget — or an enclosing
        ``with exactpriv.effort.deadline(S):`` — raises BudgetExceededError naming it.
        Without it the measure runs in this process, unbounded.
    """
    if seconds is not None:
        from exactpriv.effort import run_bounded

        return run_bounded(compute, name, M, prior=prior, seconds=seconds, what=f"the measure {name}", **params)
    spec = REGISTRY.get(name)
    fn = get_measure(name)
    if prior is not None:
        check = getattr(prior, "check_space", None)
        if check is None:
            raise InvalidArgument(f"prior={prior!r} is not an exactpriv Prior")
        check(M.inputs, "mechanism")
    kwargs = dict(spec.defaults)
    kwargs.update(params)
    if spec.needs_prior or (spec.optional_prior and prior is not None):
        if spec.needs_prior and prior is None:
            raise InvalidArgument(f"measure {name!r} needs a prior (--prior FILE / prior=...)")
        kwargs["prior"] = prior
    if name in ("positive_membership", "negative_membership") and "family" not in params:
        # Li et al.'s families live on datasets of entities; Zhao's two-point family D* on D^n
        from exactpriv.spaces import Bounded, Subsets

        if isinstance(M.inputs, (Subsets, Bounded)):
            kwargs["family"] = "uniform" if isinstance(M.inputs, Subsets) else "one_of_two"
            kwargs.pop("prior", None)
        elif prior is not None:
            kwargs["family"] = "two_point"
        else:
            raise InvalidArgument(f"measure {name!r} on {M.inputs!r} needs a prior (Zhao's two-point family D*)")
    if name in ("renyi_dp",):
        return fn(M, kwargs.pop("alpha"), **kwargs)
    return fn(M, **kwargs)
