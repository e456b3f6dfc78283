"""The built-in bank's manifest (theorems/MANIFEST.json) is what the independent checker trusts about the bank:
each reading's kind and statement.  It must say what the loaded bank says."""

from exactpriv.claims.banks import load_bank
from exactpriv.claims.evidence import manifest_json, manifest_path, reading_id

REGENERATE = ('python -c "from exactpriv.claims.banks import load_bank; from exactpriv.claims.evidence import '
              'write_manifest; write_manifest(load_bank(\'papers\'))"')


def test_the_manifest_is_the_loaded_banks():
    bank = load_bank("papers")
    path = manifest_path(bank)
    assert path is not None and path.name == "MANIFEST.json"
    assert path.read_text(encoding="utf-8") == manifest_json(bank), \
        f"theorems/MANIFEST.json is out of date with the bank; regenerate it with {REGENERATE}"


def test_every_reading_is_listed_once_with_a_statement():
    import json

    bank = load_bank("papers")
    doc = json.loads(manifest_json(bank))
    ids = [e["id"] for e in doc["readings"]]
    want = [reading_id(c, r) for c in bank.claims() for r in (c.readings or [None])]
    assert ids == want and len(set(ids)) == len(ids)
    assert all(isinstance(e["statement"], dict) and e["kind"] in ("paper", "convention", "variant")
               for e in doc["readings"])
