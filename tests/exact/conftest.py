"""Fixtures of the exact-layer tests."""

import pytest

from tests.exact.tripwires import no_execution


@pytest.fixture
def tripwires():
    with no_execution() as calls:
        yield calls

