"""User conjectures: "every mechanism with given-notion = a has measure <= bound(a, params)".

``conjecture(given="pure_dp", measure="kl_dp", bound="eps**2/3")`` builds the same declarative claim a user
would write (:func:`exactpriv.claims.declare.implication_claim`, with :class:`~exactpriv.claims.declare.Notion`
and :class:`~exactpriv.claims.declare.Param`): ``eps`` is the given notion's tightest value, every other symbol
of the bound is a parameter given in ``params`` (``{"alpha": 2, "delta": ["1/10", "1/1000"]}``) — a notion
with a parameter of that name takes it (``renyi_dp``'s ``alpha``; ``approx_dp`` is its tightest ε at the
parameter ``delta``, or its δ at the parameter ``epsilon``).

Search (:func:`conjecture_units`): without ``space`` the conjecture climbs the ladder of
:data:`counterexamples.extremal.ESCALATION` (records n and values m up to the stated limit of
:data:`~counterexamples.extremal.MAX_POINTS` inputs) twice: first the structured extremal seeds of every level
(randomized response and its per-record products, rare events with ratios up to 10⁶, staircase and geometric
counts), which are cheap and where bounds are tight; then hypothesis search at each level, drawing random
exact rows and rows with ratios up to 10⁶, with ``target`` on the violation margin.  Each (phase, level) is
one *unit*; units are run in order and the first refutation wins, so units run on several workers
(``workers=N``, :class:`counterexamples.pool.Pool`) pick the same witness as units run in this process.

**The effort decides, the clock only stops** (issue 19).  A seed unit checks its level's fixed list of seeds;
a search unit draws its share of the examples — ``max_examples`` per level when given, else the ``examples``
of the :class:`~exactpriv.effort.Effort` in force split evenly over the levels searched
(:func:`unit_examples`).  So the same seed and effort give the same verdict, witness and ``tried`` count on
every machine.  ``seconds`` is one time limit for the whole conjecture: when it stops a unit before its
effort is spent (or before a unit is reached), the result is STOPPED — a witness found before the stop still
refutes.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import time
from dataclasses import dataclass, field

import sympy
from hypothesis import strategies as st

from counterexamples import extremal as X, strategies as S
from counterexamples.hunt import examples_of, hunt_reading
from counterexamples.conjecture_operators import (attach_kernels, check_composed_measure, check_operator, kernels,
                                                  operator_levels, operator_notion, parameter_domain, write_kernel)
from counterexamples.pool import Pool, seeded_random, validate_pool
from exactpriv import io
from exactpriv.claims import Family, Instance, Verdict
from exactpriv.claims.declare import Notion, Param, implication_claim
from exactpriv.distributions import Prior
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv import effort
from exactpriv.exact.numbers import EPS
from exactpriv.measures import REGISTRY
from exactpriv.measures.result import Measured, value_to_sympy
from exactpriv.spaces import Bounded, Hamming, Subsets

__all__ = ["ConjectureResult", "ConjectureUnit", "conjecture", "conjecture_units", "parse_params", "parse_space",
           "run_unit", "unit_examples"]

#: conjectures are hunted with random mechanisms on every point: keep spaces small
_MAX_POINTS = 4096
#: declared domains of the usual parameter names (others: the whole line)
_DOMAINS = {"delta": "(0, 1)", "alpha": "(0, oo)", "epsilon": "[0, oo)", "k": "[1, oo)", "q": "[0, 1]",
            "n": "[1, oo)"}
#: the units' shares of the plan: the structured seeds of every level are listed before any random search
#: (a seed unit checks its whole list of seeds; the search units share the examples evenly)
SEED_SHARE = 0.5
#: which priors a prior-dependent measure is taken over: any prior, independent records, correlated records, or
#: the uniform prior only (a statement "under the uniform prior")
PRIOR_KINDS = ("any", "independent", "correlated", "uniform")


def parse_space(spec: str):
    """"hamming:m=2,n=1" | "subsets:n=3" | "bounded:n=4,k=2" -> Space."""
    if not isinstance(spec, str):
        raise InvalidArgument(f"space={spec!r} must be a string like 'hamming:m=2,n=1'")
    m = re.fullmatch(r"\s*(hamming|subsets|bounded)\s*(?::\s*(.*))?", spec)
    if not m:
        raise InvalidArgument(f"space={spec!r}: expected 'hamming:m=2,n=1', 'subsets:n=3' or 'bounded:n=4,k=2'")
    kind, rest = m.group(1), m.group(2) or ""
    params = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        k, _, v = part.partition("=")
        if not re.fullmatch(r"\d{1,3}", v.strip()) or k.strip() not in ("m", "n", "k"):
            raise InvalidArgument(f"space={spec!r}: bad parameter {part!r}")
        params[k.strip()] = int(v)
    from exactpriv.spaces import check_enumerable

    if kind == "hamming":
        m, n = params.get("m", 2), params.get("n", 1)
        check_enumerable(m ** n, f"the space {spec!r}", limit=_MAX_POINTS)
        return Hamming(range(m), n)
    check_enumerable(2 ** params.get("n", 2), f"the space {spec!r}", limit=_MAX_POINTS)
    universe = [chr(ord("a") + i) for i in range(params.get("n", 2))]
    if kind == "subsets":
        return Subsets(universe)
    return Bounded(universe, params.get("k", 1))


@dataclass
class ConjectureResult:
    verdict: Verdict
    given: str
    measure: str
    bound: str
    witness: dict | None = None
    given_value: str | None = None
    measure_value: str | None = None
    bound_value: str | None = None
    seconds: float = 0.0
    tried: int = 0
    searched: str = ""
    seed: int = 0
    note: str = ""
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """The result as JSON; the elapsed time is under ``"timing"`` (the only key that depends on the machine)."""
        return {"verdict": self.verdict.value, "given": self.given, "measure": self.measure, "bound": self.bound,
                "witness": self.witness, "given_value": self.given_value, "measure_value": self.measure_value,
                "bound_value": self.bound_value, "timing": {"seconds": round(self.seconds, 3)}, "tried": self.tried,
                "searched": self.searched, "seed": self.seed, "note": self.note, **self.extra}

    def __repr__(self) -> str:  # short: the witness's exact matrix stays behind .witness
        label = f", witness {self.witness.get('label')!r}" if isinstance(self.witness, dict) else ""
        return (f"ConjectureResult({self.verdict.value}: {self.given} = eps => {self.measure} <= {self.bound}"
                f"{label}; {self.tried} instances)")

    def _repr_html_(self) -> str:
        """Jupyter: the verdict, the statement, the refuting values and the witness's label (HTML-escaped)."""
        from html import escape

        out = f"{self.verdict._repr_html_()} {escape(f'{self.given} = ε ⇒ {self.measure} ≤ {self.bound}')}"
        if self.verdict is Verdict.REFUTED:
            values = f"{self.measure} = {self.measure_value} > {self.bound_value} at {self.given} = {self.given_value}"
            out += f"<br>{escape(values)}"
            if isinstance(self.witness, dict):
                out += f"<br>witness: <code>{escape(str(self.witness.get('label')))}</code>"
        elif self.note:
            out += f"<br><small>{escape(self.note)}</small>"
        return f"<div>{out}</div>"


def _sstr(v):
    if v is None:
        return None
    if isinstance(v, Measured):
        if v.value is not None:
            return sympy.sstr(value_to_sympy(v.value))
        return f"[{sympy.sstr(value_to_sympy(v.lower))}, {sympy.sstr(value_to_sympy(v.upper))}]"
    return sympy.sstr(value_to_sympy(v))


def parse_params(specs) -> dict:
    """``["alpha=2", "delta=1/10,1/1000"]`` (the CLI's ``--param``) or a mapping -> {name: [values]}."""
    if specs is None:
        return {}
    if isinstance(specs, dict):
        return {k: [_param_value(f"{k}={x}", x) if isinstance(x, str) else x
                    for x in (list(v) if isinstance(v, (list, tuple)) else [v])] for k, v in specs.items()}
    out: dict = {}
    for spec in specs:
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*=\s*(.+)", spec or "")
        if not m:
            raise InvalidArgument(f"param {spec!r}: expected NAME=VALUE[,VALUE...], e.g. alpha=2 or delta=1/1000")
        values = [v.strip() for v in m.group(2).split(",")]
        out.setdefault(m.group(1), []).extend(_param_value(spec, v) for v in values)
    return out


def _param_value(spec: str, text: str):
    """One ``--param`` value: an exact integer or fraction as written ("1/1000"), or an exact real constant of
    the safe grammar ("log(2)", "sqrt(2)/2"; parsed, never evaluated as code) as a sympy number."""
    from exactpriv.exact.expressions import parse_expression

    if re.fullmatch(r"-?\d{1,12}(/\d{1,12})?", text):
        return text
    try:
        value = parse_expression(text, symbols={}, name=f"param {spec!r}", max_length=200)
    except ExactPrivError as exc:
        raise InvalidArgument(f"param {spec!r}: {text!r} is not an exact number: values are integers, fractions "
                              f"like 1/1000 or exact constants like log(2) ({exc})") from None
    if not (value.is_real and value.is_finite) or value.has(sympy.zoo, sympy.nan):
        raise InvalidArgument(f"param {spec!r}: {text!r} is not a finite real number")
    return value


def _notion(name: str, params: dict, role: str) -> Notion:
    if name not in REGISTRY:
        raise InvalidArgument(f"unknown measure {name!r} for {role}; known: {', '.join(REGISTRY)}")
    if name == "approx_dp":
        if "delta" in params:
            return Notion("approx_dp", at="epsilon", delta="delta")
        if "epsilon" in params:
            return Notion("approx_dp", at="delta", eps="epsilon")
        raise InvalidArgument(f"measure 'approx_dp' for {role} is a profile, not a number: give --param delta=... "
                              "(its tightest eps at delta) or --param epsilon=... (its delta at epsilon)")
    kw = {k: k for k in REGISTRY[name].defaults if k in params}
    return Notion(name, **kw)


def _bound_expr(bound: str, params: list):
    from exactpriv.exact.expressions import parse_expression

    symbols = {"eps": EPS, **{p.name: p.symbol for p in params}}
    expr = parse_expression(bound, symbols=symbols, name="bound")
    extra = expr.free_symbols - set(symbols.values())
    if extra:
        raise InvalidArgument(f"bound {bound!r} uses undeclared symbols {sorted(map(str, extra))}: give them "
                              "with --param NAME=VALUE")
    return expr


#: (bound, parameter points) -> monotone: every unit of a conjecture rebuilds the same claim
_MONOTONE_CACHE: dict = {}


def _monotone(expr, params: list) -> bool:
    """Whether the bound is non-decreasing in eps at every parameter point (certified, else False): the
    enclosure logic of :func:`exactpriv.claims.forms.implication` relies on it."""
    if not expr.has(EPS):
        return True
    key = (sympy.srepr(expr), tuple((p.name, tuple(map(str, p.values))) for p in params))
    if key not in _MONOTONE_CACHE:
        _MONOTONE_CACHE[key] = _prove_monotone(expr, params)
    return _MONOTONE_CACHE[key]


def _prove_monotone(expr, params: list) -> bool:
    from exactpriv.certify import prove_inequality

    d = sympy.diff(expr, EPS)
    for point in itertools.product(*(p.values for p in params)):
        dp = d.xreplace({p.symbol: sympy.sympify(v) for p, v in zip(params, point)})
        try:
            if prove_inequality(dp, ">=", 0).verdict != "PROVED":  # the effort decides, never the clock
                return False
        except Exception:  # a bound the certifier cannot handle is simply not known monotone
            return False
    return True


@dataclass(frozen=True)
class ConjectureUnit:
    """One deterministic piece of a conjecture's search: a space, and either its structured seeds only
    (``seeds_only``) or hypothesis search there.  Everything in it is plain data (strings, numbers), so a
    unit can be shipped to another process and rebuilt there."""

    index: int
    space: str
    seeds_only: bool
    share: float


def conjecture_units(space: str | None = None, operator: str | None = None) -> list[ConjectureUnit]:
    """The units of a conjecture, in the order that decides which refutation wins (see the module head); an
    operator may climb its own spaces (subsampling: the add/remove spaces)."""
    if space is not None:
        return [ConjectureUnit(0, space, False, 1.0)]
    levels = operator_levels(operator) or [f"hamming:m={m},n={n}" for m, n in X.ESCALATION if m ** n <= X.MAX_POINTS]
    units = [ConjectureUnit(i, spec, True, SEED_SHARE / len(levels)) for i, spec in enumerate(levels)]
    units += [ConjectureUnit(len(levels) + i, spec, False, (1 - SEED_SHARE) / len(levels))
              for i, spec in enumerate(levels)]
    return units


def unit_examples(unit: ConjectureUnit, units: list, max_examples: int | None) -> int:
    """The examples ``unit`` draws: none for a seed unit; for a search unit ``max_examples`` (per level) when
    given, else its share of the ``examples`` of the effort in force (the search units' shares sum to 1)."""
    if unit.seeds_only:
        return 0
    if max_examples is not None:
        return max_examples
    search = sum(u.share for u in units if not u.seeds_only)
    return max(1, math.ceil(examples_of(None) * unit.share / search))


def _validate(seconds, prior, max_examples):
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < float("inf")):
        raise InvalidArgument(f"seconds={seconds!r} must be a finite positive number or None (no time limit)")
    if prior not in PRIOR_KINDS:
        raise InvalidArgument(f"prior={prior!r} must be one of {', '.join(map(repr, PRIOR_KINDS))}")
    if max_examples is not None and (isinstance(max_examples, bool) or not isinstance(max_examples, int)
                                     or max_examples < 0):
        raise InvalidArgument(f"max_examples={max_examples!r} must be a non-negative integer or None")


def _unit_task(task):
    """Run one unit of a conjecture (in this process or on a worker)."""
    unit, kw = task
    with seeded_random(unit.index):  # the global `random` state never depends on the process (as a hunt's shards)
        return run_unit(unit, **kw)


def conjecture(*, given: str, measure: str, bound: str, params=None, space: str | None = None,
               seconds: float | None = None, seed: int = 0, prior: str = "any", max_outputs: int = 3,
               max_examples: int | None = None, workers: int = 0, scheduler: str | None = None,
               processes: bool = True, progress=None, by_reduction: bool = True, operator: str | None = None,
               tight: bool = False) -> ConjectureResult:
    """Hunt a counterexample to "given(M) = eps  =>  measure(M) <= bound(eps, params)"; see the module head.

    operator : measure the conclusion on an operator's output, "given(M) = eps => measure(op(M)) <= bound":
        "k_fold", "compose" (param k: the k-fold composition by exact composition accounting, k up to 10,000, for
        pure_dp and approx_dp), "group" (param k), "subsample" (param q), "post_process" (a kernel drawn with M);
        :mod:`counterexamples.conjecture_operators`
    tight : also ask "is the bound attained?" on the symbolic extremal families (RR(m, ε), the truncated
        geometric): ``extra["tight"]`` (:mod:`counterexamples.conjecture_tightness`); the verdict stays the bound's
    prior : "any", "independent", "correlated" or "uniform" (for prior-dependent measures)

    by_reduction : first try to prove the implication for every mechanism by reduction to randomized response
        (issue 27): PROVED with the chain as note, no search; False hunts in every case

    params : {name: value or [values]} (or CLI strings "alpha=2"): the symbols of the bound other than eps,
        and the parameters of the notions (renyi_dp's alpha, approx_dp's delta / epsilon)
    space : search this space only (else escalate)
    max_examples : drawn instances per level searched (None: the effort's ``examples``, shared by the levels)
    seconds : a time limit for the whole conjecture (None: none); what it stops is STOPPED
    workers, scheduler : run the units on a local dask cluster or an existing one (default: in this process)
    progress : ``progress(units done, units, refuted)``
    """
    _validate(seconds, prior, max_examples)
    validate_pool(workers, scheduler)
    if not isinstance(tight, bool):
        raise InvalidArgument(f"tight={tight!r} must be a bool")
    check_operator(operator, parse_params(params))
    units = conjecture_units(space, operator)
    conjecture_claim(given=given, measure=measure, bound=bound, params=params, space=units[0].space, prior=prior,
                     max_outputs=max_outputs, operator=operator)  # bad arguments fail before any search
    out = _hunt(given=given, measure=measure, bound=bound, params=params, units=units, seconds=seconds, seed=seed,
                prior=prior, max_outputs=max_outputs, max_examples=max_examples, workers=workers,
                scheduler=scheduler, processes=processes, progress=progress, by_reduction=by_reduction,
                operator=operator)
    if operator is not None:
        out.extra["operator"] = operator
    if tight and out.verdict not in (Verdict.REFUTED, Verdict.STOPPED):
        from counterexamples.conjecture_tightness import attained

        values = parse_params(params)
        out.extra["tight"] = attained(
            given=given, measure=measure, bound=bound, given_notion=_notion(given, values, "--given"),
            measure_notion=operator_notion(_notion(measure, values, "--measure"), operator),
            params=[_param(name, vals, operator) for name, vals in values.items()], operator=operator,
            proved_by_reduction=out.extra.get("proof", {}).get("method") == "reduction")
    return out


def _hunt(*, given, measure, bound, params, units, seconds, seed, prior, max_outputs, max_examples, workers,
          scheduler, processes, progress, by_reduction, operator) -> ConjectureResult:
    """The bound's verdict: PROVED by reduction, or the units' search (the first refutation wins)."""
    proved = proved_by_reduction(given=given, measure=measure, bound=bound, params=params, space=units[0].space,
                                 prior=prior, max_outputs=max_outputs, seed=seed,
                                 operator=operator) if by_reduction else None
    if proved is not None:
        return proved
    t0 = time.perf_counter()
    deadline_at = None if seconds is None else time.time() + seconds
    kw = dict(given=given, measure=measure, bound=bound, params=params, prior=prior, seed=seed,
              max_outputs=max_outputs, deadline_at=deadline_at, operator=operator)
    tasks = [(u, {**kw, "max_examples": unit_examples(u, units, max_examples)}) for u in units]
    got: dict = {}
    first = [len(units)]

    def on_result(task, res):
        got[task[0].index] = res
        if res.verdict is Verdict.REFUTED:
            first[0] = min(first[0], task[0].index)
        if progress is not None:
            progress(len(got), len(units), int(first[0] < len(units)))

    with effort.deadline(seconds, what="conjecture"), Pool(workers, scheduler, processes) as pool:
        try:
            pool.run(_unit_task, tasks, on_result=on_result,
                     cancelled=lambda t: t[0].index > first[0] or effort.stop_requested())
        except KeyboardInterrupt:  # keep what arrived: the levels searched so far
            pass
    parts = [got[u.index] for u in units if u.index in got and u.index <= first[0]]
    if not parts:
        return ConjectureResult(Verdict.STOPPED, given, measure, bound, seconds=time.perf_counter() - t0, seed=seed,
                                note="interrupted before any level was searched")
    out = merge_units(parts, seconds=time.perf_counter() - t0)
    missing = [u.space + (" (seeds)" if u.seeds_only else " (search)") for u in units
               if u.index < first[0] and u.index not in got]
    if missing and out.verdict is not Verdict.REFUTED:  # Ctrl-C: the plan was not searched
        out.verdict = Verdict.STOPPED
        out.note = "; ".join(filter(None, [out.note, f"interrupted before {len(missing)} units: "
                                                     f"{', '.join(missing[:3])}"]))
    return out


def proved_by_reduction(*, given, measure, bound, params, space, prior, max_outputs,
                        seed: int = 0, operator: str | None = None) -> ConjectureResult | None:
    """PROVED for every mechanism when the notions admit a reduction to randomized response and its chain goes
    through (exactpriv.claims.by_reduction, issue 27): no search is needed then.  None otherwise (the hunt
    decides), and also when the reduction finds the bound false on the extremal family: the hunt then finds and
    replays a concrete witness."""
    claim, reading, _, _ = conjecture_claim(given=given, measure=measure, bound=bound, params=params, space=space,
                                            prior=prior, max_outputs=max_outputs, operator=operator)
    if reading.prove is None:
        return None
    t0 = time.perf_counter()
    decision = reading.prove()
    if not decision.is_true:
        return None
    out = ConjectureResult(Verdict.PROVED, given, measure, bound, seconds=time.perf_counter() - t0,
                           searched="no search: proved for every mechanism by reduction", seed=seed,
                           note=decision.reason)
    out.extra["proof"] = {"method": decision.method, "reason": decision.reason}
    return out


def merge_units(parts: list, *, seconds: float) -> ConjectureResult:
    """The conjecture's result from its units' results in unit order: the first refutation wins."""
    refuted = [p for p in parts if p.verdict == Verdict.REFUTED]
    last = refuted[0] if refuted else parts[-1]
    if not refuted:
        # a unit the deadline stopped before it checked anything was not searched: it is listed, not counted
        reached = [p for p in parts if p.extra.get("reached", True)]
        skipped = [f"{p.extra.get('space', '?')} ({'seeds' if p.extra.get('seeds_only') else 'search'})"
                   for p in parts if not p.extra.get("reached", True)]
        if skipped or any(p.verdict == Verdict.STOPPED for p in reached):
            # the clock ended the escalation (or a unit's stated examples) before the plan was searched:
            # not a verdict about the bound (issue 19)
            last.verdict = Verdict.STOPPED
        elif reached and all(p.verdict == Verdict.CHECKED for p in reached):
            last.verdict = Verdict.CHECKED
        else:
            last.verdict = Verdict.UNDECIDED
        notes = [f"{p.searched}: {p.note}" for p in reached if p.note]
        if skipped:
            notes.append(f"not reached before the time limit: {', '.join(dict.fromkeys(skipped))}")
        last.note = "; ".join(dict.fromkeys(notes))
    upto = parts.index(last) + 1
    last.tried = sum(p.tried for p in parts[:upto])
    errors = [e for p in parts[:upto] for e in p.extra.get("errors", ())]
    if errors:
        last.extra["errors"] = errors
    last.extra["counts"] = {k: sum(p.extra.get("counts", {}).get(k, 0) for p in parts[:upto])
                            for k in ("true", "false", "undecided", "error", "outside")}
    last.searched = "; ".join(p.searched for p in parts[:upto] if p.extra.get("reached", True))
    last.seconds = seconds
    return last


#: the claims built by :func:`conjecture_claim`, most recent last (at most :data:`_BUILT_KEEP`)
_BUILT: dict = {}
_BUILT_KEEP = 16


def conjecture_claim(*, given, measure, bound, params, space, prior, max_outputs, seeds_only: bool = False,
                     operator: str | None = None):
    """The declarative claim of the conjecture on one space (and its reading's search strategy); the same claim
    for a unit of seeds and one of search (``seeds_only`` is accepted from callers and changes nothing).

    Memoised per process by the arguments (their JSON, floats and strings kept apart): the seed unit and the
    search unit of a level then hunt the *same* reading object, so the search unit finds the seeds' results
    in the hunt's family memo (:func:`counterexamples.hunt.family_memo`) instead of checking them again."""
    key = json.dumps(dict(given=given, measure=measure, bound=bound, params=params, space=space, prior=prior,
                          max_outputs=max_outputs, operator=operator), sort_keys=True, default=repr)
    if key not in _BUILT:
        built = _build_claim(given=given, measure=measure, bound=bound, params=params, space=space, prior=prior,
                             max_outputs=max_outputs, operator=operator)
        while len(_BUILT) >= _BUILT_KEEP:
            _BUILT.pop(next(iter(_BUILT)))
        _BUILT[key] = built
    return _BUILT[key]


def _param(name: str, vals: list, operator: str | None) -> Param:
    op = parameter_domain(operator, name)
    if op is not None:
        return Param(name, vals, op[0], integer=op[1])
    return Param(name, vals, _DOMAINS.get(name, "(-oo, oo)"))


def _seeds(sp, needs_prior: bool, prior: str, operator: str | None) -> list:
    """The structured seeds of a level (with kernels for post-processing)."""
    if isinstance(sp, Hamming):
        out = X.extremal_instances(sp, with_prior=needs_prior, prior_kind=prior)
    elif isinstance(sp, Subsets):
        out = [Instance(f"count + truncated geometric (exp_eps={a})", X.subset_count(sp, a)) for a in X.EXP_EPS_LEVELS[:4]]
    else:
        out = []
    return attach_kernels(out) if operator == "post_process" else out


def _rational_only(values: dict, given: str, measure: str, operator: str | None) -> None:
    """Refuse an irrational value of a parameter that an operator or a notion reads: those are computed exactly
    only at rational values.  Irrational constants are read where the engine computes with them exactly: the
    ε of ``approx_dp``'s δ at ε (e^ε may be irrational) and parameters of the bound alone."""
    for name, vals in values.items():
        bad = next((v for v in vals if isinstance(v, sympy.Basic) and not v.is_Rational), None)
        if bad is None:
            continue
        if parameter_domain(operator, name) is not None:
            why = f"it is the operator {operator!r}'s parameter, and the operator builds a mechanism of exact " \
                  "rational entries"
        elif name == "delta" and "approx_dp" in (given, measure):
            why = "approx_dp's tightest ε at δ is computed exactly for rational δ"
        else:
            readers = [n for n in (given, measure) if n in REGISTRY and name in REGISTRY[n].defaults]
            if not readers:
                continue  # read by the bound alone: any exact constant
            why = f"it is a parameter of {readers[0]}, computed exactly only at rational values"
        raise InvalidArgument(f"param {name}={bad}: must be rational here: {why}; give a fraction such as 7/10 "
                              f"(irrational constants are accepted in the bound and as approx_dp's epsilon)")


def _build_claim(*, given, measure, bound, params, space, prior, max_outputs, operator=None):
    _validate(1, prior, None)
    values = parse_params(params)
    check_operator(operator, values)
    check_composed_measure(operator, measure)
    _rational_only(values, given, measure, operator)
    plist = [_param(name, vals, operator) for name, vals in values.items()]
    g, m = _notion(given, values, "--given"), operator_notion(_notion(measure, values, "--measure"), operator)
    expr = _bound_expr(bound, plist)
    sp = parse_space(space)
    needs_prior = REGISTRY[given].needs_prior or REGISTRY[measure].needs_prior
    if operator == "subsample" and not isinstance(sp, Subsets):
        raise InvalidArgument(f"operator 'subsample' acts on the add/remove space: give --space subsets:n=... "
                              f"(got {space!r})")

    def seeds():
        return _seeds(sp, needs_prior, prior, operator)

    shown = f"{measure}({operator}(M))" if operator else measure
    claim = implication_claim("conjecture", given=g, measure=m, bound=bound, params=plist,
                              families=[Family("extremal and structured seeds", seeds)],
                              monotone=_monotone(expr, plist), reading="conjecture",
                              title=f"{given} => {shown} <= {bound}", source="user conjecture")
    reading = claim.readings[0]
    names = [p.name for p in plist]
    points = [dict(zip(names, pt)) for pt in itertools.product(*(p.values for p in plist))] or [{}]

    @st.composite
    def instances(draw):
        if draw(st.booleans()):
            M = draw(S.mechanisms(sp, max_outputs=max_outputs))
        else:
            M = draw(X.extreme_mechanisms(sp, max_outputs=max_outputs))
        p = None
        if needs_prior:
            p = Prior.uniform(sp) if prior == "uniform" else draw(S.priors(sp, kind=prior, full_support=False))
        point = draw(st.sampled_from(points))
        label = "conjecture instance" + ("[" + ",".join(f"{k}={v}" for k, v in point.items()) + "]" if point
                                         else "")
        extra = {"kernel": draw(kernels(len(M.outputs), max_outputs=max_outputs))} if operator == "post_process" \
            else {}
        return Instance(label, M, p, params=dict(point), extra=extra)

    reading.strategy = instances()
    return claim, reading, sp, needs_prior


def run_unit(unit: ConjectureUnit, *, given: str, measure: str, bound: str, params=None, prior: str = "any",
             seconds: float | None = None, deadline_at: float | None = None, seed: int = 0, max_outputs: int = 3,
             max_examples: int | None = None, operator: str | None = None) -> ConjectureResult:
    """Run one unit (see :class:`ConjectureUnit`): the claim is rebuilt from the arguments, so this runs the
    same on any worker.  ``max_examples``: the examples a search unit draws (None: the effort's); a seed unit
    draws none.  ``seconds`` / ``deadline_at`` (a ``time.time()`` instant): time limits that only stop it."""
    claim, reading, sp, needs_prior = conjecture_claim(given=given, measure=measure, bound=bound, params=params,
                                                       space=unit.space, prior=prior, max_outputs=max_outputs,
                                                       operator=operator)
    t0 = time.perf_counter()
    if deadline_at is not None:
        left = max(1e-3, deadline_at - time.time())
        seconds = left if seconds is None else min(seconds, left)
    res = hunt_reading(claim, reading, seconds=seconds, seed=seed,
                       max_examples=0 if unit.seeds_only else max_examples,
                       local_steps=0 if unit.seeds_only else 400)
    what = "extremal seeds" if unit.seeds_only else "search"
    out = ConjectureResult(res.verdict, given, measure, bound, seconds=time.perf_counter() - t0, tried=res.tried,
                           searched=f"{what}: {res.tried} exact instance{'' if res.tried == 1 else 's'} on {unit.space}"
                                    + (f" with {prior} priors" if needs_prior else ""), seed=seed, note=res.note)
    out.extra["counts"] = res.counts
    out.extra["unit"] = unit.index
    out.extra["space"] = unit.space
    out.extra["seeds_only"] = unit.seeds_only
    out.extra["reached"] = not (res.tried == 0 and res.stopped_by == "deadline")
    if params:
        out.extra["params"] = {k: [str(v) for v in vs] for k, vs in parse_params(params).items()}
    if res.errors:
        out.extra["errors"] = res.errors
    if res.witness is not None:
        w = res.witness
        out.witness = {"mechanism": io.to_json(w.mechanism),
                       "prior": None if w.prior is None else io.to_json(w.prior),
                       "params": {k: str(v) for k, v in w.params.items()}, "label": w.label}
        if "kernel" in w.extra:
            out.witness["kernel"] = write_kernel(w.extra["kernel"])
        out.given_value = _sstr(res.values.get("A"))
        out.measure_value = _sstr(res.values.get("B"))
        out.bound_value = _sstr(res.values.get("bound"))
        out.extra["found_by"] = res.found_by
    return out
