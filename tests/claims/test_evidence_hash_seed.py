"""Evidence never depends on PYTHONHASHSEED (issue 19, item 6): a witness on a space of sets was written with the
repr of each point — ``frozenset({'a', 'b'})`` in one process, ``frozenset({'b', 'a'})`` in another — so the
same verify run gave different JSON.  Points are now written as canonical data (sorted lists)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from exactpriv.claims.evidence import point_json

ROOT = Path(__file__).resolve().parents[2]

_WITNESS = """
import json
from fractions import Fraction as F
from exactpriv.claims import Instance
from exactpriv.claims.evidence import witness_of
from exactpriv.mechanisms import Mechanism
from exactpriv.spaces import Bounded
sp = Bounded(["a", "b", "c"], 2)  # its points are sets, written as an explicit space
rows = [[F(k + 1, 10), F(9 - k, 10)] for k in range(sp.size)]
print(json.dumps({"set repr": repr(frozenset({"a", "b"})),
                  "witness": witness_of(Instance("sets", Mechanism(sp, [0, 1], rows)))}, sort_keys=True))
"""


def _run(seed: int) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _WITNESS], env=env, capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_witness_on_sets_is_the_same_under_every_hash_seed():
    # two hash seeds under which the repr of the same set differs (so the old evidence differed too)
    runs = {}
    for seed in range(40):
        doc = _run(seed)
        runs.setdefault(doc["set repr"], doc)
        if len(runs) == 2:
            break
    assert len(runs) == 2, "no two hash seeds ordered {'a', 'b'} differently"
    first, second = runs.values()
    assert first["witness"] == second["witness"]
    inputs = first["witness"]["space"]["inputs"]
    assert sorted(inputs) == [["a", "b"], ["a", "c"], ["b", "c"]]  # sorted lists, as data


def test_points_are_canonical_data():
    assert point_json(frozenset({"b", "a"})) == ["a", "b"] == point_json({"a", "b"})
    assert point_json((1, "x", frozenset({3, 2}))) == [1, "x", [2, 3]]
    assert point_json(frozenset()) == [] and point_json(7) == 7 and point_json(True) == "True"
