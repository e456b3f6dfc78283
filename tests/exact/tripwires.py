"""Tripwires proving that parsing executes nothing: every way of running code or touching the system
is replaced by a recorder that fails (used by the expression-grammar tests)."""

import ast
import builtins
import contextlib
import os
import subprocess

from sympy.parsing import sympy_parser


@contextlib.contextmanager
def no_execution():
    """Replace every way of running code or touching the system by a recorder that fails.

    Yields the list of tripped wires, which must stay empty.  ``compile`` stays usable only
    with ``PyCF_ONLY_AST`` (that is ``ast.parse``: it builds a tree and runs nothing).
    """
    calls = []

    def trap(label):
        def tripped(*args, **kwargs):
            calls.append(label)
            raise AssertionError(f"{label} was called with {args!r}")

        return tripped

    real_compile = builtins.compile

    def ast_only_compile(source, filename, mode, flags=0, *args, **kwargs):
        if not flags & ast.PyCF_ONLY_AST:
            calls.append("compile")
            raise AssertionError(f"compile to a code object of {source!r}")
        return real_compile(source, filename, mode, flags, *args, **kwargs)

    wires = [
        (os, "system", trap("os.system")),
        (os, "popen", trap("os.popen")),
        (subprocess, "Popen", trap("subprocess.Popen")),
        (builtins, "eval", trap("eval")),
        (builtins, "exec", trap("exec")),
        (builtins, "open", trap("open")),
        (builtins, "compile", ast_only_compile),
        (sympy_parser, "parse_expr", trap("sympy parse_expr")),
    ]
    saved = [(owner, attr, getattr(owner, attr)) for owner, attr, _ in wires]
    try:
        for owner, attr, replacement in wires:
            setattr(owner, attr, replacement)
        yield calls
    finally:
        for owner, attr, original in saved:
            setattr(owner, attr, original)
    assert calls == [], f"executed: {calls}"
