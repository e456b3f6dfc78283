"""The checker's Hamming neighbours (witness.hamming_pairs, one coordinate changed at a time) against the definition:
every ordered pair of inputs at Hamming distance 1, in the order the comparison of every pair lists them."""

from __future__ import annotations

import itertools

import pytest

from exactpriv.checker.witness import hamming_pairs, read_space


def _plain(sizes):
    inputs = list(itertools.product(*[range(k) for k in sizes]))
    return inputs, [(a, b) for a, x in enumerate(inputs) for b, z in enumerate(inputs)
                    if sum(u != v for u, v in zip(x, z)) == 1]


@pytest.mark.parametrize("sizes", [[1], [2], [5], [2, 2, 2], [3, 1, 4], [1, 1], [2] * 7, [4, 3]])
def test_hamming_pairs_are_the_pairs_at_distance_one(sizes):
    assert hamming_pairs(sizes) == _plain(sizes)


def test_a_hamming_space_reads_its_pairs_through_them():
    inputs, records, nbrs = read_space({"type": "hamming", "values": ["a", "b", "c"], "n": 3})
    assert (inputs, nbrs) == _plain([3, 3, 3]) and records == [["a", "b", "c"]] * 3
    inputs, records, nbrs = read_space({"type": "subsets", "universe": [1, 2, 3, 4]})
    assert (inputs, nbrs) == _plain([2] * 4)
