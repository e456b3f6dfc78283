"""The package's public names load on first use and stay the functions after their namesake submodules load."""

import json
import subprocess
import sys


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_a_submodule_loads_without_the_searches_and_the_names_stay_the_functions():
    out = _fresh(
        "import sys, json, counterexamples.archive\n"
        "before = sorted(m for m in ('hypothesis', 'counterexamples.conjecture', 'counterexamples.hunt_claim') "
        "if m in sys.modules)\n"
        "import counterexamples.conjecture, counterexamples.hunt\n"  # the submodules named like the functions
        "import counterexamples as cx\n"
        "from counterexamples import conjecture, hunt, replay\n"
        "from counterexamples.conjecture import conjecture as c0\n"
        "from counterexamples.hunt_claim import hunt as h0\n"
        "from counterexamples.archive import replay as r0\n"
        "ns = {}\n"
        "exec('from counterexamples import *', ns)\n"
        "print(json.dumps([before, cx.conjecture is c0, cx.hunt is h0, cx.replay is r0, conjecture is c0, "
        "hunt is h0, replay is r0, ns['conjecture'] is c0, sorted(set(cx.__all__) - set(dir(cx)))]))")
    assert json.loads(out) == [[], True, True, True, True, True, True, True, []]


def test_a_name_can_be_replaced_and_restored(monkeypatch):
    import counterexamples
    from counterexamples.hunt_claim import hunt

    monkeypatch.setattr(counterexamples, "hunt", "stand-in")
    assert counterexamples.hunt == "stand-in"
    monkeypatch.undo()
    assert counterexamples.hunt is hunt
