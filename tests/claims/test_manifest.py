"""The built-in bank's manifest (theorems/MANIFEST.json) is what the independent checker trusts about the bank:
each reading's kind and statement.  It must say what the loaded bank says."""

import functools

from exactpriv.claims.evidence import manifest_json, manifest_path, reading_id

REGENERATE = ('python -c "from exactpriv.claims.banks import installed_banks as b; from exactpriv.claims.evidence '
              'import document_banks as d, write_manifest as w; [w(x) for x in d(list(b().values()))]"')


def _builtin():
    """The built-in banks (papers, classics: one source directory, so one document and one manifest)."""
    from exactpriv.claims.banks import installed_banks
    from exactpriv.claims.bank_binding import bank_source, document_banks

    banks = [b for b in document_banks(list(installed_banks().values())) if bank_source(b).name == "theorems"]
    assert len(banks) == 1
    return banks[0]


@functools.cache
def _manifest_text() -> str:
    """The manifest the loaded built-in bank gives (~1.3 s of CPU: computed once for both tests)."""
    return manifest_json(_builtin())


def test_the_manifest_is_the_loaded_banks():
    bank = _builtin()
    path = manifest_path(bank)
    assert path is not None and path.name == "MANIFEST.json"
    assert path.read_text(encoding="utf-8") == _manifest_text(), \
        f"theorems/MANIFEST.json is out of date with the bank; regenerate it with {REGENERATE}"


def test_every_reading_is_listed_once_with_a_statement():
    import json

    bank = _builtin()
    doc = json.loads(_manifest_text())
    ids = [e["id"] for e in doc["readings"]]
    want = [reading_id(c, r) for c in bank.claims() for r in (c.readings or [None])]
    assert ids == want and len(set(ids)) == len(ids)
    assert all(isinstance(e["statement"], dict) and e["kind"] in ("paper", "convention", "variant")
               for e in doc["readings"])
