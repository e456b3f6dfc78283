""":func:`explore`: estimate f*(α) = sup {B(M) : A(M) <= α} at a grid of levels, with certified lower bounds.

Runs the search of :mod:`counterexamples.tightness.search` at each level, then compares the witness
values with the stated map by :func:`~exactpriv.exact.kernel.compare` and, where a best known upper
bound is given, certifies with :func:`exactpriv.certify.prove_inequality` whether it lies strictly
below the stated map for every α > 0 (then the stated constant is not tight given the cited bound).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import sympy

from exactpriv import effort
from exactpriv.claims import Instance
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.numbers import OO, to_sympy
from counterexamples.tightness.families import BISECTION_STEPS, E, LevelResult
from .results import Exploration
from .search import as_level, as_stated_map, search_level, Searcher, as_space, ExplorationStopped

__all__ = ["EXAMPLES_SHARE", "explore", "BankImplication"]

#: random candidates per level at the default effort: the effort's ``examples`` divided by this (20 of 1,000; the
#: structured queries, checked first, are where the bank's maps are attained — the random ones look further)
EXAMPLES_SHARE = 50


def level_examples(examples: int | None) -> int:
    """Random candidates per level: ``examples`` when given, else the effort's ``examples`` / EXAMPLES_SHARE."""
    return max(1, effort.current_effort().examples // EXAMPLES_SHARE) if examples is None else examples


def explore(given: str, measure: str, stated, *, alphas: Sequence, space="hamming:m=2,n=1",
            examples: int | None = None, seconds: float | None = None, seed: int = 0, prior: str = "any",
            full_support: bool = False, max_outputs: int = 3, tight=None, upper=None, queries: bool = True,
            local_steps: int | None = None, max_queries: int = 40, key: str = "", positive: bool = False,
            bisection_steps: int = BISECTION_STEPS) -> Exploration:
    """Estimate f*(α) = sup{B(M) : A(M) <= α} for A = ``given``, B = ``measure`` on a grid of α.

    Parameters
    ----------
    given, measure : measure names of the registry (plus "record_mi")
    stated : the stated map f, a sympy expression in ``eps`` (or safe-grammar text)
    alphas : exact levels (sympy, Fraction, int; e.g. :func:`exp_levels` for α = ln a)
    space : a Space or a spec "hamming:m=2,n=1" (see counterexamples.conjecture.parse_space)
    examples : random exact mechanisms drawn per level (None: the effort's ``examples`` / EXAMPLES_SHARE,
        i.e. 20); with the structured queries (``max_queries`` per output count) and ``local_steps`` (None: as
        many as ``examples``) the whole effort is a count, so the same seed gives the same exploration on
        every machine (issue 19)
    seconds : a time limit (None: none but the one in force): it only *stops* the exploration — the level
        it stops and the levels after it are marked ``stopped`` with what was found so far
    prior : "any" | "independent" | "uniform" — kind of priors searched when a measure needs one
    full_support : search only full-support priors
    positive : search only mechanisms without zero entries (a hypothesis of some implications)
    bisection_steps : dyadic steps of the projection onto {A <= α} (notions other than pure_dp)
    tight : the best known map (sympy in eps, or a callable α -> exact value or None)
    upper : a map known (proved or cited) to bound f* from above (sympy in eps, or a callable
        α -> exact value); for a sympy map, "upper < stated on (0, oo)" is certified by
        :func:`exactpriv.certify.prove_inequality`

    Returns
    -------
    Exploration — one :class:`LevelResult` per α; see :class:`LevelResult` for the statuses.
    Every relation reported is an exact kernel decision.  The search is seeded (``random.Random(seed)``)
    and bounded by counts: how far it gets depends on the effort, never on the machine — unless the time
    limit stopped it, which its levels say (status ``stopped``).
    """

    f = as_stated_map(stated)
    levels = [as_level(a) for a in alphas]
    if not levels:
        raise InvalidArgument("alphas must contain at least one level")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < math.inf):
        raise InvalidArgument(f"seconds={seconds!r} must be a positive number or None (no time limit)")
    if examples is not None and (isinstance(examples, bool) or not isinstance(examples, int) or examples < 0):
        raise InvalidArgument(f"examples={examples!r} must be a non-negative integer or None (the effort's)")
    per_level = level_examples(examples)
    local_steps = per_level if local_steps is None else local_steps
    if prior not in ("any", "independent", "uniform"):
        raise InvalidArgument(f"prior={prior!r} must be 'any', 'independent' or 'uniform'")
    if not isinstance(max_outputs, int) or max_outputs < 2:
        raise InvalidArgument(f"max_outputs={max_outputs!r} must be an int >= 2")
    sp = as_space(space)
    tight_fn = None
    if tight is not None:
        tight_fn = tight if callable(tight) and not isinstance(tight, sympy.Basic) else (
            lambda a, _t=as_stated_map(tight, "tight"): _t.subs(E, a))
    upper_fn = None
    if upper is not None:
        upper_fn = upper if callable(upper) and not isinstance(upper, sympy.Basic) else (
            lambda a, _u=as_stated_map(upper, "upper"): _u.subs(E, a))
    t0 = time.perf_counter()
    rng = random.Random(seed)
    out = []
    with effort.deadline(seconds, what="tightness exploration"):
        for alpha in levels:
            ts = time.perf_counter()
            S = Searcher(given, measure, sp, prior, full_support, max_outputs, rng, positive=positive,
                          bisection_steps=bisection_steps)
            ea = sympy.exp(alpha)
            exp_alpha = Fraction(int(ea.p), int(ea.q)) if ea.is_Rational else None
            try:
                best = search_level(S, alpha, exp_alpha, queries=queries, local_steps=local_steps,
                                     max_queries=max_queries, examples=per_level)
            except ExplorationStopped:
                lr = LevelResult(alpha, f.subs(E, alpha), tried=S.tried, status="stopped")
                lr.flags.append(f"stopped by the time limit after {S.tried} candidates (effort: {per_level} "
                                "random candidates per level); no level after it was explored")
                lr.seconds = time.perf_counter() - ts
                out.append(lr)
                out += [LevelResult(a, f.subs(E, a), status="stopped", flags=["not reached before the time limit"])
                        for a in levels[len(out):]]
                break
            out.append(_level_result(best, S, alpha, f, given, measure, tight_fn, upper_fn, ts))
    proof = None
    if upper is not None and isinstance(upper, (sympy.Basic, str, int, Fraction)) and as_stated_map(upper, "upper") != f:
        from exactpriv.certify import prove_inequality

        try:
            # the prover's effort decides; the time limit of the exploration (if any) only stops it
            proof = prove_inequality(as_stated_map(upper, "upper"), "<", f, domain=(0, OO), closed=(False, False),
                                     seconds=seconds)
        except ExactPrivError:
            proof = None
    return Exploration(given, measure, f, repr(sp), out, seed, time.perf_counter() - t0,
                       tight=None if tight is None or callable(tight) and not isinstance(tight, sympy.Basic)
                       else as_stated_map(tight, "tight"), upper_vs_stated=proof, key=key)


def _level_result(best, S, alpha, f, given, measure, tight_fn, upper_fn, ts) -> LevelResult:
    """The level's result: the best candidate compared exactly with the stated map (and the tight, upper maps)."""
    from exactpriv.exact.kernel import compare

    fa = f.subs(E, alpha)
    lr = LevelResult(alpha, fa, tried=S.tried)
    if best.M is not None:
        lr.witness = Instance(f"best for α = {sympy.sstr(alpha)}: {best.found_by}", best.M, best.P)
        lr.given_value, lr.best, lr.best_lower, lr.found_by = best.a, best.b, best.lower, best.found_by
        if compare(best.lower, ">", fa).is_true:
            lr.status = "violated"
            lr.flags.append(f"VIOLATED: {measure} = {sympy.sstr(to_sympy(best.lower))} > stated "
                            f"{sympy.sstr(fa)} at {given} <= α (exact counterexample)")
        elif compare(best.lower, "==", fa).is_true:
            lr.status = "attained"
            lr.flags.append("stated bound attained (tight at α)")
        elif compare(best.lower, "<", fa).is_true:
            lr.status = "below"
        else:
            lr.status = "undecided"
            lr.flags.append("the kernel could not order the best value and the stated bound")
        lr.gap = fa - to_sympy(best.lower) if fa != OO else OO
        if tight_fn is not None:
            tv = tight_fn(alpha)
            lr.tight = tv
            if tv is not None:
                lr.tight_attained = compare(best.lower, "==", tv)
                if lr.tight_attained.is_true:
                    lr.flags.append("best found equals the tight map exactly")
        if upper_fn is not None:
            lr.upper = upper_fn(alpha)
        if lr.status == "below":
            if lr.upper is not None and compare(lr.upper, "<", fa).is_true:
                lr.flags.append("stated bound not tight at α (a proved/cited upper bound on f* lies below it)")
            else:
                lr.flags.append("stated bound not tight at α? (search gap; no proof of tightness)")
    lr.seconds = time.perf_counter() - ts
    return lr


# --------------------------------------------------------------------------------------
# the central implications of the bank
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BankImplication:
    """A central implication of the bank with what the explorer needs.

    stated : the paper's map (sympy in eps); claims : the claim ids stating it
    tight : the best known map (sympy, or callable α -> exact value on the level grid);
    tight_label, tight_source : its text and where it comes from
    paper_says_tight : the paper claims ``tight`` (or ``stated``) is the tightest possible
    upper : a map proved/cited to bound f* from above (often ``tight``)
    """

    key: str
    given: str
    measure: str
    stated: Any
    stated_label: str
    claims: tuple
    alphas: tuple
    space: str = "hamming:m=2,n=1"
    prior: str = "any"
    tight: Any = None
    tight_label: str = ""
    tight_source: str = ""
    paper_says_tight: bool = False
    upper: Any = None
    upper_source: str = ""
    note: str = ""
    #: the tight map as a parametric curve (symbol, α(symbol), value(symbol), lo, hi), for plots
    tight_parametric: Any = None
