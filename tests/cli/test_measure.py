"""``exactpriv measure`` reads every file the loader reads — symbolic families, product mechanisms — and
takes notion parameters as ``--param NAME=VALUE``; its output is narrow and readable when piped."""

import json
from fractions import Fraction

import pytest
import sympy

from exactpriv import EPS, io
from exactpriv.cli import main
from exactpriv.exact.kernel import compare
from exactpriv.measures import compute
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import ProductMechanism


@pytest.fixture
def files(tmp_path):
    io.dump(zoo.randomized_response(2, eps=EPS), tmp_path / "sym.json")
    rr = zoo.randomized_response(2, p="3/4")
    other = zoo.randomized_response(2, p="2/3")
    io.dump(ProductMechanism([rr, other]), tmp_path / "prod.json")
    io.dump(rr, tmp_path / "rr.json")
    return tmp_path


def _measures(path):
    return json.loads(path.read_text())["measures"]


def test_symbolic_family_file_gets_closed_forms_that_agree_with_the_numeric_measures(files):
    out = files / "m.json"
    assert main(["measure", str(files / "sym.json"), "--only", "kl_dp,pure_dp,tv_dp", "--json", str(out)]) == 0
    doc = _measures(out)
    # an independent check: each closed form, at eps = log 3, equals the exact numeric measure of RR(log 3)
    numeric = zoo.randomized_response(2, eps=sympy.log(3))
    for name in ("kl_dp", "pure_dp", "tv_dp"):
        closed = io.parse_value(doc[name]["exact"], "$", symbols=(EPS,))
        at = sympy.simplify(closed.subs(EPS, sympy.log(3)))
        assert compare(at, "==", compute(name, numeric).value).is_true, name


def test_symbolic_family_takes_alpha_and_epsilon(files):
    out = files / "m.json"
    assert main(["measure", str(files / "sym.json"), "--only", "renyi_dp,approx_dp", "--param", "alpha=3",
                 "--param", "epsilon=1/2", "--json", str(out)]) == 0
    doc = _measures(out)
    assert doc["renyi_dp"]["witness"]["alpha"] == "3"
    assert doc["approx_dp"]["at"] == {"epsilon": "1/2"}
    # δ(1/2) of RR(eps) at eps = log 3 equals the exact profile of RR(log 3) at 1/2
    closed = io.parse_value(doc["approx_dp"]["exact"], "$", symbols=(EPS,))
    numeric = compute("approx_dp", zoo.randomized_response(2, eps=sympy.log(3))).value.delta(Fraction(1, 2))
    assert compare(closed.subs(EPS, sympy.log(3)), "==", numeric).is_true


def test_symbolic_approx_dp_without_epsilon_is_a_clear_error(files, capsys):
    assert main(["measure", str(files / "sym.json"), "--only", "approx_dp"]) == 1
    assert "--param epsilon" in capsys.readouterr().err


def test_product_mechanism_file_is_measured_like_its_expansion(files):
    out = files / "m.json"
    assert main(["measure", str(files / "prod.json"), "--only", "pure_dp,kl_dp,tv_dp", "--json", str(out)]) == 0
    doc = _measures(out)
    joint = io.load(files / "prod.json").expand()
    for name in ("pure_dp", "kl_dp", "tv_dp"):
        assert doc[name]["exact"] == sympy.sstr(sympy.sympify(compute(name, joint).value)), name


def test_param_alpha_changes_the_order(files):
    a2, a3 = files / "a2.json", files / "a3.json"
    assert main(["measure", str(files / "rr.json"), "--only", "renyi_dp", "--json", str(a2)]) == 0
    assert main(["measure", str(files / "rr.json"), "--only", "renyi_dp", "--param", "alpha=3",
                 "--json", str(a3)]) == 0
    M = io.load(files / "rr.json")
    assert _measures(a3)["renyi_dp"]["exact"] == sympy.sstr(sympy.sympify(compute("renyi_dp", M, alpha=3).value))
    assert _measures(a2)["renyi_dp"]["exact"] != _measures(a3)["renyi_dp"]["exact"]


def test_approx_dp_views_by_param(files):
    out = files / "m.json"
    assert main(["measure", str(files / "rr.json"), "--only", "approx_dp", "--param", "delta=1/10",
                 "--json", str(out)]) == 0
    at = _measures(out)["approx_dp"]["at"]
    profile = compute("approx_dp", io.load(files / "rr.json")).value
    eps = io.parse_value(at["epsilon"], "$", symbols=())
    assert compare(profile.delta(eps), "==", Fraction(1, 10)).is_true   # the tightest ε at δ = 1/10


@pytest.mark.parametrize("args, message", [
    (["--param", "alpa=3"], "did you mean alpha"),
    (["--only", "kl_dp", "--param", "alpha=3"], "add them with --only"),
    (["--param", "alpha=0.5"], "exact integer or fraction"),
    (["--param", "alpha=2", "--param", "alpha=3"], "given twice"),
    (["--only", "approx_dp", "--param", "epsilon=1", "--param", "delta=1/2"], "give one"),
])
def test_bad_params_are_typed_errors(files, capsys, args, message):
    assert main(["measure", str(files / "rr.json"), *args]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: InvalidArgument") and message in err


def test_piped_output_is_narrow_and_has_no_python_reprs(files, capsys):
    prior = files / "prior.json"
    from exactpriv.distributions import Prior

    io.dump(Prior.uniform(io.load(files / "prod.json").inputs), prior)
    assert main(["measure", str(files / "prod.json"), "--prior", str(prior)]) == 0
    out = capsys.readouterr().out
    lines = out.rstrip("\n").split("\n")
    assert lines[0].startswith("measures of ") and max(map(len, lines)) <= 120
    assert "('" not in out and '{"' not in out
    assert any(ln.startswith("kl_dp ") for ln in lines)      # one block per measure, name first


def test_every_optional_argument_shows_its_default():
    import argparse

    from exactpriv.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) >= {"verify", "measure", "hunt", "conjecture", "prove", "replay", "list", "report"}
    for name in sub.choices:   # every subcommand, report included
        for action in sub.choices[name]._actions:
            if action.option_strings and not action.required and action.dest not in ("help", "debug") \
                    and action.help != argparse.SUPPRESS:
                assert "default" in (action.help or ""), (name, action.dest)


def test_long_enclosure_ends_are_shown_rounded_outward():
    from exactpriv.cli.measure import _outward

    third = f"{10**30 + 1}/{3 * 10**30}"                # just above 1/3
    assert _outward(third, 15, down=True) == "0.333333333333333"
    assert _outward(third, 15, down=False) == "0.333333333333334"
    assert _outward(f"-{10**30 + 1}/{3 * 10**30}", 15, down=True) == "-0.333333333333334"
    assert _outward("1/3", 15, down=True) == "1/3"     # short exact ends are shown as they are
