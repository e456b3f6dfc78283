"""The distributed runner (counterexamples.distributed): a two-worker dask cluster gives the same verdicts and
witnesses as the in-process run of the same shards; witnesses are archived as they arrive."""

import json

import pytest

from counterexamples.distributed import SHARDS, hunt_shards, merge_hunt, run_conjecture, run_hunt, run_verify
from exactpriv.claims import Verdict, check_reading
from exactpriv.claims.banks import find_claim
from exactpriv.errors import InvalidArgument

pytest.importorskip("distributed")

#: a claim with readings refuted by their families, refuted by search, and surviving the search
CLAIM = "zhao2019.thm1_conv"


def _signature(results):
    # verdicts and witnesses; not the instance counts, which can differ by one when the in-process run follows
    # other work in the same process (a process-level cache changes whether one drawn instance is memoised)
    return [(r.reading, r.verdict, r.found_by, None if r.witness is None else r.witness.label,
             None if r.witness is None else repr(r.witness.mechanism)) for r in results]


def test_shards_do_not_depend_on_the_workers():
    claim = find_claim(CLAIM)
    a = hunt_shards(claim, seed=3, max_examples=40, parallel=1)
    b = hunt_shards(claim, seed=3, max_examples=40, parallel=2)
    assert [(s.reading, s.index, s.seed, s.max_examples) for s in a] == \
        [(s.reading, s.index, s.seed, s.max_examples) for s in b]
    assert len(a) == SHARDS * len([r for r in claim.readings if r.check is not None])
    assert len({s.seed for s in a}) == SHARDS  # one seed per shard index, shared by the readings


def test_two_workers_match_the_serial_run(tmp_path):
    claim = find_claim(CLAIM)
    serial = run_hunt(claim, seconds=10_000, seed=3, max_examples=24)
    found = tmp_path / "found"
    parallel = run_hunt(claim, seconds=10_000, seed=3, max_examples=24, workers=2, archive=True, directory=found,
                        processes=False)
    assert _signature(parallel) == _signature(serial)
    verdicts = {r.verdict for r in serial}
    assert Verdict.REFUTED in verdicts and Verdict.CHECKED in verdicts  # both kinds of reading are compared
    refuted = [r for r in parallel if r.verdict is Verdict.REFUTED]
    files = sorted(p.name for p in found.iterdir())
    assert files == sorted(f"{CLAIM}--{r.reading}.json" for r in refuted)
    doc = json.loads((found / files[0]).read_text())
    assert doc["kind"] == "witness" and doc["claim"] == CLAIM


def test_conjecture_on_two_workers_matches_serial():
    kw = dict(given="renyi_dp", measure="approx_dp", bound="eps + log(1/delta)/alpha",
              params={"alpha": 2, "delta": "1/1000"}, seconds=10_000, seed=1, max_examples=10)
    a = run_conjecture(**kw)
    b = run_conjecture(**kw, workers=2, processes=False)
    assert a.verdict is b.verdict is Verdict.REFUTED
    assert a.witness == b.witness and a.extra["unit"] == b.extra["unit"]


def test_verify_on_two_workers_matches_serial():
    claims = [find_claim("cuff2016.lemma1"), find_claim(CLAIM)]
    serial = [check_reading(c, r) for c in claims for r in c.readings]
    parallel = run_verify(claims, workers=2, processes=False)
    assert [(r.claim_id, r.reading, r.verdict) for r in parallel] == \
        [(r.claim_id, r.reading, r.verdict) for r in serial]


def test_merge_takes_the_lowest_refuting_shard():
    from counterexamples.hunt import HuntResult

    rs = [HuntResult("c", "r", Verdict.CHECKED, tried=5, counts={"true": 5}),
          HuntResult("c", "r", Verdict.REFUTED, tried=2, found_by="second", counts={"true": 1, "false": 1}),
          HuntResult("c", "r", Verdict.REFUTED, tried=1, found_by="third", counts={"false": 1})]
    m = merge_hunt(rs, seed=0, max_examples=None)
    assert m.verdict is Verdict.REFUTED and m.found_by == "second" and m.tried == 7
    assert m.counts == {"true": 6, "false": 1}


@pytest.mark.parametrize("kw", [{"workers": -1}, {"workers": True}, {"scheduler": ""}, {"seconds": 0},
                                {"max_examples": -2}], ids=str)
def test_bad_options_are_refused(kw):
    args = {"seconds": 1, **kw}
    with pytest.raises(InvalidArgument):
        run_hunt(find_claim(CLAIM), **args)
