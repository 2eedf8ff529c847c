"""Linting one file's bytes through the two tiers.

Tier 1 (`scanlint.index`, stdlib `ast`): the byte prefilter, then a summary of the file that finds
the anchors of each enabled rule family by resolved names and selects the units a rule can look
at. Tier 2 (`scanlint.analysis` and `scanlint.rules`, LibCST): only those units are parsed, the
shared analyses run over them, then the rules; findings are located back in the original file and
`# noqa` is applied.

This module imports neither LibCST nor JAX at import time: LibCST is imported only when tier 1
selects something to parse.
"""

from __future__ import annotations

import ast
import traceback
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from scanlint import registry
from scanlint.findings import (
    INTERNAL_ERROR,
    SYNTAX_ERROR,
    Edit,
    Finding,
    Fix,
    Severity,
)
from scanlint.index.names import anchor_kinds
from scanlint.index.prefilter import may_have_findings
from scanlint.index.project import ProjectIndex
from scanlint.index.selection import Selection, select
from scanlint.index.summary import FileSummary, summarise
from scanlint.source import DecodeError, decode_source, split_lines
from scanlint.suppress import is_suppressed, skips_file

if TYPE_CHECKING:
    import libcst as cst

    from scanlint.rules.base import Report, Rule

__all__ = ["FileResult", "lint_source", "lint_text", "may_have_findings", "parse_summary"]


@dataclass(frozen=True)
class FileResult:
    findings: tuple[Finding, ...]
    parsed: bool  # whether the file got past the prefilter and was parsed
    # The other project files the findings depend on, with the SHA-256 of their bytes.
    dependencies: tuple[tuple[str, str], ...] = ()


@cache
def shared_project() -> ProjectIndex:
    """The project index of this process: every file linted here asks the same one."""
    return ProjectIndex()


def preload(codes: frozenset[str]) -> None:
    """Import LibCST, the shared analyses and the rules of `codes` now (before forking workers)."""
    import libcst  # noqa: F401

    import scanlint.analysis.resolver  # noqa: F401

    for code in codes:
        if code in registry.BY_CODE:
            _rule_instance(code)


@cache
def _rule_instance(code: str) -> Rule:
    return registry.BY_CODE[code].load()()


def lint_source(path: str, data: bytes, codes: frozenset[str], *, select_statements: bool = True) -> FileResult:
    """All findings for one file's bytes, sorted, with `# noqa` applied.

    With `select_statements` (the default), LibCST parses only the top-level statements that can
    matter (see `scanlint.index.selection`); turning it off parses the whole file, for comparison.
    A path ending in `.ipynb` is read as a Jupyter notebook (see `scanlint.notebooks`)."""
    if path.endswith(".ipynb"):
        from scanlint.notebooks import lint_notebook

        return lint_notebook(path, data, codes)
    if skips_file(data) or not may_have_findings(data, codes):
        return FileResult((), parsed=False)
    try:
        text = decode_source(data).text
    except DecodeError as error:
        return FileResult((_builtin(path, SYNTAX_ERROR, error.line, error.column, error.message),), True)
    return lint_text(path, text, codes, select_statements=select_statements)


def lint_text(path: str, text: str, codes: frozenset[str], *, select_statements: bool = True) -> FileResult:
    """`lint_source` for source already decoded to text."""
    lines = split_lines(text, keepends=True)
    summary, problem = parse_summary(path, text, lines)
    if problem is not None:
        if not _may_be_newer_grammar(problem) or not _libcst_parses(text):
            return FileResult((problem,), True)
        selection = Selection(text, None)  # a grammar newer than this Python's: LibCST reads it
    elif not select_statements:
        selection = Selection(text, None)
    else:
        assert summary is not None
        selection = select(summary, lines, anchor_kinds(codes))
        if selection.is_empty:  # no enabled rule has anything to look at
            return FileResult((), parsed=False)
    project = shared_project()
    project.start_file(Path(path), summary)
    try:
        findings = _lint_text(path, selection, codes, project)
        if selection.line_map is not None and any(f.fix is not None and f.fix.safe for f in findings):
            # Whether a fix is safe depends on every use of what it changes (a scan body also
            # reduced over at the top level of the module), which the selection may not hold.
            findings = _lint_text(path, Selection(text, None), codes, project)
    except RecursionError:
        findings = [_builtin(path, SYNTAX_ERROR, 1, 1, "cannot analyse: nested too deeply")]
    kept = sorted(f for f in findings if f.code == INTERNAL_ERROR or not is_suppressed(f, split_lines(text)))
    dependencies = tuple(project.dependencies(Path(path)).items())
    return FileResult(tuple(kept), parsed=True, dependencies=dependencies)


def parse_summary(path: str, text: str, lines: list[str]) -> tuple[FileSummary | None, Finding | None]:
    """Tier 1: CPython's parse of the whole file and its summary, or the syntax error (located)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the user's SyntaxWarnings are the interpreter's to report
            tree = ast.parse(text)
    except SyntaxError as error:
        return None, _builtin(path, SYNTAX_ERROR, error.lineno or 1, error.offset or 1, f"syntax error: {error.msg}")
    except (RecursionError, MemoryError):
        return None, _builtin(path, SYNTAX_ERROR, 1, 1, "cannot parse: nested too deeply")
    except ValueError as error:  # e.g. NUL bytes on older Pythons
        return None, _builtin(path, SYNTAX_ERROR, 1, 1, f"syntax error: {error}")
    try:
        return summarise(tree, lines), None
    except RecursionError:
        return None, _builtin(path, SYNTAX_ERROR, 1, 1, "cannot parse: nested too deeply")


def _may_be_newer_grammar(problem: Finding) -> bool:
    """Whether CPython may reject the file only for being written for a newer Python. Its
    implementation limits (`too many nested parentheses`, ...) hold in every version."""
    return not problem.message.startswith(("syntax error: too many", "cannot parse: nested too deeply"))


def _libcst_parses(text: str) -> bool:
    import libcst as cst

    try:
        cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError, MemoryError):
        return False
    return True


def _lint_text(path: str, selection: Selection, codes: frozenset[str], project: ProjectIndex) -> list[Finding]:
    import libcst as cst

    from scanlint.analysis.resolver import ScanIndex
    from scanlint.rules.base import FileContext

    try:
        module = cst.parse_module(selection.text)
    except cst.ParserSyntaxError as error:
        line = selection.original_line(error.raw_line)
        return [_builtin(path, SYNTAX_ERROR, line, error.raw_column + 1, f"syntax error: {error.message}")]
    index = ScanIndex(module)
    index.project = project
    index.path = Path(path)
    context = FileContext(path=path, module=module, index=index)

    reports: list[tuple[str, Report]] = []
    crashes: list[Finding] = []
    for code in sorted(codes):
        if code not in registry.BY_CODE:
            continue
        try:
            reports.extend((code, report) for report in _rule_instance(code).check(context))
        except Exception as error:  # a rule bug must not stop the other rules or files
            crashes.append(_crash(path, code, error))
    if not reports:
        return crashes
    return crashes + _locate(path, module, selection, reports)


def _locate(path: str, module: cst.Module, selection: Selection, reports: list[tuple[str, Report]]) -> list[Finding]:
    """Turn reports into findings with positions, paying for positions only when needed."""
    import libcst as cst
    from libcst.metadata import PositionProvider

    resolved = cst.MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)

    def span(node: cst.CSTNode) -> tuple[int, int, int, int]:
        where = resolved[node]
        return (
            selection.original_line(where.start.line),
            where.start.column,
            selection.original_line(where.end.line),
            where.end.column,
        )

    findings = []
    seen = set()
    for code, report in reports:
        line, column, end_line, end_column = span(report.node)
        key = (code, line, column, end_line, end_column)
        if key in seen:  # the same body reached from two loop calls
            continue
        seen.add(key)
        info = registry.BY_CODE[code]
        fix = None
        if report.fix is not None:
            edits = []
            for replacement in report.fix.replacements:
                start_line, start_column, stop_line, stop_column = span(replacement.node)
                if replacement.before:
                    stop_line, stop_column = start_line, start_column
                edits.append(Edit(start_line, start_column, stop_line, stop_column, replacement.code))
            fix = Fix(report.fix.message, report.fix.safe, tuple(sorted(edits)))
        findings.append(
            Finding(
                path=path,
                line=line,
                column=column + 1,
                end_line=end_line,
                end_column=end_column + 1,
                code=code,
                name=info.name,
                message=report.message,
                severity=Severity.ERROR,
                fix=fix,
                summary=_one_line(report.summary) if report.summary else info.summary,
                help=report.help,
            )
        )
    return findings


def _one_line(text: str) -> str:
    """A summary quoting the user's code may quote several lines of it: keep one."""
    return " ".join(text.split())


def _builtin(path: str, code: str, line: int, column: int, message: str) -> Finding:
    name = registry.BUILTIN_CODES[code][0]
    return Finding(path, line, column, line, column, code, name, message, Severity.ERROR)


def _crash(path: str, code: str, error: Exception) -> Finding:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    message = (
        f"internal error: rule {code} crashed on this file ({type(error).__name__}: {error}{where}). "
        "The other rules still ran. Please report this with the file that triggers it."
    )
    return _builtin(path, INTERNAL_ERROR, 1, 1, message)
