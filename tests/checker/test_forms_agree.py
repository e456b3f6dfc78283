"""A reading's declarative form states the same thing as its Python check: on the bank's own instances, the
independent checker's truth of the form equals the engine's verdict of the custom code, instance by instance
(inside/outside the hypotheses included).  One test per reading with a form over witnesses (forall-instances);
a form that said less or more than its reading would differ on some instance the bank already lists.

The default run compares every such reading on the first :data:`IN_DEFAULT_RUN` instances of each family (the
bank lists its minimal witnesses and boundary cases first); the slow suite compares the rest, up to
:data:`PER_FAMILY`.  Together they are the sweep this file always made; the split keeps ~6 s of CPU (60% of the
file) out of the default run (issue 24)."""

from __future__ import annotations

import pytest

from exactpriv.checker.errors import NotCheckable
from exactpriv.checker.statements import claim_on
from exactpriv.checker.witness import read_instance
from exactpriv.claims.check import as_outcome
from exactpriv.claims.evidence import reading_form, witness_of
from exactpriv.claims.hypotheses import unmet_hypotheses
from exactpriv.exact.decisions import Truth

#: instances compared per family (the families' first ones; the bank's minimal witnesses come first)
PER_FAMILY = 60
#: of those, the ones the default run compares; the slow suite compares the others
IN_DEFAULT_RUN = 10
#: members of a symbolic family compared: ε = ln t at these t (rational entries)
MEMBERS_AT = ("log(2)", "log(3/2)", "log(7)")


def _instances(fam, start=0, stop=PER_FAMILY):
    """The family's instances number start..stop-1 as (instance, witness); a symbolic family's members at
    MEMBERS_AT."""
    from exactpriv.claims.symbolic import is_symbolic_instance, member

    for k, inst in enumerate(fam.build()):
        if k >= stop:
            return
        if k < start:
            continue
        if is_symbolic_instance(inst):
            for at in MEMBERS_AT:
                m = member(inst, at)
                yield m, witness_of(m)
        else:
            yield inst, witness_of(inst)


#: the two comparisons that cost most (2.4 and 1.8 s: E_i and ε̃_X on every instance of Wang–Ying–Zhang's
#: families) run in the slow suite; their sibling readings (kkt/literal, def_epstilde/finite-any-prior) keep the
#: same forms in the default run
SLOW_FORMS = {"wang2016.kkt/interior", "wang2016.def_epstilde/finite-full-support"}


def _form_readings():
    from exactpriv.claims.banks import installed_banks

    out = []
    for bank in installed_banks().values():
        for claim in bank.claims():
            for reading in claim.readings:
                if not reading.families:
                    continue
                # a form built on first use names its quantifier beforehand: building every compiled program's
                # form for every ε at collection cost each worker ~2.5 s
                lazy = getattr(reading, "form", None)
                quantifier = getattr(lazy, "quantifier", None) if callable(lazy) else None
                if quantifier is None:
                    form = reading_form(reading)
                    quantifier = form.get("quantifier") if isinstance(form, dict) else None
                if quantifier == "forall-instances":
                    rid = f"{claim.id}/{reading.name}"
                    marks = (pytest.mark.slow,) if rid in SLOW_FORMS else ()
                    out.append(pytest.param(claim, reading, id=rid, marks=marks))
    return out


def _parameters(form: dict) -> set:
    """The parameters a forall-instances form's measures read from the witness (an epsilon given by name, as in
    the (ε, δ) reduction readings; an e^ε = t by name, as in Wang–Ying–Zhang's PD-I optimum at t')."""
    return {v for m in (form.get("measures") or {}).values() for k, v in m.items()
            if k in ("epsilon", "t") and isinstance(v, str) and v.isidentifier()}


def _compare(reading, start, stop) -> int:
    """Compare the form with the reading's check on instances start..stop-1 of each family; the number compared."""
    compared = 0
    assert reading_form(reading)["quantifier"] == "forall-instances"  # as its lazy form declared at collection
    wanted = _parameters(reading_form(reading))
    for fam in reading.families:
        if fam.slow:
            continue
        for inst, w in _instances(fam, start, stop):
            if w is None:
                continue  # a symbolic member: decided over its family, not as one witness
            if wanted - set(w.get("params") or {}):
                continue  # the instance fixes no value of the statement's parameters (ε of a reduction reading)
            engine = None if unmet_hypotheses(reading, inst) else as_outcome(reading.check(inst)).decision.truth
            if engine is Truth.UNDECIDED:
                continue
            try:
                checker, _ = claim_on(reading_form(reading), read_instance(w), max_prec=2048)
            except NotCheckable:
                continue
            want = None if engine is None else engine is Truth.TRUE
            assert checker == want, f"{inst.label}: form {checker}, the reading's check {want}"
            compared += 1
    return compared


_READINGS = _form_readings()


@pytest.mark.parametrize("claim,reading", _READINGS)
def test_the_form_agrees_with_the_readings_check_on_its_instances(claim, reading):
    compared = _compare(reading, 0, IN_DEFAULT_RUN)
    if compared == 0 and getattr(reading.expected, "value", reading.expected) != "REFUTED":
        pytest.skip("no instance of this reading is a witness the checker reads (symbolic members only, or enclosed "
                    "values): its form is checked through its proof certificate instead")
    assert compared > 0, "no instance of the reading could be compared"


@pytest.mark.slow
@pytest.mark.parametrize("claim,reading", _READINGS)
def test_the_form_agrees_on_the_families_later_instances(claim, reading):
    if _compare(reading, IN_DEFAULT_RUN, PER_FAMILY) == 0:
        pytest.skip(f"no family of this reading has a comparable instance after its first {IN_DEFAULT_RUN}")
