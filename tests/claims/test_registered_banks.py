"""The installed banks' entry points are listed once per import path (listing reads every distribution's
metadata; report resolved the banks once per claim page)."""

import sys
from importlib.metadata import entry_points

from exactpriv.claims import banks


def test_the_listing_equals_entry_points_and_follows_the_import_path(monkeypatch, tmp_path):
    banks.registered_banks.cache_clear()
    listed = banks.registered_banks()
    assert [ep.name for ep in listed] == [ep.name for ep in entry_points(group=banks.ENTRY_POINT_GROUP)]
    assert banks.registered_banks() is listed  # the same import path: not listed again
    # a directory added to the import path holding a distribution that registers a bank is seen
    dist = tmp_path / "mybank_pkg-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mybank-pkg\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[{banks.ENTRY_POINT_GROUP}]\nmybank = mybank_module\n")
    monkeypatch.setattr(sys, "path", [*sys.path, str(tmp_path)])
    assert "mybank" in [ep.name for ep in banks.registered_banks()]
    assert "mybank" not in [ep.name for ep in listed]
