"""Programs compiled for every ε (theorems/programs, the ``all-eps`` readings): the statement lists the compiled
rational functions in exp(−ε/m) with ``"compiled"``; the checker derives pure DP of the family itself (the largest
likelihood ratio, shown to dominate every other on the whole domain by its own root isolation) and names the
compilation as the trusted step.  A tighter bound, an edited entry or an edited bank binding is refused."""

import copy
import math
import random
from fractions import Fraction

import pytest

from exactpriv.checker import FAILED, RE_VERIFIED, check_document
from exactpriv.checker import polys
from exactpriv.checker.families import family_statements

from .evidence import make_bank, make_document


@pytest.fixture(scope="module")
def rnm2():
    """The bank's ding2018.rnm2/all-eps statement and the certificate verify writes for it."""
    from exactpriv.claims.banks import load_bank
    from exactpriv.claims.certificate_search import _family_certificate
    from exactpriv.claims.evidence import reading_form

    claim = next(c for c in load_bank("programs").claims() if c.id == "ding2018.rnm2")
    statement = reading_form(next(r for r in claim.readings if r.name == "all-eps"))
    return statement, _family_certificate(statement)


def _check(tmp_path, statement, certificate, *, manifest_statement=None):
    entry = {"id": "toy.rnm2/all-eps", "kind": "paper", "statement": manifest_statement or statement}
    bank = make_bank(tmp_path / "bank", [entry])
    row = {"id": "toy.rnm2", "reading": "all-eps", "verdict": "PROVED", "statement": statement,
           "certificate": certificate}
    (result,) = check_document(make_document(bank, [row]), bank=bank).rows
    return result


def test_a_compiled_family_is_re_verified_naming_the_compilation(rnm2, tmp_path):
    statement, certificate = rnm2
    assert certificate is not None and statement["families"][0]["compiled"] == "rnm2"
    result = _check(tmp_path, statement, certificate)
    assert result.status == RE_VERIFIED, result.why
    assert "compilation of rnm2" in result.trusted


def test_the_checker_derives_the_worst_ratio_itself(rnm2):
    statement, _ = rnm2
    ((_, derived),) = family_statements(statement)
    # the derived claim is log(R(u)) <= eps for the ratio the checker found largest, not anything from the file
    assert derived["claim"].startswith("log(") and derived["domain"] == {"eps": "(0, oo)"}


def test_a_tighter_bound_is_not_proved_by_the_same_certificate(rnm2, tmp_path):
    statement, certificate = rnm2
    tight = dict(statement, claim="B <= eps/8")  # rnm2's exact ε exceeds ε/8 for large ε
    result = _check(tmp_path, tight, certificate)
    assert result.status != RE_VERIFIED, result.why
    # rnm2's exact ε is ε itself (the derived ratio is e^ε): "< ε" is false at every ε, the chart says so
    strict = _check(tmp_path / "strict", dict(statement, claim="B < eps"), certificate)
    assert strict.status == FAILED, strict.why


def test_an_edited_entry_is_refused(rnm2, tmp_path):
    statement, certificate = rnm2
    forged = copy.deepcopy(statement)
    row = forged["families"][0]["mechanism"][0]
    row[0], row[1] = row[1], row[0]  # still rows of probabilities, but not the bank's compiled program
    result = _check(tmp_path, forged, certificate, manifest_statement=statement)
    assert result.status == FAILED and "differs from the bank's statement" in result.why


def test_a_family_that_is_not_a_mechanism_is_refused(rnm2, tmp_path):
    statement, certificate = rnm2
    forged = copy.deepcopy(statement)
    forged["families"][0]["mechanism"][0][0] = "1"  # the row no longer sums to 1
    assert _check(tmp_path, forged, certificate).status == FAILED


# the flint-backed polynomial algebra against a plain reference from the definitions (Fractions, schoolbook)

def _ref_mul(p, q):
    out = [Fraction(0)] * max(len(p) + len(q) - 1, 0)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            out[i + j] += a * b
    return polys._trim(out)


def _ref_divmod(p, q):
    out, r = [Fraction(0)] * max(len(p) - len(q) + 1, 0), list(p)
    while len(r) >= len(q) and r:
        c, k = r[-1] / q[-1], len(r) - len(q)
        out[k] = c
        for j, b in enumerate(q):
            r[k + j] -= c * b
        r = polys._trim(r)
    return polys._trim(out), r


def _ref_roots(p, lo, hi):
    """Distinct real roots in (lo, hi] by exact bisection on sign changes of the square-free part, at a grid fine
    enough for these small integer roots.  Signs in integers, by Horner's rule: the square-free part times its
    denominators' lcm, at x = m/D with D the grid's common denominator, times D^deg — the signs of the exact
    values (it evaluated Fractions through polys.peval before: the same counts on 80 random cases, 28× slower)."""
    f = polys.squarefree(p)
    scale = math.lcm(*(c.denominator for c in f))
    coeffs = [int(c * scale) for c in f]
    n = len(coeffs) - 1
    den = math.lcm(lo.denominator, hi.denominator) * 4096
    start, step = int(lo * den), int((hi - lo) * den) // 4096  # grid point k is (start + k·step)/den
    powers = [den ** (n - i) for i in range(n + 1)]

    def scaled(m):  # f(m/den) · scale · den^n
        acc = 0
        for i in range(n, -1, -1):
            acc = acc * m + coeffs[i] * powers[i]
        return acc

    vals = [scaled(start + k * step) for k in range(4097)]
    return sum(1 for a, b in zip(vals, vals[1:]) if a * b < 0 or b == 0)


def _random_poly(rng, degree):
    return polys._trim([Fraction(rng.randint(-9, 9), rng.randint(1, 5)) for _ in range(degree + 1)]) or [Fraction(1)]


def test_flint_algebra_agrees_with_a_plain_reference():
    rng = random.Random(20)
    for _ in range(200):
        p, q = _random_poly(rng, rng.randint(0, 9)), _random_poly(rng, rng.randint(0, 6))
        assert polys.pmul(p, q) == _ref_mul(p, q)
        assert polys.pdivmod(p, q) == _ref_divmod(p, q)
        g = polys.pgcd(polys.pmul(p, q), q)
        assert not _ref_divmod(q, g)[1] and g[-1] == 1  # a monic divisor of q, of q's degree
        assert len(g) == len(q)
        x = Fraction(rng.randint(-20, 20), rng.randint(1, 7))
        assert polys.peval(p, x) == sum(c * x ** k for k, c in enumerate(p))
    for _ in range(40):  # products of (u − r) with small integer roots, some repeated
        roots = [rng.randint(-5, 5) for _ in range(rng.randint(1, 6))]
        p = [Fraction(1)]
        for r in roots:
            p = _ref_mul(p, [Fraction(-r), Fraction(1)])
        assert polys.count_roots(p, Fraction(-11, 2), Fraction(11, 2)) == len(set(roots))
        assert polys.count_roots(p, Fraction(-1, 2), Fraction(7, 3)) == _ref_roots(p, Fraction(-1, 2), Fraction(7, 3))
