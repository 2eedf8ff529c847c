"""Linting one file's bytes: prefilter, decode, parse, resolve, run the rules, locate, suppress.

This module imports neither LibCST nor JAX at import time. LibCST is imported only for a file
that passes the byte prefilter, so a run over files that never mention a loop or pytree metadata
stays cheap.
"""

from __future__ import annotations

import ast
import traceback
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
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
from scanlint.index.selection import Selection, relevant_source, triggers_for
from scanlint.source import DecodeError, decode_source, split_lines
from scanlint.suppress import is_suppressed, skips_file

if TYPE_CHECKING:
    import libcst as cst

    from scanlint.rules.base import Report, Rule

def may_have_findings(data: bytes, codes: Iterable[str]) -> bool:
    """The byte prefilter: False only when no enabled rule can report anything in `data`, because
    no trigger identifier of an enabled family appears in it as a whole word."""
    return any(_has_word(data, word) for word in _trigger_words(triggers_for(codes)))


@cache
def _trigger_words(triggers: frozenset[str]) -> tuple[bytes, ...]:
    return tuple(word.encode() for word in sorted(triggers))


def _has_word(data: bytes, word: bytes) -> bool:
    """Whether `word` occurs in `data` not as part of a longer identifier. `bytes.find` is about
    twice as fast as one regular expression over all the words."""
    start = data.find(word)
    while start != -1:
        end = start + len(word)
        if not _is_identifier_byte(data[start - 1 : start]) and not _is_identifier_byte(data[end : end + 1]):
            return True
        start = data.find(word, start + 1)
    return False


def _is_identifier_byte(byte: bytes) -> bool:
    return byte.isalnum() or byte == b"_"  # non-ASCII bytes count as boundaries: conservative


@dataclass(frozen=True)
class FileResult:
    findings: tuple[Finding, ...]
    parsed: bool  # whether the file got past the prefilter and was parsed


@cache
def _rule_instance(code: str) -> Rule:
    return registry.BY_CODE[code].load()()


def lint_source(path: str, data: bytes, codes: frozenset[str], *, select_statements: bool = True) -> FileResult:
    """All findings for one file's bytes, sorted, with `# noqa` applied.

    With `select_statements` (the default), LibCST parses only the top-level statements that can
    matter (see `scanlint.index.selection`); turning it off parses the whole file, for comparison."""
    if skips_file(data) or not may_have_findings(data, codes):
        return FileResult((), parsed=False)
    try:
        text = decode_source(data).text
    except DecodeError as error:
        return FileResult((_builtin(path, SYNTAX_ERROR, error.line, error.column, error.message),), True)
    return lint_text(path, text, codes, select_statements=select_statements)


def lint_text(path: str, text: str, codes: frozenset[str], *, select_statements: bool = True) -> FileResult:
    """`lint_source` for source already decoded to text."""
    selection = relevant_source(text, triggers_for(codes)) if select_statements else Selection(text, None)
    if not selection.text:  # the triggers appear only in strings or comments
        return FileResult((), parsed=False)
    problem = _syntax_problem(path, selection.text)
    if problem is not None and selection.line_map is not None:
        # A syntax error in the selected statements, or statements split wrongly: the file decides.
        selection = Selection(text, None)
        problem = _syntax_problem(path, text)
    if problem is not None:
        line = selection.original_line(problem.line)
        return FileResult((replace(problem, line=line, end_line=line),), True)
    try:
        findings = _lint_text(path, selection, codes)
    except RecursionError:
        findings = [_builtin(path, SYNTAX_ERROR, 1, 1, "cannot analyse: nested too deeply")]
    lines = split_lines(text)
    kept = sorted(f for f in findings if f.code == INTERNAL_ERROR or not is_suppressed(f, lines))
    return FileResult(tuple(kept), parsed=True)


def _syntax_problem(path: str, text: str) -> Finding | None:
    """CPython's verdict on the syntax, with line and column: cheap next to LibCST, and it stops
    input nested too deeply before LibCST spends minutes on it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the user's code's warnings are the interpreter's to give
            ast.parse(text)
    except SyntaxError as error:
        line = error.lineno or 1
        column = error.offset or 1
        message = f"syntax error: {error.msg}"
        return _builtin(path, SYNTAX_ERROR, line, column, message)
    except (RecursionError, MemoryError):
        return _builtin(path, SYNTAX_ERROR, 1, 1, "cannot parse: nested too deeply")
    except ValueError as error:  # e.g. NUL bytes on older Pythons
        return _builtin(path, SYNTAX_ERROR, 1, 1, f"syntax error: {error}")
    return None


def _lint_text(path: str, selection: Selection, codes: frozenset[str]) -> list[Finding]:
    import libcst as cst

    from scanlint.analysis.resolver import ScanIndex
    from scanlint.rules.base import FileContext

    try:
        module = cst.parse_module(selection.text)
    except cst.ParserSyntaxError as error:
        line = selection.original_line(error.raw_line)
        return [_builtin(path, SYNTAX_ERROR, line, error.raw_column + 1, f"syntax error: {error.message}")]
    index = ScanIndex(module)
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
            )
        )
    return findings


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
