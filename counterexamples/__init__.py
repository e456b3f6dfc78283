"""Counterexample search and reports: hunting, conjectures, archived witnesses, the atlas.

This package sits above the library and the banks (``theorems``): it uses both, and neither imports it.  The
command line (:mod:`exactpriv.cli`, the top floor) is built on it: ``hunt``, ``conjecture``, ``replay``, ``report``
and ``verify --workers`` call into this package.

* :func:`conjecture` — hunt a counterexample to your own implication "given ⇒ measure ≤ bound";
* :func:`hunt` — hunt a counterexample to a bank claim's readings (by effort: the same answer on every machine);
* :func:`replay` — re-check an archived witness file from scratch.

The three names load on first use: importing one submodule (``counterexamples.archive`` for ``verify``) must not
import the searches and hypothesis with them (~0.2 s).  Two of the names are also submodules' names
(``counterexamples.conjecture``, ``counterexamples.hunt``), and importing a submodule sets the package attribute of
its name to the module; a PEP 562 ``__getattr__`` would then stop being asked and hand out the module.  So the
package's class holds the names as properties, which the import system's assignment of a submodule does not
replace: ``counterexamples.conjecture`` stays the function, as when the package imported it eagerly.
"""

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what a type checker reads (it does not run the class below)
    from counterexamples.archive import replay
    from counterexamples.conjecture import conjecture
    from counterexamples.hunt_claim import hunt

__all__ = ["conjecture", "hunt", "replay"]

#: each public name: (defining module, name there)
_LAZY = {"conjecture": ("counterexamples.conjecture", "conjecture"),
         "hunt": ("counterexamples.hunt_claim", "hunt"),
         "replay": ("counterexamples.archive", "replay")}


def _lazy_name(name: str) -> property:
    module_name, attr = _LAZY[name]

    def get(package):
        given = package.__dict__["_given"]
        if name not in given:
            import importlib

            given[name] = getattr(importlib.import_module(module_name), attr)
        return given[name]

    def put(package, value):
        # the import system binds a loaded submodule under its name: the public name keeps the function;
        # anything else (a test's monkeypatch) replaces it
        if isinstance(value, types.ModuleType) and value.__name__ == f"{__name__}.{name}":
            return
        package.__dict__["_given"][name] = value

    def drop(package):
        package.__dict__["_given"].pop(name, None)

    return property(get, put, drop, doc=f"{module_name}.{attr}, loaded on first use")


class _Package(types.ModuleType):
    conjecture = _lazy_name("conjecture")
    hunt = _lazy_name("hunt")
    replay = _lazy_name("replay")

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(__all__))


_given: dict = {}
sys.modules[__name__].__class__ = _Package
