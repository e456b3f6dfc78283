"""The closed forms' general statements proved by sympy for every size (symbolic n, c, j, k), not only at the sizes the
differential tests run (tests/measures/test_closed_forms.py, test_closed_form_groups.py, mechanisms/test_clamped_lazy.py).

t = e^ε >= 1 and γ = e^{ε'} are written through nonnegative symbols (t = 1 + u, γ = 1 + a, t = γ + b) so that sympy
decides each sign from its assumptions; each statement is an identity or a sign in those symbols, for symbolic
integer sizes.  What is proved:

* truncated geometric (exactpriv.mechanisms.zoo.geometric_family): the lazily read entry C(t)·t^e equals the tail the
  eager build makes by its recurrence L[j] = L[j+1] + W[−j] (and U likewise) for every j, and every row sums to 1
  (L[0] + U[1] = 1, the telescoping of mechanisms/clamped.py's module doc), so the lazy and eager builds are one
  mechanism for every n;
* its neighbouring-row ratios are t or 1/t at every output (pure ε = ε for every n), and
  E_γ(P_c ‖ P_{c+1}) = (t − γ)/(t + 1) for 1 <= γ <= t, for every c and n (the δ formula);
* k-ary randomized response: E_γ(P_x ‖ P_x') = (t − γ)/(t + k − 1) for 1 <= γ <= t and every k >= 2.
"""

from __future__ import annotations

import sympy

a, b = sympy.symbols("a b", nonnegative=True)
j, d, c = sympy.symbols("j d c", integer=True, nonnegative=True)
k = sympy.Symbol("k", integer=True, positive=True)
t = sympy.Symbol("t", positive=True)  # e^ε (the identities hold for every t > 0; the signs use t = γ + b, γ = 1 + a)


def is_zero(expr) -> bool:
    """expr == 0 identically: powers of t combined (t > 0), then cancelled (simplified if that is not enough)."""
    expr = sympy.powsimp(sympy.expand_power_base(expr, force=True), force=True)
    expr = sympy.cancel(sympy.powsimp(sympy.expand(expr), force=True))
    return expr == 0 or sympy.simplify(expr) == 0


def geometric_factors():
    from exactpriv.mechanisms.clamped import T
    from exactpriv.mechanisms.zoo import geometric_family

    fam = geometric_family(__import__("fractions").Fraction(1))
    C = {kind: f.subs(T, t) for kind, f in fam.factors.items()}
    E = {kind: (lambda i, e=fam.exponents[kind]: e.slope * (sympy.Abs(i) if e.absolute else i) + e.offset)
         for kind in fam.exponents}
    return C, E


def test_geometric_tails_are_the_recurrence_of_the_window_and_rows_sum_to_one_for_every_n():
    C, E = geometric_factors()
    L = lambda i: C["lower"] * t ** E["lower"](i)  # noqa: E731
    U = lambda i: C["upper"] * t ** E["upper"](i)  # noqa: E731
    W = lambda i: C["window"] * t ** E["window"](i)  # noqa: E731
    # j >= 0: W[-j] and W[j] have exponent -j
    assert is_zero(L(j) - L(j + 1) - C["window"] * t ** (-j))
    assert is_zero(U(j) - U(j + 1) - C["window"] * t ** (-j))
    assert is_zero(W(-j) - C["window"] * t ** (-j)) and is_zero(W(j) - W(-j))
    assert is_zero(L(0) + U(1) - 1)  # the row total (telescoping), whatever n
    for f in C.values():  # every factor is >= 0 for t = 1 + a >= 1
        assert sympy.factor(f.subs(t, 1 + a)).is_nonnegative


def test_geometric_neighbouring_ratios_are_t_or_1_over_t_for_every_n():
    """P(z|c)/P(z|c+1) with d = c − z >= 0 (z <= c: the window at shifts −d and −d−1, or the lower tails L[c],
    L[c+1]) is t; with d = z − c − 1 >= 0 (z >= c + 1: shifts d + 1 and d, or the upper tails) it is 1/t."""
    C, E = geometric_factors()
    W = lambda i: C["window"] * t ** E["window"](i)  # noqa: E731
    L = lambda i: C["lower"] * t ** E["lower"](i)  # noqa: E731
    U = lambda i: C["upper"] * t ** E["upper"](i)  # noqa: E731
    assert is_zero(W(-d) / W(-d - 1) - t)
    assert is_zero(L(c) / L(c + 1) - t)
    assert is_zero(W(d + 1) / W(d) - 1 / t)
    assert is_zero(U(j + 1) / U(j) - 1 / t)  # U[n−c] / U[n−c−1], j = n − c − 1


def test_geometric_delta_is_t_minus_gamma_over_t_plus_one_for_every_c_and_n():
    """For 1 <= γ <= t only the outputs z <= c have P(z|c) > γ·P(z|c+1) (ratio t there, 1/t above), so
    E_γ = (1 − γ/t)·P(out <= c | c), and P(out <= c | c) = mass(c) = Σ_{d=0}^{c−1} W[−d] + L[c] is t/(t + 1) for
    every c, by induction: mass(0) = L[0] = t/(t + 1), and mass(c + 1) − mass(c) = W[−c] + L[c + 1] − L[c] = 0."""
    C, E = geometric_factors()
    L = lambda i: C["lower"] * t ** E["lower"](i)  # noqa: E731
    W = lambda i: C["window"] * t ** E["window"](i)  # noqa: E731
    assert is_zero(L(0) - t / (t + 1))  # mass(0)
    assert is_zero(W(-c) + L(c + 1) - L(c))  # mass(c + 1) − mass(c), c >= 0
    g = sympy.Symbol("g", positive=True)
    assert is_zero((1 - g / t) * (t / (t + 1)) - (t - g) / (t + 1))
    # the outputs above c contribute nothing: their ratio is 1/t, so each term is P(z|c)·(1 − γ·t) <= 0 for
    # γ = 1 + a >= 1, t = γ + b >= 1
    assert sympy.expand(1 - (1 + a) * (1 + a + b)).is_nonpositive


def test_randomized_response_delta_for_every_k():
    """E_γ(P_x‖P_x') = Σ_y max(0, P(y|x) − γP(y|x')) over y = x, y = x' and the k − 2 others, with γ = 1 + a <= t =
    γ + b: the three kinds of term have signs +, −, − whatever k, so δ = (t − γ)/(t + k − 1)."""
    g = 1 + a
    tt = g + b
    den = tt + k - 1
    terms = {"y = x": sympy.expand(tt - g) / den, "y = x'": sympy.expand(1 - g * tt) / den,
             "other": sympy.expand(1 - g) / den}
    assert terms["y = x"].is_nonnegative
    assert terms["y = x'"].is_nonpositive and terms["other"].is_nonpositive
    delta = sum((sympy.Max(0, v) for v in terms.values()), sympy.Integer(0)) - sympy.Max(0, terms["other"]) + \
        (k - 2) * sympy.Max(0, terms["other"])
    assert is_zero(delta - (tt - g) / den)
