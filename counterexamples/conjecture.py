"""User conjectures: "every mechanism with given-measure = a has measure <= bound(a)".

``conjecture(given="pure_dp", measure="kl_dp", bound="eps**2/3")`` builds an implication
claim on the fly (the bound is parsed by the safe grammar, ``eps`` standing for the value
of the given measure), hunts it on a space (default one binary record) with random exact
mechanisms — and priors of the chosen kind when a measure needs one — and returns REFUTED
with an exact witness, or CHECKED with what was searched.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import sympy
from hypothesis import strategies as st

from counterexamples import strategies as S
from counterexamples.hunt import hunt_reading
from exactpriv import io
from exactpriv.claims import Claim, Family, Instance, Reading, Verdict, implication
from exactpriv.errors import InvalidArgument
from exactpriv.exact import budget
from exactpriv.exact.numbers import EPS
from exactpriv.measures import REGISTRY, compute
from exactpriv.measures.result import Measured, value_to_sympy
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Bounded, Hamming, Subsets

__all__ = ["ConjectureResult", "conjecture", "parse_space"]

#: conjectures are hunted with random mechanisms on every point: keep spaces small
_MAX_POINTS = 4096
#: measures whose value is not a single number cannot appear in a scalar bound
_NOT_SCALAR = ("approx_dp",)


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
        return {"verdict": self.verdict.value, "given": self.given, "measure": self.measure, "bound": self.bound,
                "witness": self.witness, "given_value": self.given_value, "measure_value": self.measure_value,
                "bound_value": self.bound_value, "seconds": round(self.seconds, 3), "tried": self.tried,
                "searched": self.searched, "seed": self.seed, "note": self.note, **self.extra}


def _sstr(v):
    if v is None:
        return None
    if isinstance(v, Measured):
        if v.value is not None:
            return sympy.sstr(value_to_sympy(v.value))
        return f"[{sympy.sstr(value_to_sympy(v.lower))}, {sympy.sstr(value_to_sympy(v.upper))}]"
    return sympy.sstr(value_to_sympy(v))


#: spaces tried in turn when none is given (smallest first), with their share of the time
ESCALATION = (("hamming:m=2,n=1", 0.3), ("hamming:m=3,n=1", 0.25), ("hamming:m=2,n=2", 0.25),
              ("hamming:m=3,n=2", 0.2))


def conjecture(*, given: str, measure: str, bound: str, space: str | None = None, seconds: float = 30.0,
               seed: int = 0, prior: str = "any", max_outputs: int = 3,
               max_examples: int | None = None) -> ConjectureResult:
    """Hunt a counterexample to "given(M) = eps  =>  measure(M) <= bound(eps)".

    With ``space=None`` the search escalates through :data:`ESCALATION` (one binary record,
    one ternary record, two binary records, two ternary records), splitting the time and
    stopping at the first refutation; otherwise it searches the given space only.  Every instance goes
    through the rules of :mod:`counterexamples.guard` (a measure that raises makes its instance undecided,
    reported with its input); ``max_examples`` bounds the drawn instances per space (then the same seed
    gives the same result on every run, unless the time runs out first).
    """
    if space is not None:
        return _conjecture_on(given=given, measure=measure, bound=bound, space=space, seconds=seconds,
                              seed=seed, prior=prior, max_outputs=max_outputs, max_examples=max_examples)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds < float("inf"):
        raise InvalidArgument(f"seconds={seconds!r} must be a finite positive number")
    t0 = time.perf_counter()
    parts = []
    for spec, share in ESCALATION:
        res = _conjecture_on(given=given, measure=measure, bound=bound, space=spec, seconds=seconds * share,
                             seed=seed, prior=prior, max_outputs=max_outputs, max_examples=max_examples)
        parts.append(res)
        if res.verdict == Verdict.REFUTED or budget.stop_requested():  # Ctrl-C stops the escalation too
            break
    last = parts[-1]
    if last.verdict != Verdict.REFUTED:
        verdict = Verdict.CHECKED if all(p.verdict == Verdict.CHECKED for p in parts) else Verdict.UNDECIDED
        last.verdict = verdict
        last.note = "; ".join(f"{p.searched}: {p.note}" for p in parts if p.note)
    last.tried = sum(p.tried for p in parts)
    errors = [e for p in parts for e in p.extra.get("errors", ())]
    if errors:
        last.extra["errors"] = errors
    last.extra["counts"] = {k: sum(p.extra.get("counts", {}).get(k, 0) for p in parts)
                            for k in ("true", "false", "undecided", "error", "outside")}
    last.searched = "; ".join(p.searched for p in parts)
    last.seconds = time.perf_counter() - t0
    return last


def _conjecture_on(*, given: str, measure: str, bound: str, space: str, seconds: float, seed: int, prior: str,
                   max_outputs: int, max_examples: int | None = None) -> ConjectureResult:
    from exactpriv.exact.expressions import parse_expression

    for name in (given, measure):
        if name not in REGISTRY:
            raise InvalidArgument(f"unknown measure {name!r}; known: {', '.join(REGISTRY)}")
        if name in _NOT_SCALAR:
            raise InvalidArgument(f"measure {name!r} is a profile, not a number; use pure_dp, tv_dp, ... "
                                  f"or check (eps, delta) pairs with exactpriv.measures.approx.is_approx_dp")
    if prior not in ("any", "independent", "correlated"):
        raise InvalidArgument(f"prior={prior!r} must be 'any', 'independent' or 'correlated'")
    bound_expr = parse_expression(bound, symbols={"eps": EPS})
    sp = parse_space(space)
    needs_prior = REGISTRY[given].needs_prior or REGISTRY[measure].needs_prior

    def f(a):
        if a == sympy.oo:
            return sympy.oo if bound_expr.has(EPS) else bound_expr
        return bound_expr.subs(EPS, a)

    def measure_fn(name):
        return lambda inst: compute(name, inst.mechanism, prior=inst.prior)

    @st.composite
    def instances(draw):
        M = draw(S.mechanisms(sp, max_outputs=max_outputs))
        p = draw(S.priors(sp, kind=prior, full_support=False)) if needs_prior else None
        return Instance("conjecture instance", M, p)

    def seeds():
        """Extremal textbook mechanisms shaped like the space (randomized response, the
        exponential mechanism, geometric counts) at several levels, with uniform, skewed and
        (when allowed) correlated priors: where bounds are tight, these are the witnesses."""
        from fractions import Fraction as F

        from exactpriv.distributions import Prior
        from exactpriv.mechanisms import Mechanism

        mechs = []
        if isinstance(sp, Hamming) and sp.n == 1:
            m = len(sp.records[0])
            for a in (F(3), F(2), F(9), F(101, 100), F(100)):
                R = zoo.randomized_response(m, exp_eps=a)
                mechs.append((f"randomized response k={m}, e^eps={a}", Mechanism(sp, R.outputs, R.rows)))
        elif isinstance(sp, Hamming) and len(set(sp.records)) == 1:
            for a in (F(3), F(2), F(9)):
                E = zoo.exponential_mechanism_hamming(list(sp.records[0]), sp.n, exp_eps=a)
                mechs.append((f"exponential mechanism e^eps={a}", Mechanism(sp, E.outputs, E.rows)))
                if len(sp.records[0]) == 2:
                    G = zoo.count_query_geometric(sp.n, exp_eps=a)
                    mechs.append((f"geometric count e^eps={a}", Mechanism(sp, G.outputs, G.rows)))
        priors = [None]
        if needs_prior:
            priors = [Prior.uniform(sp)]
            if sp.records is not None and isinstance(sp, Hamming):
                skew = [[F(1, 3)] + [F(2, 3 * (len(a) - 1))] * (len(a) - 1) for a in sp.records]
                priors.append(Prior.product(sp, skew))
                if prior in ("any", "correlated") and sp.n >= 2:
                    diag = [F(1) if len(set(x)) == 1 else F(0) for x in sp.points]
                    tot = sum(diag)
                    priors.append(Prior(sp, [d / tot for d in diag]))
                    mix = [F(1, 2 * len(sp.points)) + (d / tot) / 2 for d in diag]
                    priors.append(Prior(sp, mix))
            if prior == "correlated":
                priors = [p for p in priors if not p.is_mutually_independent()] or priors
        return [Instance(f"{label}" + ("" if p is None else f", prior {k}"), M, p)
                for label, M in mechs for k, p in enumerate(priors)]

    # the enclosure logic of `implication` needs a non-decreasing bound: prove it, else only
    # exact values of the given measure are used
    monotone = not bound_expr.has(EPS)
    if not monotone:
        from exactpriv.certify import prove_inequality

        try:
            monotone = prove_inequality(sympy.diff(bound_expr, EPS), ">=", 0, seconds=5).verdict == "PROVED"
        except Exception:  # a bound the certifier cannot handle is simply not known monotone
            monotone = False
    reading = Reading("conjecture", f"{measure}(M) <= {bound} with eps = {given}(M)",
                      check=implication(measure_fn(given), measure_fn(measure), f, monotone=monotone),
                      families=[Family("textbook extremal seeds", seeds)])
    reading.strategy = instances()
    claim = Claim("conjecture", f"{given} => {measure} <= {bound}", "user conjecture",
                  f"eps-{given} => ({bound})-{measure}", "implication", [reading])
    t0 = time.perf_counter()
    res = hunt_reading(claim, reading, seconds=seconds, seed=seed, max_examples=max_examples)
    out = ConjectureResult(res.verdict, given, measure, bound, seconds=time.perf_counter() - t0, tried=res.tried,
                           searched=f"{res.tried} exact instances on {sp!r}"
                                    + (f" with {prior} priors" if needs_prior else ""), seed=seed, note=res.note)
    out.extra["counts"] = res.counts
    if res.errors:
        out.extra["errors"] = res.errors
    if res.witness is not None:
        w = res.witness
        out.witness = {"mechanism": io.to_json(w.mechanism),
                       "prior": None if w.prior is None else io.to_json(w.prior)}
        out.given_value = _sstr(res.values.get("A"))
        out.measure_value = _sstr(res.values.get("B"))
        out.bound_value = _sstr(res.values.get("bound"))
        out.extra["found_by"] = res.found_by
    return out
