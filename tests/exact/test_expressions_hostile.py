"""Hostile inputs to the safe expression grammar (exactpriv.exact.expressions).

One parametrized table; each input must raise its typed error naming the offending token and
column, quickly, while tripwires (tests/exact/tripwires.py) on os.system, subprocess, eval, exec,
open and sympy's string parser prove that nothing was executed.  A static check of the package's
source forbids eval-like calls.
"""

import ast
import ctypes  # noqa: F401 - imported before the tripwires are set: run_bounded's child and pipe use them
import multiprocessing.connection  # noqa: F401
import os
from pathlib import Path

import pytest
import sympy

import exactpriv.exact.expressions as expressions_module
from exactpriv.errors import (
    ExactPrivError,
    InvalidArgument,
    NotExactError,
    UnknownSymbolError,
    UnsafeInputError,
)
from exactpriv.effort import run_bounded
from exactpriv.exact.expressions import MAX_DEPTH, parse_expression

exp, log, sqrt, tanh, Min, Max, R = sympy.exp, sympy.log, sympy.sqrt, sympy.tanh, sympy.Min, sympy.Max, sympy.Rational


# ---------------------------------------------------------------------------------------
# Hostile inputs: (id, text, error, token named in the message, 1-based column or None)

DEEP_PARENS = "(" * 100 + "eps" + ")" * 100
DEEP_UNARY = "-" * 5000 + "1"
LONG_SUM = "+".join(["1"] * 5001)  # 10_001 characters
HOSTILE = [
    ("import-os-system", "__import__('os').system('echo pwned')", UnsafeInputError, "'.system'", 18),
    ("subclasses-walk", "().__class__.__bases__[0].__subclasses__()", UnsafeInputError, "'.__subclasses__'", 27),
    ("dunder-attribute", "eps.__class__", UnsafeInputError, "'.__class__'", 5),
    ("evalf-method", "exp(eps).evalf()", UnsafeInputError, "'.evalf'", 10),
    ("lambda", "lambda: 1", UnsafeInputError, "lambda", 1),
    ("list-comprehension", "[x for x in ()]", UnsafeInputError, "list comprehension", 1),
    ("generator", "Min(x for x in (1, 2))", UnsafeInputError, "generator expression", 4),
    ("string-times-huge", "'a'*10**9", UnsafeInputError, "string literal 'a'", 1),
    ("bytes", "b'\\x00'", UnsafeInputError, "bytes literal", 1),
    ("bad-escape-string", "'\\d' + eps", UnsafeInputError, "string literal", 1),
    ("f-string", "f'{eps}'", UnsafeInputError, "f-string", 1),
    ("walrus", "(y := 1) + y", UnsafeInputError, "assignment expression", 2),
    ("subscript", "exp(eps)[0]", UnsafeInputError, "subscript", 1),
    ("tuple", "(1, 2)", UnsafeInputError, "tuple", 1),
    ("dict", "{1: 2}", UnsafeInputError, "dict display", 1),
    ("conditional", "1 if eps else 2", UnsafeInputError, "conditional expression", 1),
    ("boolean-op", "eps or 1", UnsafeInputError, "boolean operator", 1),
    ("not", "not eps", UnsafeInputError, "'not'", 1),
    ("invert", "~eps", UnsafeInputError, "'~'", 1),
    ("floor-division", "eps // 2", UnsafeInputError, "'//'", 5),
    ("modulo", "eps % 2", UnsafeInputError, "'%'", 5),
    ("matmul", "eps @ eps", UnsafeInputError, "'@'", 5),
    ("keyword-argument", "log(eps, base=2)", UnsafeInputError, "'base='", 10),
    ("double-star-kwargs", "exp(**{})", UnsafeInputError, "'**'", 5),
    ("starred", "Min(*(1, 2))", UnsafeInputError, "starred", 5),
    ("call-of-call", "exp(1)(2)", UnsafeInputError, "bare name", 1),
    ("wrong-arity", "exp(1, 2)", UnsafeInputError, "exp() takes 1", 1),
    ("no-args", "Min()", UnsafeInputError, "Min() takes 1 to 8", 1),
    ("uncalled-function", "exp + 1", UnsafeInputError, "'exp' must be called", 1),
    ("dunder-name", "__builtins__", UnsafeInputError, "'__builtins__'", 1),
    ("underscore-name", "exp(_x)", UnsafeInputError, "'_x'", 5),
    ("bool-literal", "True", UnsafeInputError, "bool literal True", 1),
    ("none-literal", "None", UnsafeInputError, "NoneType literal", 1),
    ("complex-literal", "1j", UnsafeInputError, "complex literal 1j", 1),
    ("ellipsis", "...", UnsafeInputError, "ellipsis", 1),
    ("comparison-in-expression", "eps <= 1", UnsafeInputError, "parse_inequality", 1),
    ("syntax-error", "exp(eps", UnsafeInputError, "not a valid expression", None),
    ("empty", "", UnsafeInputError, "empty expression", 1),
    ("blank", "   ", UnsafeInputError, "empty expression", 1),
    ("statement", "import os", UnsafeInputError, "not a valid expression", 1),
    ("newline", "eps\n+ 1", UnsafeInputError, "line breaks", 4),
    ("unicode-epsilon", "\u03b5 + 1", UnsafeInputError, "write 'eps'", 1),
    ("unicode-leq", "eps \u2264 1", UnsafeInputError, "write '<='", 5),
    ("fullwidth-exp", "\uff45xp(1)", UnsafeInputError, "U+FF45", 1),
    ("deep-parentheses", DEEP_PARENS, UnsafeInputError, f"limit {MAX_DEPTH}", MAX_DEPTH + 1),
    ("deep-unary-minus", DEEP_UNARY, UnsafeInputError, "too deeply nested", None),
    ("deep-function-nesting", "exp(" * 70 + "eps" + ")" * 70, UnsafeInputError, "brackets nested deeper", 260),
    ("deep-unary-nesting", "-" * 70 + "eps", UnsafeInputError, "nested deeper than the limit 64", 65),
    ("too-long", LONG_SUM, UnsafeInputError, "max_length=10000", None),
    ("too-many-nodes", "+".join(["eps"] * 1001), UnsafeInputError, "more than 1000 syntax nodes", None),
    ("tower-9999", "9**9**9**9", UnsafeInputError, "exponent 387420489", 5),
    ("tower-2-10-10", "2**10**10", UnsafeInputError, "exponent 10000000000", 2),
    ("power-of-power", "(2**9999)**9999", UnsafeInputError, "bits", 10),
    ("power-too-many-bits", "3**9000", UnsafeInputError, "14265 bits", 2),
    ("tiny-root", "2**(1/10**100)", UnsafeInputError, "exponent 1/1000", 2),
    ("distributed-power", "(2**5*eps)**10000", UnsafeInputError, "50000 bits", 11),
    ("exp-of-huge-log", "exp(10**9*log(2))", UnsafeInputError, "coefficient of log inside exp", 1),
    ("E-power-of-log", "E**(10**9*log(2))", UnsafeInputError, "coefficient of log inside exp", 2),
    ("big-radicand", "sqrt(" + "7" * 400 + ")", UnsafeInputError, "radicands", 1),
    ("merged-radicands", "sqrt(2**1000+1)*sqrt(2**1000+3)", UnsafeInputError, "product of roots", 16),
    ("exp-merged-radicands", "exp(log(2**800+1)/2 + log(2**800+3)/2)", UnsafeInputError, "roots", 1),
    ("huge-hex-literal", "0x" + "f" * 4000, UnsafeInputError, "integer literal of 16000 bits", 1),
    ("huge-decimal-literal", "9" * 5000, UnsafeInputError, "not a valid expression", None),
    ("too-many-min-args", "Min(" + ",".join(f"eps**{k}" for k in range(1, 10)) + ")", UnsafeInputError,
     "Min() takes 1 to 8", 1),
    ("min-flattening", "Min(Min(1,eps,eps**2,eps**3,eps**4), eps**5, eps**6, eps**7, eps**8)", UnsafeInputError,
     "Min/Max arguments", 1),
    ("unknown-name", "delta + 1", UnknownSymbolError, "'delta'", 1),
    ("unknown-name-later", "eps + 2*x", UnknownSymbolError, "'x'", 9),
    ("open-file", "open('/etc/passwd')", UnknownSymbolError, "unknown function 'open'", 1),
    ("eval-call", "eval('1')", UnknownSymbolError, "unknown function 'eval'", 1),
    ("lowercase-min", "min(eps, 1)", UnknownSymbolError, "did you mean Min", 1),
    ("lowercase-e", "e**eps", UnknownSymbolError, "did you mean E", 1),
    ("sin-not-allowed", "sin(eps)", UnknownSymbolError, "'sin'", 1),
    ("symbol-called", "eps(2)", UnknownSymbolError, "'eps' is not a function", 1),
    ("imaginary-unit", "I*eps", UnknownSymbolError, "complex numbers are not supported", 1),
    ("float-half", "0.5", NotExactError, "write 1/2", 1),
    ("float-in-expression", "exp(0.25*eps)", NotExactError, "write 1/4", 5),
    ("float-exponent", "1e-3", NotExactError, "write 1/1000", 1),
    ("float-huge", "1e400", NotExactError, "exact fraction p/q", 1),
    ("division-by-zero", "eps/0", InvalidArgument, "division by zero", 4),
    ("zero-to-negative", "0**(-1)", InvalidArgument, "undefined", 2),
    ("log-zero", "log(0)", InvalidArgument, "undefined", 1),
    ("log-base-one", "log(2, 1)", InvalidArgument, "undefined", 1),
    ("log-base-zero", "log(2, 0)", InvalidArgument, "log base 0", 1),
    ("oo-minus-oo", "oo - oo", InvalidArgument, "undefined", 4),
    ("zero-times-oo", "0*oo", InvalidArgument, "undefined", 2),
    ("sqrt-negative", "sqrt(-1)", InvalidArgument, "not real", 1),
    ("log-negative", "log(-2)", InvalidArgument, "not real", 1),
]


@pytest.mark.parametrize(
    "text, error, token, column", [case[1:] for case in HOSTILE], ids=[case[0] for case in HOSTILE]
)
def test_hostile_input_raises_typed_error_and_runs_nothing(tripwires, text, error, token, column):
    # parsed in a forked child with 1 GB of address space beyond what it starts with and a 60 s hang
    # guard (no timing assertion): an input that were evaluated rather than refused — 'a'*10**9, a
    # tower of powers — would end in MemoryError or BudgetExceededError, not the typed refusal; the
    # tripwires (eval, exec, os.system, ...) are inherited and what they caught comes back
    kind, message, tripped = run_bounded(_refusal, text, tripwires, seconds=60, what="the hang guard")
    tripwires.extend(tripped)
    assert kind is not None and issubclass(kind, error), (kind, message)
    assert token in message
    if column is not None:
        assert f"at column {column}" in message
    assert message.startswith("expression=")  # the text is named and echoed


def _refusal(text, calls):
    """(type and message of what parse_expression raised, or None, None; the tripwires it set off),
    memory capped.  Not the exception itself: unpickling one can compile code (tblib, installed by
    dask, rebuilds its traceback), which a tripwire would catch."""
    import resource

    fd = os.open("/proc/self/statm", os.O_RDONLY)  # (builtins.open is a tripwire here)
    try:
        pages = int(os.read(fd, 200).split()[0])
    finally:
        os.close(fd)
    cap = pages * os.sysconf("SC_PAGE_SIZE") + (1 << 30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, resource.getrlimit(resource.RLIMIT_AS)[1]))
    try:
        parse_expression(text)
    except Exception as exc:  # noqa: BLE001 - the test checks its type
        return type(exc), str(exc), list(calls)
    return None, None, list(calls)


def test_hostile_table_errors_are_exact_types():
    """UnknownSymbolError must not be confused with UnsafeInputError, nor floats with either."""
    assert issubclass(UnknownSymbolError, InvalidArgument)
    assert not issubclass(UnsafeInputError, InvalidArgument)
    for case_id, text, error, _, _ in HOSTILE:
        with pytest.raises(ExactPrivError) as info:
            parse_expression(text)
        assert type(info.value) is error, case_id


def test_caret_points_at_the_offending_token():
    with pytest.raises(UnsafeInputError) as info:
        parse_expression("exp(eps).evalf()")
    lines = str(info.value).splitlines()
    assert lines[1].strip() == "exp(eps).evalf()"
    caret = lines[2].index("^") - lines[1].index("e")
    assert "exp(eps).evalf()"[caret:].startswith("evalf")


def test_os_system_is_really_trapped(tripwires):
    """The tripwire fixture itself works: a direct call is recorded (then cleared)."""
    with pytest.raises(AssertionError):
        os.system("true")
    assert tripwires == ["os.system"]
    tripwires.clear()


def test_module_never_calls_eval_like_functions():
    """Static check of the source (every module of the package): no eval/exec/compile/sympify/parse_expr/pickle
    calls."""
    package_dir = Path(expressions_module.__file__).parent
    sources = sorted(package_dir.glob("*.py"))
    assert {p.name for p in sources} >= {"__init__.py", "parser.py", "parse.py"}
    forbidden = {"eval", "exec", "compile", "sympify", "parse_expr", "S", "loads", "__import__", "literal_eval"}
    for path, node in ((p, n) for p in sources for n in ast.walk(ast.parse(p.read_text()))):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "re":
                continue  # re.compile compiles a regular expression, not code
            assert called not in forbidden, f"{path.name} line {node.lineno} calls {called}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = {alias.name for alias in node.names} | {getattr(node, "module", None)}
            assert not names & {"pickle", "marshal", "dill", "sympy.parsing", "sympy.parsing.sympy_parser"}


