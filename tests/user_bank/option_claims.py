"""A user's bank file for tests/cli/test_bank_option.py: one true claim and one refuted by RR(k=2, e^eps=3/2)."""

from exactpriv.claims import implication_claim, randomized_responses

CLAIMS = [
    implication_claim("mine.kl", given="pure_dp", measure="kl_dp", bound="Min(eps, eps**2)",
                      families=[randomized_responses(["3/2", 3])]),
    implication_claim("mine.kl3", given="pure_dp", measure="kl_dp", bound="eps**2/3",
                      families=[randomized_responses(["3/2", 3])]),
]
