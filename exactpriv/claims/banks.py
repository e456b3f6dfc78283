"""Claim banks: collections of claims found through their registration, ours and the user's alike.

A *bank* is a :class:`Bank` — a name, its papers' references (:class:`Paper`) and its claims.  Banks are
found in three ways, all treated the same:

* installed packages register one under the entry-point group ``exactpriv.banks`` (the five papers of the
  built-in bank are registered this way in exactpriv's own ``pyproject.toml``, exactly as a third-party
  package would register its own);
* a Python file or module path given on the command line (``exactpriv verify my_claims.py``);
* a :class:`Bank` built in Python and passed to the functions below.

A registered object (or a loaded module) may be a :class:`Bank`, or a module defining ``BANK`` (a Bank)
or ``CLAIMS`` (a list of :class:`~exactpriv.claims.model.Claim`, with optional ``PAPERS`` and ``TITLE``).

Loading a bank file imports it, i.e. runs its code: a bank file is code the user wrote, like a test
file.  (Data files — mechanisms, priors, witnesses — are never executed; see :mod:`exactpriv.io`.)
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import sys
import traceback
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Callable, Iterable, Mapping, Sequence

from exactpriv.claims.model import Claim
from exactpriv.errors import BankLoadError, ExactPrivError, InvalidArgument, did_you_mean

__all__ = ["ENTRY_POINT_GROUP", "Bank", "Paper", "installed_banks", "load_bank", "resolve_banks",
           "select_claims", "find_claim"]

#: the entry-point group under which packages register claim banks
ENTRY_POINT_GROUP = "exactpriv.banks"


@dataclass(frozen=True)
class Paper:
    """A bibliographic reference: what a claim cites (never a file name)."""

    key: str
    authors: str
    title: str
    venue: str
    year: int | None = None
    arxiv: str = ""
    doi: str = ""
    url: str = ""
    note: str = ""

    def citation(self) -> str:
        """The full reference in one line: authors, "title", venue, year, arXiv/doi."""
        parts = [f"{self.authors}. \u201c{self.title}.\u201d {self.venue}"]
        if self.year and str(self.year) not in self.venue:
            parts[0] += f", {self.year}"
        if self.arxiv:
            parts.append(f"arXiv:{self.arxiv}")
        if self.doi:
            parts.append(f"doi:{self.doi}")
        text = ". ".join(parts) + "."
        return text + (f" {self.note}" if self.note else "")

    def short(self) -> str:
        """Author-year label, e.g. "Cuff and Yu (2016)"."""
        names = [a.strip().split()[-1] for a in self.authors.replace(" and ", ", ").split(",") if a.strip()]
        who = names[0] + (" et al." if len(names) > 2 else f" and {names[1]}" if len(names) == 2 else "")
        return f"{who} ({self.year})" if self.year else who


@dataclass
class Bank:
    """A named collection of claims with its papers.

    name : the bank's name (``papers`` for the built-in one; the file stem for a user file)
    title : one line saying what it holds
    papers : paper key -> :class:`Paper`; a claim "<key>.<name>" cites ``papers[key]``
    modules : paper key -> importable module exposing ``CLAIMS`` (loaded on first use, so that checking
        one paper does not import the others)
    claims : the claims themselves, for banks built in Python or loaded from one file
    version : the bank's version (default: exactpriv's), bound into every evidence row it produces
    source : the file or directory of its source (set when loaded from a file; a registered bank's is the
        package directory of its modules), hashed into every evidence row (:mod:`exactpriv.claims.evidence`)
    """

    name: str
    title: str = ""
    papers: Mapping[str, Paper] = field(default_factory=dict)
    modules: Mapping[str, str] = field(default_factory=dict)
    claims_list: Sequence[Claim] | None = None
    _cache: dict = field(default_factory=dict, repr=False)
    version: str | None = None
    source: Path | None = None

    def claims(self, paper: str | None = None) -> list[Claim]:
        """The bank's claims (of one paper key, if given), in the bank's order."""
        if paper is not None and paper not in self.modules and paper not in self.papers:
            keys = sorted(set(self.modules) | set(self.papers))
            raise InvalidArgument(f"bank {self.name!r} has no paper {paper!r}; papers: {', '.join(keys)}"
                                  + _did_you_mean(paper, keys))
        out: list[Claim] = []
        if self.claims_list is not None:
            out.extend(c for c in self.claims_list if paper is None or c.id.split(".")[0] == paper)
        for key, module in self.modules.items():
            if paper is not None and key != paper:
                continue
            if key not in self._cache:
                mod = importlib.import_module(module)
                claims = list(getattr(mod, "CLAIMS", ()))
                _check_claims(claims, f"module {module}")
                self._cache[key] = claims
            out.extend(self._cache[key])
        return out

    def paper_of(self, claim: Claim) -> Paper | None:
        """The reference a claim cites (by the paper key of its id)."""
        return self.papers.get(claim.id.split(".")[0])


def _did_you_mean(name: str, options: Iterable[str]) -> str:
    hint = did_you_mean(name, options)
    return f"; {hint}" if hint else ""


def _check_claims(claims, where: str) -> None:
    for c in claims:
        if not isinstance(c, Claim):
            raise InvalidArgument(f"{where}: CLAIMS holds {c!r} of type {type(c).__name__}, not a Claim")


def _bank_from(obj, default_name: str) -> Bank:
    if isinstance(obj, Bank):
        return obj
    if isinstance(obj, ModuleType):
        if isinstance(getattr(obj, "BANK", None), Bank):
            return obj.BANK
        if hasattr(obj, "CLAIMS"):
            claims = list(obj.CLAIMS)
            _check_claims(claims, f"module {obj.__name__}")
            papers = dict(getattr(obj, "PAPERS", {}) or {})
            for k, v in papers.items():
                if not isinstance(v, Paper):
                    raise InvalidArgument(f"module {obj.__name__}: PAPERS[{k!r}] must be a Paper, got {v!r}")
            return Bank(default_name, getattr(obj, "TITLE", ""), papers, claims_list=claims)
    if callable(obj):
        return _bank_from(obj(), default_name)
    raise InvalidArgument(f"{default_name!r} is not a claim bank: expected a Bank, or a module defining BANK "
                          f"or CLAIMS; got {type(obj).__name__}")


def registered_banks() -> tuple:
    """The entry points of the ``exactpriv.banks`` group (the installed banks, not loaded).

    Listing entry points reads the metadata of every installed distribution (tens of milliseconds); ``report``
    resolved the installed banks once per claim page (169 listings, ~5% of its CPU).  The listing is kept per
    import path: a bank installed into a directory on ``sys.path`` after the first listing is seen once the
    import path changes, or after :func:`registered_banks.cache_clear`."""
    return _registered(tuple(sys.path))


@functools.lru_cache(maxsize=8)
def _registered(path: tuple) -> tuple:
    del path  # the cache key: what entry_points() scans
    return tuple(entry_points(group=ENTRY_POINT_GROUP))


registered_banks.cache_clear = _registered.cache_clear  # type: ignore[attr-defined]


def installed_banks() -> dict[str, Bank]:
    """Every bank registered under the ``exactpriv.banks`` entry-point group, by name."""
    out: dict[str, Bank] = {}
    for ep in registered_banks():
        with _bank_import(f"{ep.name!r} (registered as {ep.value})"):
            module = ep.load()
        bank = out[ep.name] = _bank_from(module, ep.name)
        if bank.source is None:  # the registering package's directory: what its evidence rows are bound to
            spec = importlib.util.find_spec(ep.value.split(":")[0].split(".")[0])
            if spec is not None and spec.submodule_search_locations:
                bank.source = Path(list(spec.submodule_search_locations)[0])
    return out


def _load_file(path: Path) -> Bank:
    if path.is_dir():
        init = path / "__init__.py"
        if not init.exists():
            raise InvalidArgument(f"bank directory {str(path)!r} has no __init__.py")
        path = init
        name = path.parent.name
    else:
        name = path.stem
    if path.suffix != ".py":
        raise InvalidArgument(f"bank file {str(path)!r} is not a Python file (.py)")
    mod_name = f"exactpriv_user_bank_{name}"
    spec = importlib.util.spec_from_file_location(mod_name, path,
                                                  submodule_search_locations=[str(path.parent)]
                                                  if path.name == "__init__.py" else None)
    if spec is None or spec.loader is None:
        raise InvalidArgument(f"cannot import bank file {str(path)!r}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    # the file's directory is on the import path while it loads, as for a script: a bank file may import a
    # module next to it (its families, helpers) without PYTHONPATH
    here = str(path.parent.resolve())
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        with _bank_import(str(path)):
            spec.loader.exec_module(module)
    finally:
        if added and here in sys.path:
            sys.path.remove(here)
    bank = _bank_from(module, name)
    if bank.source is None:
        bank.source = path.parent if path.name == "__init__.py" else path
    if bank.version is None and isinstance(getattr(module, "VERSION", None), str):
        bank.version = module.VERSION
    return bank


class _NoSuchModule(Exception):
    """The module named as a bank does not exist (as opposed to a bank whose own imports fail)."""


@contextlib.contextmanager
def _bank_import(what: str):
    """Turns an error raised while a bank's own code is imported into a BankLoadError naming the file
    and line: the user's code failed, not exactpriv (a typed error, not an "internal error")."""
    try:
        yield
    except (ExactPrivError, _NoSuchModule):
        raise
    except SyntaxError as exc:
        raise BankLoadError(f"bank {what}: syntax error in {exc.filename}, line {exc.lineno}: {exc.msg}") from None
    except SystemExit as exc:  # sys.exit() in a bank's module is the bank's failure, not the end of the run
        raise BankLoadError(f"bank {what} called sys.exit({exc.code!r}) while importing") from None
    except Exception as exc:  # noqa: BLE001 - any failure of the bank's own code is the bank's error
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if "importlib" not in f.filename]
        where = f" ({frames[-1].filename}, line {frames[-1].lineno})" if frames else ""
        raise BankLoadError(f"bank {what} failed while importing: {type(exc).__name__}: {exc}{where}") from None


def load_bank(spec: str | Bank) -> Bank:
    """A bank from a registered name, a ``.py`` file / package directory, or an importable module name."""
    if isinstance(spec, Bank):
        return spec
    if not isinstance(spec, str) or not spec:
        raise InvalidArgument(f"bank={spec!r} must be a bank name, a file path or a module name")
    installed = installed_banks()
    if spec in installed:
        return installed[spec]
    path = Path(spec)
    if path.suffix == ".py" or path.is_dir() or path.exists():
        if not path.exists():
            raise InvalidArgument(f"bank file {spec!r} does not exist")
        return _load_file(path)
    try:
        with _bank_import(spec):
            try:
                module = importlib.import_module(spec)
            except ModuleNotFoundError as exc:
                if exc.name is None or not (spec == exc.name or spec.startswith(exc.name + ".")):
                    raise  # the bank exists but imports something missing: the bank's error
                raise _NoSuchModule from None
    except _NoSuchModule:
        raise InvalidArgument(f"no bank {spec!r}: not an installed bank ({', '.join(installed) or 'none'}), "
                              f"a file or an importable module" + _did_you_mean(spec, installed)) from None
    return _bank_from(module, spec.rsplit(".", 1)[-1])


def resolve_banks(specs: Sequence[str | Bank] | None = None) -> list[Bank]:
    """The banks named by ``specs`` (default: every installed bank)."""
    if not specs:
        return list(installed_banks().values())
    return [load_bank(s) for s in specs]


def select_claims(banks: Sequence[Bank], only: str | Sequence[str] | None = None) -> list[Claim]:
    """Claims of ``banks`` whose id equals, or starts with, one of ``only`` (comma-separated), or all.

    A key matches a claim id exactly, a dotted prefix ("zhao2019" or "zhao2019.thm1"), or a plain prefix
    ("zhao" matches "zhao2019.*")."""
    claims: list[Claim] = []
    seen: dict[str, str] = {}
    for bank in banks:
        for c in bank.claims():
            if c.id in seen and seen[c.id] != bank.name:
                raise InvalidArgument(f"claim id {c.id!r} is in two banks ({seen[c.id]}, {bank.name})")
            seen[c.id] = bank.name
            claims.append(c)
    if not only:
        return claims
    keys = [k.strip() for k in (only.split(",") if isinstance(only, str) else only) if k.strip()]
    out = [c for c in claims if any(c.id == k or c.id.startswith(k) for k in keys)]
    if not out:
        ids = [c.id for c in claims]
        papers = sorted({i.split(".")[0] for i in ids})
        hint = _did_you_mean(keys[0], ids + papers) if keys else ""
        raise InvalidArgument(f"{','.join(keys)!r} matches no claim (papers: {', '.join(papers)}){hint}")
    return out


def find_claim(claim_id: str, banks: Sequence[Bank] | None = None) -> Claim:
    """The claim with id ``claim_id`` in ``banks`` (default: every installed bank)."""
    banks = resolve_banks(banks) if banks is None or not all(isinstance(b, Bank) for b in banks) else banks
    paper = claim_id.split(".")[0]
    ids = []
    for bank in banks:
        pool = bank.claims(paper) if paper in bank.modules else bank.claims()
        for c in pool:
            if c.id == claim_id:
                return c
            ids.append(c.id)
    hint = _did_you_mean(claim_id, ids)
    if not hint:  # most often a claim of a user's bank file: say how to name it
        hint = (f" in the banks {', '.join(b.name for b in banks)}; if it is a claim of your own bank, name the "
                "bank file with --bank FILE")
    raise InvalidArgument(f"no claim with id {claim_id!r}" + hint)


#: a callable building a bank lazily (what an entry point may point at)
BankFactory = Callable[[], Bank]
