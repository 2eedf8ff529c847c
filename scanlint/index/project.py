"""The project index: the tier-1 summaries of a project's files, and what their imports name.

A rule asks it about a name the linted file imports (`from .cells import Cell`,
`from mypkg.steps import step`, `import mypkg.cells as cells`): which project file defines it,
through re-exports and aliases, and what that class derives from. Files are summarised lazily,
the first time a question reaches them, and each file consulted is recorded with the hash of its
bytes, so a cached result is reused only while those files are unchanged.

Where a project file is is decided the way Python would find it from the linted file: relative
imports from its package, absolute ones from the directory above its top-level package (or its
own directory, for a script). Anything else (a missing file, a cycle, a name bound in a way a
summary cannot follow, a syntax error) is unknown, and the rules stay silent.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scanlint.index.summary import FileSummary, Unit, dotted_name, summarise
from scanlint.source import DecodeError, decode_source, split_lines

MAX_HOPS = 12  # re-exports and base classes followed before a name counts as unknown
NAMESPACE_LEVELS = 3  # directories above a file's top-level package searched for absolute imports
MAX_SUMMARIES = 512  # summaries kept in memory at once (the oldest are read again if needed)


@dataclass(frozen=True)
class ProjectClass:
    """A class (or, from `find_definition`, a module-level function) defined in a project file."""

    path: Path
    name: str
    node: ast.ClassDef | ast.FunctionDef
    summary: FileSummary


class ProjectIndex:
    """The summaries of the project files a run asks about, read once each."""

    def __init__(self) -> None:
        # path -> (its size and modification time when read, its summary)
        self._summaries: dict[Path, tuple[tuple[int, int], FileSummary | None]] = {}
        self.hashes: dict[Path, str] = {}  # every project file read, with the SHA-256 of its bytes
        self.reached: set[Path] = set()  # the files questions reached since `start_file`
        self._current: tuple[Path, FileSummary | None] | None = None  # the file being linted
        # Tier 2's parsed views of project files, kept by `scanlint.analysis.project_code`.
        self.tier2_views: dict[tuple[Path, str], tuple[tuple[int, int], object]] = {}

    def start_file(self, path: Path, summary: FileSummary | None) -> None:
        """Questions now come from `path`, whose summary (of the text being linted) is given."""
        self._current = (Path(path), summary)
        self.reached = set()

    # -- files ------------------------------------------------------------------------------

    def summary(self, path: Path) -> FileSummary | None:
        path = Path(path)
        if self._current is not None and self._current[0] == path:
            return self._current[1]
        self.reached.add(path)
        try:
            stat = path.stat()
        except OSError:
            return None
        version = (stat.st_size, stat.st_mtime_ns)
        known = self._summaries.get(path)
        if known is not None and known[0] == version:
            return known[1]
        if len(self._summaries) >= MAX_SUMMARIES:
            del self._summaries[next(iter(self._summaries))]
        summary = self._read(path)
        self._summaries[path] = (version, summary)
        return summary

    def _read(self, path: Path) -> FileSummary | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        self.hashes[path] = hashlib.sha256(data).hexdigest()
        try:
            text = decode_source(data).text
            tree = ast.parse(text)
        except (DecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        try:
            return summarise(tree, split_lines(text, keepends=True), anchors=False)
        except RecursionError:
            return None

    def dependencies(self, origin: Path) -> dict[str, str]:
        """The files reached since `reached` was reset, other than `origin`, with their hashes."""
        return {str(p): self.hashes[p] for p in sorted(self.reached) if p != Path(origin) and p in self.hashes}

    # -- modules ----------------------------------------------------------------------------

    @staticmethod
    def source_root(path: Path) -> Path:
        """The directory absolute imports start from: above the file's top-level package."""
        directory = path.parent
        while (directory / "__init__.py").is_file() and directory.parent != directory:
            directory = directory.parent
        return directory

    @staticmethod
    def _module_file(base: Path, parts: list[str]) -> Path | None:
        if not parts:
            init = base / "__init__.py"
            return init if init.is_file() else None
        package = base.joinpath(*parts, "__init__.py")  # a package wins over a module of its name
        if package.is_file():
            return package
        candidate = base.joinpath(*parts[:-1], parts[-1] + ".py")
        return candidate if candidate.is_file() else None

    def _absolute(self, origin: Path, dotted: str) -> tuple[Path, list[str]] | None:
        """The project file a dotted name starts in, and the attribute path left inside it."""
        parts = dotted.split(".")
        top = self.source_root(origin)
        # Above the top-level package too: a namespace package (no `__init__.py`) starts higher.
        roots = dict.fromkeys((top, origin.parent, *top.parents[:NAMESPACE_LEVELS]))
        for root in roots:
            for split in range(len(parts), 0, -1):
                found = self._module_file(root, parts[:split])
                if found is not None:
                    return found, parts[split:]
        return None

    def _relative(self, origin: Path, level: int, module: str, name: str) -> tuple[Path, list[str]] | None:
        base = origin.parent
        for _ in range(level - 1):
            base = base.parent
        parts = module.split(".") if module else []
        submodule = self._module_file(base, [*parts, name])  # `from . import cells`
        if submodule is not None:
            return submodule, []
        found = self._module_file(base, parts)
        return (found, [name]) if found is not None else None

    # -- names ------------------------------------------------------------------------------

    def locate(self, origin: Path, written: str, hops: int = 0) -> tuple[Path, list[str]] | None:
        """Where a name as written in `origin` (`Cell`, `cells.Cell`) is defined, as a project
        file and the attribute path inside it; None when it is not a project file's name."""
        summary = self.summary(origin)
        if summary is None or hops > MAX_HOPS:
            return None
        head, *rest = written.split(".")
        if head in summary.relative_imports:
            level, module, name = summary.relative_imports[head]
            found = self._relative(origin, level, module, name)
        elif head in summary.imports:
            found = self._absolute(origin, summary.imports[head])
        else:
            return None
        if found is None:
            return None
        path, inside = found
        return path, [*inside, *rest]

    def find_class(self, origin: Path, written: str, hops: int = 0) -> ProjectClass | None:
        """The project class a name written in `origin` refers to, through imports and
        re-exports."""
        found = self.find_definition(origin, written, hops)
        return found if found is not None and isinstance(found.node, ast.ClassDef) else None

    def find_definition(self, origin: Path, written: str, hops: int = 0) -> ProjectClass | None:
        """The project class or function (`def` at module level) a name written in `origin`
        refers to, through imports and re-exports."""
        located = self.locate(origin, written, hops)
        while located is not None and hops <= MAX_HOPS:
            hops += 1
            path, inside = located
            summary = self.summary(path)
            if summary is None or not inside:
                return None
            name, rest = inside[0], inside[1:]
            unit = _only_binder(summary, name)
            if unit is None:
                return None
            if isinstance(unit.node, (ast.ClassDef, ast.FunctionDef)) and not rest:
                return ProjectClass(path, name, unit.node, summary)
            if not unit.is_import:
                return None
            located = self.locate(path, ".".join([name, *rest]), hops)  # a re-export
        return None

    def derives_from(
        self, origin: Path, written: str, is_base: Callable[[str], bool], hops: int = 0
    ) -> ProjectClass | None:
        """The project class a name written in `origin` refers to, when it derives, through
        project classes, from a class `is_base` accepts (given its dotted name)."""
        found = self.find_class(origin, written, hops)
        if found is None or hops > MAX_HOPS:
            return None
        for base in found.node.bases:
            if self._base_accepted(found, base, is_base, hops + 1):
                return found
        return None

    def _base_accepted(self, owner: ProjectClass, base: ast.expr, is_base: Callable[[str], bool], hops: int) -> bool:
        written = dotted_name(base)
        if written is None:
            return False
        qualified = owner.summary.qualify(base)
        if qualified is not None and is_base(qualified):
            return True
        head = written.split(".")[0]
        local = _only_binder(owner.summary, head)
        if local is not None and isinstance(local.node, ast.ClassDef) and "." not in written:
            same_file = ProjectClass(owner.path, head, local.node, owner.summary)
            return any(self._base_accepted(same_file, b, is_base, hops + 1) for b in local.node.bases) if hops <= MAX_HOPS else False
        return self.derives_from(owner.path, written, is_base, hops) is not None


def _only_binder(summary: FileSummary, name: str) -> Unit | None:
    binders = [unit for unit in summary.units if name in unit.binds]
    return binders[0] if len(binders) == 1 else None

