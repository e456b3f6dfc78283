"""``import exactpriv`` loads nothing heavy: the public names arrive on first use (PEP 562).

Why it matters: ``exactpriv.checker`` must run without sympy or any other exactpriv module (issue 20), and
the command line parses its arguments before the engine loads (issue 24).  Each check runs in a fresh
interpreter, since this test process has long imported everything.
"""

import json
import subprocess
import sys

import exactpriv


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_import_exactpriv_loads_no_sympy_and_no_submodule():
    out = _fresh("import sys, json, exactpriv; "
                 "print(json.dumps(sorted(m for m in sys.modules if m == 'sympy' or m.startswith(('sympy.', 'flint', 'exactpriv.')))))")
    assert json.loads(out) == []


def test_every_public_name_resolves_and_star_import_gives_all_of_them():
    out = _fresh("import exactpriv; ns = {}; exec('from exactpriv import *', ns); "
                 "print(sorted(n for n in exactpriv.__all__ if n not in ns))")
    assert out.strip() == "[]"
    for name in exactpriv.__all__:
        assert getattr(exactpriv, name) is not None
    assert set(exactpriv.__all__) <= set(dir(exactpriv))


def test_lazy_names_are_the_defining_modules_objects():
    from exactpriv.measures import REGISTRY, compute
    from exactpriv.measures.divergence import pure_dp

    assert exactpriv.MEASURES is REGISTRY
    assert exactpriv.measure is compute
    assert exactpriv.pure_dp is pure_dp


def test_an_unknown_name_is_an_attribute_error_naming_it():
    try:
        exactpriv.no_such_name  # noqa: B018
    except AttributeError as e:
        assert "no_such_name" in str(e)
    else:
        raise AssertionError("exactpriv.no_such_name resolved")
