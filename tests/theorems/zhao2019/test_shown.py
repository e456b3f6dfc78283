"""theorems.zhao2019.steps.shown: the remembered text of a measure value is exactly ``f"{value}"``."""

from fractions import Fraction

import sympy

from exactpriv.exact.logforms import LogForm
from theorems.zhao2019.instances import _minimal_instances
from theorems.zhao2019.measured import bdp, bsp_measure, sp_measure
from theorems.zhao2019.steps import _shown, shown


def test_shown_is_the_formatted_value_on_the_banks_measures():
    """Every value the readings print (BSP and SP: sympy; BDP: LogForm or a rational), printed through the cache
    twice, equals its plain f-string; sympy values are printed once (the second round only hits)."""
    values = []
    for inst in _minimal_instances():
        values += [bsp_measure(inst.mechanism, inst.prior, "resample").value, sp_measure(inst.mechanism).value,
                   bdp(inst.mechanism, inst.prior).value]
    assert any(isinstance(v, sympy.Basic) and not v.is_Rational for v in values)  # an irrational H(R) is printed
    first = [shown(v) for v in values]
    hits = _shown.cache_info().hits
    assert [shown(v) for v in values] == first == [f"{v}" for v in values]
    n_sympy = sum(isinstance(v, sympy.Basic) for v in values)
    assert _shown.cache_info().hits - hits == n_sympy


def test_equal_values_of_other_types_keep_their_own_text():
    """A sympy value and a Fraction, LogForm or float that compare equal print as themselves."""
    half = sympy.Rational(1, 2)
    assert shown(half) == "1/2" and shown(Fraction(1, 2)) == "1/2"
    assert shown(sympy.Integer(0)) == "0" and shown(0.0) == "0.0" and shown(Fraction(0)) == "0"
    assert shown(sympy.oo) == "oo" and shown(float("inf")) == "inf"
    two = LogForm.log(2)
    assert shown(two) == f"{two}" and shown(sympy.log(2)) == "log(2)"
    # structurally equal sympy values built apart print alike
    assert shown((sympy.sqrt(2) - 1) / (sympy.sqrt(2) + 1)) == str((sympy.sqrt(2) - 1) / (sympy.sqrt(2) + 1))
