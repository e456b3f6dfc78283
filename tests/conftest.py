"""Test configuration.

BLAS threads: on the 2-core machines this project runs on, multithreaded OpenBLAS made
729x729 matrix-vector products 10x slower under load (measured while building the capacity
code), so the tests pin BLAS to one thread before numpy is imported.

Assertion rewriting: pytest rewrites the ``assert`` statements of test modules (kept) and of every module of
every distribution that registers a ``pytest11`` plugin.  For exactpriv (its bank-file plugin) and hypothesis
that is the whole library, ~80k lines re-parsed and re-walked in Python by each pytest process (both xdist
workers and every pytest run in a subprocess), about 1.5 s of CPU each when the bytecode cache is off
(PYTHONDONTWRITEBYTECODE, or a fresh clone), for asserts no test looks into.  The marks are narrowed
to the plugin modules themselves before any test module imports the library.
"""

import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

#: distributions whose pytest plugin makes pytest rewrite all their modules -> the plugin modules to keep rewriting
_PLUGIN_PACKAGES = {"exactpriv": ("exactpriv.testing",), "theorems": (), "counterexamples": (),
                    "exactpriv_launcher": (), "hypothesis": ()}


def _rewrite_only_the_plugins() -> None:
    from _pytest.assertion.rewrite import AssertionRewritingHook

    for hook in sys.meta_path:
        marked = getattr(hook, "_must_rewrite", None)
        if isinstance(hook, AssertionRewritingHook) and isinstance(marked, set):  # else: pytest changed; no harm
            for name, keep in _PLUGIN_PACKAGES.items():
                if name in marked:
                    marked.discard(name)
                    marked.update(keep)
            getattr(hook, "_marked_for_rewrite_cache", {}).clear()


_rewrite_only_the_plugins()
