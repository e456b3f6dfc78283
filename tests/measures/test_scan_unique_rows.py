"""The hashed row grouping of the KL code scan: same groups as np.unique(axis=0), also when
every hash collides (the verification must fall back to the exact grouping)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exactpriv.measures.engines.scan import codes as sd


def _as_sets(U, first, H):
    assert (H[first] == U).all()
    return {row.tobytes() for row in U}


@settings(deadline=None, derandomize=True, database=None, max_examples=40,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # the patch is the same for every input
@given(seed=st.integers(0, 2**32 - 1), rows=st.integers(1, 60), cols=st.integers(1, 12), top=st.integers(1, 4))
@pytest.mark.parametrize("collide", [False, True])
def test_unique_rows_matches_numpy(monkeypatch, collide, seed, rows, cols, top):
    if collide:  # every row hashes to 0: grouping by hash alone would merge distinct rows
        monkeypatch.setattr(sd, "_HASH_WEIGHTS", np.zeros(1 << 16, dtype=np.int64))
    H = np.random.default_rng(seed).integers(0, top, size=(rows, cols), dtype=np.int64)
    U, first = sd.unique_rows(H)
    V, _ = np.unique(H, axis=0, return_index=True)
    assert _as_sets(U, first, H) == {row.tobytes() for row in V}
    assert len(U) == len(V)
