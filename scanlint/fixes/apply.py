"""Applying fixes: text edits on the original source, checked, and written atomically.

A fix never corrupts a file: the edited text must still parse, it is encoded with the file's own
encoding (a BOM stays a BOM), inserted lines take the file's line ending, and the new content is
written to a temporary file in the same directory and renamed over the original, so an
interrupted run leaves either the old file or the new one.
"""

from __future__ import annotations

import ast
import difflib
import os
import tempfile
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scanlint.engine import lint_text
from scanlint.findings import Edit, Finding
from scanlint.source import DecodeError, decode_source, split_lines

if TYPE_CHECKING:
    from scanlint.notebooks import NotebookFix

MAX_PASSES = 5


@dataclass
class FixOutcome:
    path: Path
    original: str
    fixed: str
    applied: int  # fixes applied
    encoding: str
    data: bytes | None = None  # the file's bytes when it was read: a later change is not overwritten
    refusal: str | None = None  # why the fixed content must not be written, when it must not
    notebook: NotebookFix | None = None  # for a notebook: the fixed cells (the texts are its JSON)

    @property
    def changed(self) -> bool:
        if self.notebook is not None:
            return bool(self.notebook.changed_cells)
        return self.fixed != self.original

    def diff(self, name: str) -> str:
        if self.notebook is not None:
            return self.notebook.diff(name)
        return "".join(
            difflib.unified_diff(
                self.original.splitlines(keepends=True),
                self.fixed.splitlines(keepends=True),
                fromfile=f"a/{name}",
                tofile=f"b/{name}",
            )
        )


def applicable(finding: Finding, unsafe: bool) -> bool:
    return finding.fix is not None and (finding.fix.safe or unsafe)


def newline_of(text: str) -> str:
    """The file's dominant line ending."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    if cr > max(crlf, lf):
        return "\r"
    return "\r\n" if crlf > lf else "\n"


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits (positions: 1-based lines, 0-based columns)."""
    starts = [0]
    for line in split_lines(text, keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        return starts[min(line, len(starts)) - 1] + column

    newline = newline_of(text)
    spans = _joined_deletions(text, [(offset(e.line, e.column), offset(e.end_line, e.end_column), e.text) for e in edits])
    pieces = []
    cursor = len(text)
    for begin, end, replacement_text in sorted(spans, reverse=True):
        if not replacement_text:
            begin, end = _whole_lines_if_blank(text, begin, end)
        replacement = replacement_text.replace("\r\n", "\n").replace("\n", newline)
        pieces.append(text[end:cursor])
        pieces.append(replacement)
        cursor = begin
    pieces.append(text[:cursor])
    return "".join(reversed(pieces))


def _joined_deletions(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Deletions separated only by spaces on one line are one deletion (a statement and its
    trailing comment), so that a line left blank is taken whole."""
    joined: list[tuple[int, int, str]] = []
    for begin, end, replacement in sorted(spans):
        if joined and not replacement and not joined[-1][2]:
            previous_begin, previous_end, _ = joined[-1]
            if previous_end <= begin and not text[previous_end:begin].strip(" \t"):
                joined[-1] = (previous_begin, end, "")
                continue
        joined.append((begin, end, replacement))
    return joined


def _whole_lines_if_blank(text: str, begin: int, end: int) -> tuple[int, int]:
    """A deletion that would leave only whitespace on its lines takes the lines with it."""
    line_start = max(text.rfind("\n", 0, begin), text.rfind("\r", 0, begin)) + 1
    line_end = end
    while line_end < len(text) and text[line_end] in " \t":
        line_end += 1
    if text[line_start:begin].strip(" \t") or (line_end < len(text) and text[line_end] not in "\r\n"):
        return begin, end
    if text.startswith("\r\n", line_end):
        line_end += 2
    elif line_end < len(text):
        line_end += 1
    return line_start, line_end


def non_overlapping(findings: Sequence[Finding], unsafe: bool) -> list[Finding]:
    """Fixes that can go in one pass: each fix whole, none touching another's span."""
    chosen: list[Finding] = []
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for finding in findings:
        if not applicable(finding, unsafe):
            continue
        assert finding.fix is not None
        spans = [((e.line, e.column), (e.end_line, e.end_column)) for e in finding.fix.edits]
        if any(a_start <= b_end and b_start <= a_end for a_start, a_end in spans for b_start, b_end in taken):
            continue
        chosen.append(finding)
        taken.extend(spans)
    return chosen


def fix_text(name: str, text: str, codes: frozenset[str], unsafe: bool) -> tuple[str, int]:
    """Apply fixes until none is left (or MAX_PASSES). Every change is re-parsed and re-linted
    before it is kept: a fix whose result does not parse, keeps its finding or adds another is
    dropped alone, and the other fixes of the file still go in."""
    applied = 0
    rejected: set[tuple[str, str, str]] = set()
    findings = _lint_whole(name, text, codes)
    for _ in range(MAX_PASSES):
        candidates = [f for f in findings if _identity(text, f) not in rejected]
        batch = non_overlapping(candidates, unsafe)
        if not batch:
            break
        kept, fixed, after = _checked(name, text, codes, findings, batch)
        rejected |= {_identity(text, f) for f in batch if f not in kept}
        if kept:
            text, findings = fixed, after
            applied += len(kept)
    return text, applied


def _checked(
    name: str, text: str, codes: frozenset[str], before: list[Finding], batch: list[Finding]
) -> tuple[list[Finding], str, list[Finding]]:
    """The fixes of `batch` that may be kept, the text with them applied and its findings: the
    whole batch when it checks out together, else the fixes that check out alone (together, if
    they still do)."""
    fixed, after = _try(name, text, codes, batch)
    if after is not None and _removes_without_adding(before, after, batch):
        return batch, fixed, after
    if len(batch) == 1:
        return [], text, before
    good = []
    for finding in batch:
        _, alone = _try(name, text, codes, [finding])
        if alone is not None and _removes_without_adding(before, alone, [finding]):
            good.append(finding)
    for kept in (good, good[:1]):
        if kept:
            fixed, after = _try(name, text, codes, kept)
            if after is not None and _removes_without_adding(before, after, kept):
                return kept, fixed, after
    return [], text, before


def _try(name: str, text: str, codes: frozenset[str], fixes: list[Finding]) -> tuple[str, list[Finding] | None]:
    """The text with `fixes` applied, and its findings; None for the findings when it does not parse."""
    candidate = apply_edits(text, [e for f in fixes for e in f.fix.edits])  # type: ignore[union-attr]
    if not _parses(candidate):
        return candidate, None
    return candidate, _lint_whole(name, candidate, codes)


def _lint_whole(name: str, text: str, codes: frozenset[str]) -> list[Finding]:
    """The findings of the whole file. A fix's safety depends on every use of what it changes (a
    scan body also reduced over at the top level of the module): the statements the normal lint
    selects may not show them all."""
    return list(lint_text(name, text, codes, select_statements=False).findings)


def _removes_without_adding(before: list[Finding], after: list[Finding], fixes: list[Finding]) -> bool:
    """Each fix removed a finding of its code, and no code gained a finding."""
    remaining = Counter(f.code for f in before)
    remaining.subtract(f.code for f in fixes)
    found = Counter(f.code for f in after)
    return all(count <= remaining[code] for code, count in found.items())


def _identity(text: str, finding: Finding) -> tuple[str, str, str]:
    """A finding recognisable after other edits moved it: its code, message and source line."""
    lines = split_lines(text)
    line = lines[finding.line - 1] if 1 <= finding.line <= len(lines) else ""
    return finding.code, finding.message, line


def fix_one(text: str, finding: Finding) -> str | None:
    """`text` with this finding's fix alone applied (whatever its safety: see `applicable`), or
    None when it has no fix or the result would not parse."""
    if finding.fix is None:
        return None
    candidate = apply_edits(text, finding.fix.edits)
    return candidate if _parses(candidate) else None


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # warnings about the user's code are not ours to print
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def fix_file(path: Path, name: str, codes: frozenset[str], unsafe: bool) -> FixOutcome | None:
    """The fixed content of one file (not yet written); None when it cannot be read or decoded."""
    if name.endswith(".ipynb"):
        return fix_notebook_file(path, name, codes, unsafe)
    try:
        data = path.read_bytes()
        source = decode_source(data)
    except (OSError, DecodeError):
        return None
    fixed, applied = fix_text(name, source.text, codes, unsafe)
    return FixOutcome(path, source.text, fixed, applied, source.encoding, data)


def fix_notebook_file(path: Path, name: str, codes: frozenset[str], unsafe: bool) -> FixOutcome | None:
    """`fix_file` for a Jupyter notebook: the cells are fixed, the outcome's texts are the JSON."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return notebook_outcome(path, name, data, codes, unsafe)


def notebook_outcome(path: Path, name: str, data: bytes, codes: frozenset[str], unsafe: bool) -> FixOutcome | None:
    """The fixes of a notebook's bytes; None when they are not a Python notebook scanlint reads."""
    from scanlint.notebooks import fix_notebook

    fixed = fix_notebook(name, data, codes, unsafe)
    if fixed is None:
        return None
    original = fixed.notebook.text
    return FixOutcome(
        path, original, fixed.fixed_text or original, fixed.applied, fixed.notebook.encoding, data,
        refusal=fixed.refusal, notebook=fixed,
    )  # fmt: skip


class NotWritten(Exception):
    """A fixed file could not be written; the file on disk is left as it was. The message says
    why, for the user."""


def write_atomically(outcome: FixOutcome) -> None:
    """Replace the file by its fixed content, or raise `NotWritten` and leave it as it is."""
    path = outcome.path
    if outcome.refusal is not None:
        raise NotWritten(outcome.refusal)
    try:
        data = outcome.fixed.encode(outcome.encoding)
    except UnicodeEncodeError:
        raise NotWritten(f"the fixed text cannot be encoded as {outcome.encoding}") from None
    try:
        if outcome.data is not None and path.read_bytes() != outcome.data:
            raise NotWritten("it changed while scanlint was fixing it; the new content is kept")
        if not os.access(path, os.W_OK):
            raise NotWritten("it is read-only")
        mode = path.stat().st_mode & 0o7777
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".scanlint-tmp")
    except FileNotFoundError:
        raise NotWritten("it was removed while scanlint was fixing it") from None
    except IsADirectoryError:
        raise NotWritten("it was replaced by a directory while scanlint was fixing it") from None
    except OSError as error:
        raise NotWritten(f"cannot write next to it: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException as error:  # also Ctrl-C: never leave the temporary file
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise NotWritten(f"cannot replace it: {error.strerror or error}") from None
        raise
