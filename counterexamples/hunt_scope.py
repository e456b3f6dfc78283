"""What a reading's hunt searches: whether a drawn instance may refute it, its templates, and the strategy that
draws around them.

* :func:`searchable` — why a drawn instance can never refute a reading ("" when it can): an "exists" reading, a
  reading about its listed instances only, and (without a strategy of its own) existential or object claims;
* :func:`templates` — the reading's own family instances, smallest spaces first; their decided results are
  remembered per reading for the life of the process (:func:`family_memo`);
* :func:`search_strategy` — instances around the templates and fresh instances of the declared search space
  (:mod:`counterexamples.search_space`), with the parameters the reading declares (:func:`declared_params`);
* :func:`examples_of`, :func:`validate_search_options` — the effort of a search and the options it accepts.
"""

from __future__ import annotations

import math
import weakref

from hypothesis import strategies as st

from counterexamples import strategies as S
from counterexamples.search_space import fresh_instances, param_ranges, params_around, search_space_of, varies_params
from exactpriv import effort
from exactpriv.claims import Claim, Instance, Reading
from exactpriv.errors import InvalidArgument

__all__ = ["EXISTENTIAL_KINDS", "OBJECT_KINDS", "TEMPLATE_LIMIT", "declared_params", "examples_of", "family_memo",
           "search_strategy", "searchable", "templates", "validate_search_options"]

#: how many instances of each family serve as templates
TEMPLATE_LIMIT = 200

#: id(reading) -> (weak reference to the reading, {extra hypothesis names: {instance key: Evaluation}}).
#: Keyed by identity (a Reading is an unhashable dataclass); the entry goes when the reading does.
_FAMILY_MEMO: dict = {}


def family_memo(reading: Reading, extra_hypotheses: tuple = ()) -> dict:
    """The decided results of ``reading``'s fixed family instances under ``extra_hypotheses``, shared by every
    hunt of that reading object in this process (:meth:`counterexamples.guard.Evaluator.evaluate`'s
    ``memo``).  Safe to share: an instance's exact check is a function of its content, which is the key;
    undecided results are never stored.  Drawn instances are not stored (they rarely repeat across hunts)."""
    k = id(reading)
    entry = _FAMILY_MEMO.get(k)
    if entry is None or entry[0]() is not reading:
        def forget(ref, k=k):
            if _FAMILY_MEMO.get(k, (None,))[0] is ref:
                del _FAMILY_MEMO[k]
        entry = (weakref.ref(reading, forget), {})
        _FAMILY_MEMO[k] = entry
    return entry[1].setdefault(tuple(sorted(h.name for h in extra_hypotheses)), {})


#: kinds of claim that state that an instance exists ("A does not imply B": some mechanism is A and not
#: B; "the bound is tight": some instance attains it) — a drawn instance can never refute them
EXISTENTIAL_KINDS = ("non-implication", "tightness")


#: kinds of claim about the paper's own objects (a named construction, the value of a given mechanism, the
#: finite analogue of an informal remark): instances drawn around them are other objects
OBJECT_KINDS = ("construction", "value", "informal")


def searchable(reading: Reading, claim: Claim | None = None) -> str:
    """Why a drawn instance can never refute ``reading`` ("" when it can).

    Not by search: an "exists" reading; a reading about its listed instances only (``open_search=False``);
    and — unless the reading brings its own ``strategy``, which says what may be drawn — a reading of a
    claim that states an instance exists (:data:`EXISTENTIAL_KINDS`) or is about the paper's own objects
    (:data:`OBJECT_KINDS`).  Those are refuted by their own families only (a proof, an exhausted finite
    scope, a listed instance), exactly as ``verify`` does.
    """
    if reading.quantifier == "exists":
        return ("an 'exists' reading is refuted only by exhausting its stated finite scope, never by a drawn "
                "instance")
    if not reading.open_search:
        return "the statement is only about its listed instances (open_search=False)"
    kind = getattr(claim, "kind", None)
    if reading.strategy is None and kind in EXISTENTIAL_KINDS:
        return (f"a {kind} claim states that an instance exists: refuted only by its own families (a proof or an "
                "exhausted finite scope), never by a drawn instance")
    if reading.strategy is None and kind in OBJECT_KINDS:
        return (f"a {kind} claim is about the paper's own objects: instances drawn around them are other objects "
                "(give the reading a strategy to search)")
    return ""


def validate_search_options(seconds, seed, max_examples):
    """Refuse a time limit, seed or example count a search cannot use, echoing the value."""
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < math.inf):
        raise InvalidArgument(f"seconds={seconds!r} must be a finite positive number or None (no time limit)")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgument(f"seed={seed!r} of type {type(seed).__name__} must be an integer")
    if max_examples is not None and (isinstance(max_examples, bool) or not isinstance(max_examples, int)
                                     or max_examples < 0):
        raise InvalidArgument(f"max_examples={max_examples!r} must be a non-negative integer or None")


def templates(reading: Reading, family_errors: list) -> list[Instance]:
    """The reading's non-slow family instances (up to TEMPLATE_LIMIT each), smallest spaces first."""
    out = []
    for fam in reading.families:
        if fam.slow:
            continue
        try:
            for k, inst in enumerate(fam.build()):
                if k >= TEMPLATE_LIMIT or effort.expired():  # building large seeds is work too: the hunt's
                    break                                    # time limit stops it (issue 19)
                out.append(inst)
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:  # a family that cannot be built is reported, the others still run
            family_errors.append({"family": fam.name, "error": f"{type(exc).__name__}: {exc}"[:300]})

    def size(i):
        space = getattr(i.mechanism, "inputs", None)
        try:
            return (space.size if space is not None else 0, len(getattr(i.mechanism, "outputs", ()) or ()))
        except Exception:  # a space whose size cannot be read sorts last
            return (math.inf, 0)
    return sorted(out, key=size)


def examples_of(max_examples: int | None) -> int:
    """The examples a search draws: ``max_examples`` when given, else the ``examples`` of the effort in force
    (:func:`exactpriv.effort.current_effort`) — a count, so the search is the same on every machine."""
    return effort.current_effort().examples if max_examples is None else max_examples


def search_strategy(reading: Reading, templates: list[Instance], positive: bool, extra_hypotheses: tuple = (),
              max_points: int = 9, draw_params: bool = False):
    """Instances around the templates, and — for plain templates — fresh instances of the reading's declared
    search space (:mod:`counterexamples.search_space`), one or the other with equal odds."""
    if reading.strategy is not None:
        return S.declared_strategy(reading.strategy)
    varying = [t for t in templates if S.can_vary(t)]
    space = search_space_of((*reading.hypotheses, *extra_hypotheses), templates, max_points=max_points,
                            check=reading.check)
    # with draw_params, parameters the check reads (not descriptive ones) are drawn too, inside and just outside
    # their families' ranges: a reading about numbers only (a lemma's inequality in δ) is searched.  By default
    # only for a reading that declares every parameter's domain as a hypothesis (declared_params): a reading
    # whose domain lives in its families alone would raise or "refute" outside the paper's scope
    with_params = ([t for t in templates if t.params]
                   if draw_params and space is None and varies_params(templates) else [])
    if not varying and not with_params:
        return None
    options = []
    if varying:
        names = {h.name for h in (*reading.hypotheses, *extra_hypotheses)}
        # a reading that assumes neither independent records nor full support is searched beyond its templates'
        # prior structure too (correlated priors, zeros)
        free = not names & {"independent-records", "independent-sources", "full-support-prior"}
        options.append(st.sampled_from(varying).flatmap(
            lambda t: S.instances_around(t, positive=positive, free_prior=free)))
    if space is not None:
        options.append(fresh_instances(space))
    if with_params:
        ranges = param_ranges(with_params)
        options.append(st.sampled_from(with_params).flatmap(lambda t: params_around(t, ranges)))
    return options[0] if len(options) == 1 else st.one_of(*options)


def declared_params(reading: Reading, templates: list[Instance], extra_hypotheses: tuple = ()) -> tuple:
    """The names of the exact numeric parameters of ``templates`` when the reading's hypotheses declare the
    domain of every one of them (``Hypothesis.params``: :func:`exactpriv.claims.param_domain`,
    :func:`exactpriv.claims.pmf_params`), else ``()`` — then parameters are not drawn by default."""
    from counterexamples.search_space import exact_number, exact_number_list

    names = {k for t in templates for k, v in t.params.items() if exact_number(v) or exact_number_list(v)}
    declared = {p for h in (*reading.hypotheses, *extra_hypotheses) for p in getattr(h, "params", ())}
    return tuple(sorted(names)) if names and names <= declared else ()
