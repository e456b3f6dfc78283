"""Explorer presets for the bank's central implications, and exploration of an atlas entry.

The stated map, its label and whether the paper calls it tight come from the claims' own
:class:`~exactpriv.claims.Relation` (found through the registered banks, the single source of
truth); only the explorer's settings (levels, space, best known map and its source) live here.
"""

from __future__ import annotations

import sympy

from exactpriv.errors import InvalidArgument
from .explore import BankImplication, explore
from counterexamples.tightness.families import E, exp_levels
from .results import Exploration
from exactpriv.exact.numbers import OO

__all__ = ["bank_implications", "explore_implication", "default_levels", "explore_entry"]


_P = sympy.Symbol("p", positive=True)


def _converse_map():
    """Zhao's converse map s -> ln((1+2s)/(1-2s)) (+oo for s >= 1/2), Theorems 1-2."""
    return sympy.Piecewise((sympy.log((1 + 2 * E) / (1 - 2 * E)), E < sympy.Rational(1, 2)), (OO, True))


def _h(p):
    return -p * sympy.log(p) - (1 - p) * sympy.log(1 - p)


def _mi_tv_grid():
    """Levels α_p = ln 2 − h(p) (the MI-DP of BSC(p)) with the tight TV 1 − 2p of (28)."""
    ps = [sympy.Rational(1, 4), sympy.Rational(1, 8), sympy.Rational(1, 16)]
    alphas = tuple(sympy.log(2) - _h(p) for p in ps)
    table = {sympy.srepr(a): 1 - 2 * p for a, p in zip(alphas, ps)}
    return alphas, (lambda a: table.get(sympy.srepr(a)))


def _preset(key: str, given: str, measure: str, claims: tuple, alphas, **explorer) -> BankImplication | None:
    """An explorer preset for the implication ``given ⇒ measure`` that ``claims[0]`` declares: the stated map,
    its label and whether the paper calls it tight come from the claim's :class:`Relation` (the claims are
    the single source of truth); only the explorer's settings (levels, space, best known map) live here.
    None when no installed bank declares it."""
    from exactpriv.claims.banks import find_claim

    try:
        claim = find_claim(claims[0])
    except InvalidArgument:
        return None
    for r in claim.readings:
        for rel in r.relations:
            if (rel.source, rel.target, rel.kind) == (given, measure, "implication"):
                return BankImplication(key, given, measure, rel.map, rel.label, claims, alphas,
                                       paper_says_tight=rel.tight, **explorer)
    return None


def bank_implications() -> list[BankImplication]:
    """The central implications of the bank with the explorer's settings; stated maps from the claims."""
    mi_alphas, mi_tight = _mi_tv_grid()
    tanh_kl = E * sympy.tanh(E / 2)
    presets = [
        _preset(
            "pure_dp=>kl_dp", "pure_dp", "kl_dp", ("cuff2016.lemma1", "cuff2016.prop1"), tuple(exp_levels("3/2", 2, 3, 5)),
            tight=tanh_kl, tight_label="ε·tanh(ε/2)",
            tight_source="Cuff–Yu (11), proved in App. A; equality for binary randomized response "
                         "(cuff2016.prop1_tight)", upper=tanh_kl,
            upper_source="Cuff–Yu (11), proved in the paper's App. A (cited; exactpriv checks it on instances)"),
        _preset(
            "kl_dp=>tv_dp", "kl_dp", "tv_dp", ("cuff2016.prop2",),
            (sympy.Rational(1, 8), sympy.Rational(1, 2), sympy.Integer(1), sympy.Integer(2)),
            tight_source="Pinsker; the paper: 'tight up to a multiplicative constant' (no closed form of f*)",
            note="kl_dp bounds both directions of KL on neighbours; sqrt(ε/2) > 1 is vacuous"),
        _preset(
            "mi_dp=>tv_dp", "mi_dp", "tv_dp", ("cuff2016.lemma2",), mi_alphas,
            tight=mi_tight, tight_label="1 − 2h⁻¹(ln 2 − ε)",
            tight_source="Cuff–Yu (28), App. C; attained by binary symmetric channels (cuff2016.lemma2)",
            upper=mi_tight,
            tight_parametric=(_P, sympy.log(2) - _h(_P), 1 - 2 * _P, 0, sympy.Rational(1, 2)),
            upper_source="(28), Cuff–Yu App. C; (28) <= √(2ε) for all ε is PROVED in the bank "
                         "(cuff2016.lemma2[relaxation-27-of-28])",
            note="levels α = ln 2 − h(p), p = 1/4, 1/8, 1/16, where (28) gives 1 − 2p"),
        _preset(
            "pure_dp=>semantic_privacy", "pure_dp", "semantic_privacy", ("zhao2019.thm2_fwd",), tuple(exp_levels("11/10", "5/4", "3/2", 2)), space="hamming:m=2,n=2",
            tight=sympy.tanh(E / 2), tight_label="tanh(ε/2)",
            tight_source="exact reduction of semantic privacy: SP = (√R − 1)/(√R + 1) with the cross ratio "
                         "R <= e^{2ε} (exactpriv.measures.semantic; zhao2019.thm2_fwd[sharper-tanh]); attained "
                         "by randomized response of the parity of two records",
            upper=sympy.tanh(E / 2),
            upper_source="exact reduction of the semantic_privacy measure (sup over beliefs in closed form)"),
        _preset(
            "semantic_privacy=>pure_dp", "semantic_privacy", "pure_dp", ("zhao2019.thm2_conv",), (sympy.Rational(1, 10), sympy.Rational(1, 5), sympy.Rational(1, 3)),
            space="hamming:m=2,n=1",
            tight_source="the paper does not claim tightness; the sharp converse is s-SP ⇒ 4·artanh(s)-DP "
                         "(zhao2019.thm2_conv tightness probes), and the literal reading fails when an output is "
                         "impossible for ⊥ (DP = ∞ with SP < 1/2)",
            note="all mechanisms (the literal reading); see zhao2019.thm2_conv[positive-mechanism] for the "
                 "hypothesis under which it holds"),
        _preset(
            "pure_dp=>identity_dp", "pure_dp", "identity_dp", ("identitydp.prop2",),
            tuple(exp_levels(2, 3)), space="hamming:m=2,n=2", prior="independent",
            tight=E, tight_label="ε", tight_source="randomized response of one record attains it",
            upper=E, upper_source="the stated map itself (identitydp.prop2, the paper's proof)",
            note="independent sources (product priors), as Proposition 2 assumes"),
    ]
    return [p for p in presets if p is not None]


def explore_implication(imp: BankImplication, *, examples: int | None = None, seconds: float | None = None,
                        seed: int = 0, **kw) -> Exploration:
    """:func:`explore` with the fields of a :class:`BankImplication` (``examples`` per level: the effort's
    share by default; ``seconds`` only a time limit)."""
    if not isinstance(imp, BankImplication):
        raise InvalidArgument(f"imp={imp!r} must be a BankImplication (see bank_implications())")
    return explore(imp.given, imp.measure, imp.stated, alphas=imp.alphas, space=imp.space, examples=examples,
                   seconds=seconds, seed=seed, prior=imp.prior, tight=imp.tight, upper=imp.upper, key=imp.key, **kw)


# --------------------------------------------------------------------------------------
# every implication of the atlas table (quick)
# --------------------------------------------------------------------------------------
_LOG_NOTIONS = {"pure_dp", "free_lunch", "identifiability", "bayesian_dp", "identity_dp", "adversarial_privacy"}

_RATIO_NOTIONS = {"positive_membership", "negative_membership"}


def default_levels(notion: str) -> tuple:
    """A small grid of exact levels suited to the scale of ``notion``: ln(3/2), ln 3 for
    log-ratio notions; γ = 3/2, 3 for membership levels; 1/8, 1/3 for the others (KL, MI, TV,
    semantic privacy)."""
    if notion in _LOG_NOTIONS:
        return tuple(exp_levels("3/2", 3))
    if notion in _RATIO_NOTIONS:
        return (sympy.Rational(3, 2), sympy.Integer(3))
    return (sympy.Rational(1, 8), sympy.Rational(1, 3))


#: the quick exploration of a table entry draws this fraction of a central implication's examples per level
ENTRY_SHARE = 8


def explore_entry(entry, *, examples: int | None = None, seconds: float | None = None, seed: int = 0,
                  alphas=None) -> Exploration | None:
    """Quick :func:`explore` of one implication entry of the atlas table (its source notion,
    target notion, stated map and hypotheses: product priors for "independent", full-support
    priors, positive mechanisms).  None for entries whose map is not a function of the level
    alone (cardinalities, n, ε_X) or whose hypotheses cannot be generated (bounded datasets).
    ``examples`` per level (default: 1/ENTRY_SHARE of a central implication's); ``seconds`` a time limit."""
    from exactpriv.claims.relations import NOTIONS

    from .explore import level_examples

    if entry.kind != "implication" or not entry.is_composable:
        return None
    # two records where a prior, the per-record structure (MI-DP) or the default value ⊥ of semantic
    # privacy matters (its extremal mechanism, RR of the parity, needs n = 2); one binary record otherwise
    two = {"mi_dp", "semantic_privacy", "bayesian_semantic_privacy"}
    needs = NOTIONS[entry.source][1] or NOTIONS[entry.target][1] or {entry.source, entry.target} & two
    space = "hamming:m=2,n=2" if needs else "hamming:m=2,n=1"
    conds = set(entry.conditions)
    return explore(entry.source, entry.target, entry.map, alphas=alphas or default_levels(entry.source),
                   space=space, examples=max(1, level_examples(None) // ENTRY_SHARE) if examples is None else examples,
                   seconds=seconds, seed=seed,
                   prior="independent" if "independent" in conds else ("uniform" if "uniform" in conds else "any"),
                   full_support="full-support" in conds, positive="positive" in conds, max_outputs=2,
                   local_steps=20, max_queries=8, bisection_steps=8,
                   key=f"{entry.claim}[{entry.reading}]")
