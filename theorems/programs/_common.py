"""Shared pieces of the programs bank: compiled benchmark mechanisms as instance families, and the claim helper.

A family compiles its program on first use (not when the bank is imported) and keeps it for the process.
"""

from __future__ import annotations


from dataclasses import replace
from functools import cache

import sympy

from exactpriv.claims import Claim, Family, Instance, inequality_claim
from exactpriv.claims.check import as_outcome
from exactpriv.claims.declare import family_form
from exactpriv.claims.notions import as_notion
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms.programs import program_mechanism
from exactpriv.spaces import GraphSpace, Hamming, QueryAnswers

from theorems.programs.algorithms import EPS_VALUE

__all__ = ["AS_WRITTEN", "VARIANT", "all_eps_reading", "benchmark_reading", "claim", "closed_form_shown", "dp_reading", "exact_eps_shown",
           "for_all_eps", "on_space", "showing_exact_eps", "statdp_pairs"]

AS_WRITTEN = dict(expected="REFUTED", finding="as-written")
VARIANT = dict(expected="REFUTED", finding="variant")


def statdp_pairs(n: int) -> GraphSpace:
    """The input pairs of StatDP's pattern generator (Ding et al. 2018 §5), used by DP-Sniper: the all-ones vector
    against one above, one below, one above and the rest below, one below and the rest above, half up half down,
    all above, all below; and the "X" pair (ones then zeros against zeros then ones) — 9 unordered pairs, 18
    ordered."""
    one = (1,) * n
    half = n // 2
    others = [(2,) + (1,) * (n - 1), (0,) + (1,) * (n - 1), (2,) + (0,) * (n - 1), (0,) + (2,) * (n - 1),
              (0,) * half + (2,) * (n - half), (2,) * n, (0,) * n]
    x = ((1,) * half + (0,) * (n - half), (0,) * half + (1,) * (n - half))
    points = list(dict.fromkeys([one, *others, *x]))
    return GraphSpace.from_edges(points, [(one, o) for o in others] + [x])


@cache
def _compiled(program, space):
    return program_mechanism(program, space, name=f"{program.__name__} on {space!r}")


@cache
def _compiled_for_all_eps(program, space, per_eps):
    return program_mechanism(program, space, name=f"{program.__name__} on {space!r} for every ε > 0",
                             symbol=("beta", sympy.exp(-EPS / per_eps)))


def on_space(program, space, *, slow: bool = False, label: str = "", eps=EPS_VALUE, pinned: str = "") -> Family:
    """The family of one instance: ``program`` compiled on ``space``, at the bank's ε (``eps``: the program's).
    ``pinned``: a slow family's instance digest (sha256 of the compiled matrix, the checker's instance digest), so
    its statement binds the instance without compiling it (tests/theorems/programs: a slow test compiles and
    compares)."""
    what = label or repr(space)
    inst_label = f"{program.__name__} on {what}"

    def build():
        yield Instance(inst_label, mechanism=_compiled(program, space), params={"eps": eps})

    pins = ((inst_label, sympy.sstr(eps), pinned),) if pinned else ()
    return Family(f"{program.__name__}-{what}", build, f"{program.__name__} on {what} (exact, discrete noise)",
                  slow=slow, exhaustive=True, pinned=pins)


def for_all_eps(program, space, *, per_eps: int = 4) -> Family:
    """The symbolic family of ``program`` on ``space`` for every ε > 0: the program compiled with its noise base
    β = e^{−ε/per_eps} as a formal variable (every probability an exact rational function of β), decided for all
    ε by the closed-form measures and the certifier."""
    label = f"{program.__name__} on {space!r}, every ε > 0"

    def build():
        yield Instance(label, mechanism=_compiled_for_all_eps(program, space, per_eps), domain="(0, oo)")

    return Family(f"{program.__name__}-{space!r}-all-eps", build, f"{program.__name__} on {space!r} for every ε > 0 "
                  f"(noise base β = e^(−ε/{per_eps}) symbolic)", symbolic=True, exhaustive=True)


def dp_reading(program, space, bound: str, *, bench=None, bench_label: str = "", bench_sha256: str = "",
               eps=EPS_VALUE, **kw) -> Claim:
    """The claim "pure DP of ``program`` on ``space`` ≤ ``bound``" (bound in eps, the program's ε); with ``bench``,
    also on that space (the benchmark's size) as a slow family (``verify --slow``), bound in the statement by
    ``bench_sha256`` when given.  Every instance shows its exact ε (``verify`` prints it and writes it to the
    JSON evidence)."""
    families = [on_space(program, space, eps=eps)]
    if bench is not None:
        families.append(on_space(program, bench, slow=True, label=bench_label, eps=eps, pinned=bench_sha256))
    return _showing(inequality_claim("x", measure="pure_dp", op="<=", bound=bound, families=families, **kw))


def benchmark_reading(program, bench, bench_label: str, *, pinned: str = "", smaller=None, smaller_label: str = "",
                      bound: str = "eps", eps=EPS_VALUE, **kw) -> Claim:
    """The claim "pure DP of ``program`` ≤ ``bound``" at the benchmark's size, for a variant that is refuted: its
    refutation is a check of the benchmark instance itself, so its witness carries the exact ε there (worst pair
    and output) and the checker re-measures it.  With ``pinned`` (the instance's digest) the benchmark family is
    slow (``verify --slow``) and ``smaller`` (a cheaper space of the same pattern) decides the default run; the
    slow family comes first, so ``--slow`` refutes at the benchmark size."""
    families = [on_space(program, bench, slow=bool(pinned), label=bench_label, eps=eps, pinned=pinned)]
    if smaller is not None:
        families.append(on_space(program, smaller, label=smaller_label, eps=eps))
    return _showing(inequality_claim("x", measure="pure_dp", op="<=", bound=bound, families=families, **kw))


def all_eps_reading(program, space, bound: str, *, per_eps: int = 4, eps=EPS_VALUE, **kw) -> Claim:
    """The claim "pure DP of ``program`` on ``space`` ≤ ``bound`` for every ε > 0" (PROVED when the certifier
    shows it on the whole range; its scope is the declared space, named in the statement)."""
    family = for_all_eps(program, space, per_eps=per_eps)
    # declared over a plain stand-in family, then given the symbolic one: a symbolic family's data form (for the
    # independent checker) is built when the claim is declared, which would compile the program at bank import;
    # the form is given as a function instead (built on first use: the manifest, verify's JSON)
    stand_in = Family(family.name, family.build, family.description, exhaustive=True)
    built = inequality_claim("x", measure="pure_dp", op="<=", bound=bound, families=[stand_in], **kw)
    (r,) = built.readings
    def form() -> dict | None:
        return _compiled_form(program, family, bound)

    form.quantifier = "forall-family"  # known before it is built (compiling the program for every ε is not cheap)
    r = replace(r, families=(family,), form=form,
                statement=f"{r.statement}, for every member of the symbolic family {family.description} (for all ε "
                          f"in (0, oo))")
    return _showing(replace(built, readings=[r]), eps=eps)


def _compiled_form(program, family: Family, bound: str) -> dict | None:
    """The forall-family form of "pure DP ≤ bound for every ε > 0" over a compiled program: its rational functions
    listed, each family marked "compiled" (the checker names the compilation as a trusted step)."""
    form = family_form([family], {"B": as_notion("pure_dp")}, f"B <= {bound}")
    if form is not None:
        form["families"] = [dict(f, compiled=program.__name__) for f in form["families"]]
    return form


def _showing(built: Claim, eps=EPS_VALUE) -> Claim:
    (r,) = built.readings
    return replace(built, readings=[replace(r, check=showing_exact_eps(r.check, eps=eps))])


def showing_exact_eps(check, *, eps=EPS_VALUE):
    """``check`` whose outcome also carries ``values["shown"]``: the exact pure ε measured, in nats and in units
    of the program's ε, with the worst pair and output — or, on a family for every ε, its closed form (floats
    here only print an exact value; nothing decides)."""

    def shown_check(inst: Instance):
        out = as_outcome(check(inst))
        b = out.values.get("B")
        if b is not None and getattr(b, "value", None) is not None:
            out.values["shown"] = exact_eps_shown(b.value, b.witness, inst.params.get("eps", eps))
            if out.decision.is_false:  # the statement's measure X: its exact value goes in the refuted row, where
                out.values.setdefault("X", b)  # the checker recomputes it (evidence._values)
        elif out.universal and out.values.get("lhs") is not None:
            out.values["shown"] = closed_form_shown(out.values["lhs"], eps)
        return out

    return shown_check


def _in_eps(value, eps) -> str:
    v = float(sympy.N(value, 30))
    return f"{v:.5f} nats = {v / float(sympy.N(eps, 30)):.3f}·ε"


def exact_eps_shown(value, witness: dict, eps=EPS_VALUE) -> dict:
    """The JSON-ready record of a measured pure ε: exact value, its size in nats and in units of ε, the worst
    pair and output."""
    pair, output = witness.get("pair"), witness.get("output")
    approx = "ε = ∞" if value == sympy.oo or str(value) == "oo" else f"exact ε = {_in_eps(value, eps)}"
    where = f" at {pair[0]} vs {pair[1]} → {output}" if pair else ""
    return {"text": approx + where, "exact": sympy.sstr(value), "pair": [str(p) for p in pair or ()],
            "output": str(output)}


def closed_form_shown(form, eps=EPS_VALUE) -> dict:
    """The record of the exact ε of a family for every ε: its closed form (in ``exact``) and its value at the
    bank's ε."""
    text = sympy.sstr(form)
    short = text if len(text) <= 60 else text[:40] + " … " + text[-15:]
    at = _in_eps(form.subs(EPS, eps), eps)
    return {"text": f"exact ε(ε) = {short} for every ε > 0 (at the bank's ε: {at})", "exact": text}


def claim(id: str, title: str, source: str, quote: str, kind: str, readings: dict) -> Claim:
    """One claim from the single readings of declaratively built claims (as in the classics bank)."""
    out = []
    for name, built in readings.items():
        (r,) = built.readings
        out.append(replace(r, name=name))
    return Claim(id, title, source, quote, kind, out)


#: the default input spaces: every vector of 3 answers in {0, 1} (all pairs are neighbours), and histograms of
#: 2 bins with counts in {0, 1} (one bin changes by one)
SVT_SPACE = QueryAnswers(range(0, 2), n=3)
HIST_SPACE = Hamming([0, 1], 2)
