"""The classics bank's data-processing garbling, remembered per family member: the plain post-processing."""

from exactpriv.claims import Instance
from exactpriv.mechanisms.operators import post_process
from exactpriv.mechanisms.zoo import randomized_response
from exactpriv.exact.numbers import EPS

from theorems.classics.divergences import GARBLE, _garbled


def test_a_member_is_garbled_once_and_as_the_plain_post_processing():
    for k in (2, 3, 4):
        for M in (randomized_response(k, eps=EPS), randomized_response(k, exp_eps=3)):
            plain = post_process(M, GARBLE[k], outputs=[f"z{j}" for j in range(k)])
            first = _garbled(Instance("m", mechanism=M))
            assert first == plain and first.outputs == plain.outputs and first.rows == plain.rows
            assert _garbled(Instance("again", mechanism=M)) is first  # the same member: remembered
            assert _garbled(Instance("other", mechanism=randomized_response(k, exp_eps=7))) is not first
