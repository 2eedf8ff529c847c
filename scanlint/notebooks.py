"""Jupyter notebooks (nbformat 4): reading one, the Python source of its code cells, findings
located by cell, and fixes written back into the notebook's JSON.

The code cells of a Python notebook are joined into one source, each cell ending with a line
break so cells stay separate statements; markdown and raw cells are left out. IPython syntax
(line magics `%time f()`, shell lines `!pip install jax`, `x = !ls`, help `jnp.zeros?`, and
every cell under a cell magic such as `%%bash`) is masked for linting: each such line becomes
`pass` at its indentation (a blank line in a masked cell), so line numbers hold, the source
parses, and no rule can act on it. The body of `%%time`, `%%timeit`, `%%capture`, `%%prun`,
`%%python` and `%%python3` is Python and is linted; only their first line is masked.
`get_ipython()` calls are plain Python.

Cells are numbered from 1 in the order of the notebook's `cells` list, markdown and raw cells
included, so cell N is `notebook["cells"][N - 1]`.

A fix is applied to the cell's own source, never to a masked line, and the notebook is written
back only when serialising it again reproduces the original file byte for byte (its indentation,
key order, escaping and final line break): then everything but the fixed cells' `source` stays
exactly as it was.
"""

from __future__ import annotations

import ast
import bisect
import codecs
import difflib
import json
import re
import tokenize
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from scanlint.engine import FileResult, lint_text
from scanlint.findings import INTERNAL_ERROR, SYNTAX_ERROR, Edit, Finding, Fix, Severity
from scanlint.index.prefilter import may_have_findings
from scanlint.registry import BUILTIN_CODES
from scanlint.source import LocatedError, split_lines
from scanlint.suppress import skips_file

NOTEBOOK_SUFFIX = ".ipynb"

# Cell magics whose body is Python run by IPython itself.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "python", "python3"})

# A line IPython transforms before Python sees it, when it starts a statement: a line magic,
# a shell escape, help, IPython's auto-call escapes (`/f x`, `,f a b`, `;f a b`), or the result
# of a magic or shell command assigned to names (`files = !ls`).
_IPYTHON_LINE = re.compile(r"[ \t]*(?:[%!?/,;]|[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*=[ \t]*[%!])")
_HELP_LINE = re.compile(r"[ \t]*%{0,2}[\w*]+(?:\.[\w*]+)*\?\??[ \t]*")  # `jnp.zeros?`, `step??`
_CELL_MAGIC = re.compile(r"%%(\w*)")


def is_notebook(path: str | Path) -> bool:
    return str(path).endswith(NOTEBOOK_SUFFIX)


class NotebookError(LocatedError):
    """The file is not a notebook scanlint can read; `line` and `column` locate the problem in
    the file."""


@dataclass(frozen=True)
class CodeCell:
    number: int  # 1-based position among all the notebook's cells
    source: str  # the cell's text, as in the notebook
    python: str  # the same lines, IPython syntax masked
    masked: tuple[bool, ...]  # per line of `source`: whether it was masked


@dataclass(frozen=True)
class Notebook:
    text: str  # the file decoded
    encoding: str  # "utf-8", or "utf-8-sig" for a file starting with a BOM
    content: dict[str, Any]  # the parsed JSON
    python: bool  # whether its kernel's language is Python
    cells: tuple[CodeCell, ...]  # the Python code cells

    def cell(self, number: int) -> CodeCell:
        return next(cell for cell in self.cells if cell.number == number)


def read_notebook(data: bytes) -> Notebook:
    """Parse a notebook file, or raise `NotebookError` saying what is wrong and where."""
    encoding = "utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise NotebookError(f"not a notebook: cannot decode byte {data[error.start]:#04x} as UTF-8", line, column) from None
    try:
        content = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotebookError(f"not a notebook: invalid JSON: {error.msg}", error.lineno, error.colno) from None
    except RecursionError:
        raise NotebookError("not a notebook: its JSON is nested too deeply") from None
    if not isinstance(content, dict):
        raise NotebookError("not a notebook: the file holds JSON, but not an object with `cells`")
    version = content.get("nbformat")
    if version != 4:
        if isinstance(version, int) and version < 4:
            raise NotebookError(
                f"notebook format {version} is not supported; convert it to format 4 "
                "(`jupyter nbconvert --to notebook --inplace`)"
            )
        raise NotebookError("not a notebook in format 4: `nbformat` is missing or not 4")
    cells = content.get("cells")
    if not isinstance(cells, list):
        raise NotebookError("not a notebook in format 4: `cells` is missing or not a list")
    python = _kernel_is_python(content.get("metadata"))
    code_cells = []
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            raise NotebookError(f"not a notebook in format 4: cell {number} has no `cell_type`")
        source = _source_text(cell.get("source"))
        if source is None:
            raise NotebookError(f"not a notebook in format 4: the source of cell {number} is not text")
        if cell["cell_type"] == "code" and _cell_is_python(cell.get("metadata")):
            python_source, masked = mask_ipython(source)
            code_cells.append(CodeCell(number, source, python_source, masked))
    return Notebook(text, encoding, content, python, tuple(code_cells))


def _source_text(source: object) -> str | None:
    """nbformat's multiline string: a string, or a list of strings to concatenate."""
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return None


def _is_python_name(name: object) -> bool:
    return isinstance(name, str) and name.strip().lower() in ("python", "python2", "python3", "ipython", "ipython3")


def _kernel_is_python(metadata: object) -> bool:
    """Whether the notebook's language is Python: what its kernel and language info say, Python
    when they say nothing."""
    if not isinstance(metadata, dict):
        return True
    names = []
    kernelspec = metadata.get("kernelspec")
    if isinstance(kernelspec, dict) and "language" in kernelspec:
        names.append(kernelspec["language"])
    language_info = metadata.get("language_info")
    if isinstance(language_info, dict) and "name" in language_info:
        names.append(language_info["name"])
    return all(_is_python_name(name) for name in names)


def _cell_is_python(metadata: object) -> bool:
    """VS Code records a cell's own language; other editors leave cells in the kernel's."""
    if isinstance(metadata, dict) and isinstance(metadata.get("vscode"), dict):
        language = metadata["vscode"].get("languageId")
        return language is None or _is_python_name(language)
    return True


# --- IPython syntax ------------------------------------------------------------------------------


def mask_ipython(source: str) -> tuple[str, tuple[bool, ...]]:
    """`source` with every line of IPython syntax replaced, and which lines were."""
    lines = split_lines(source, keepends=True)
    first_code = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first_code is not None and lines[first_code].startswith("%%"):
        magic = _CELL_MAGIC.match(lines[first_code])
        if magic is None or magic.group(1) not in PYTHON_CELL_MAGICS:
            return "".join(_ending(line) for line in lines), tuple(True for _ in lines)
        replacements = [None] * first_code + [_as_pass(lines[first_code])] + _ipython_lines(lines[first_code + 1 :])
    else:
        replacements = _ipython_lines(lines)
    python = "".join(line if replacement is None else replacement for line, replacement in zip(lines, replacements))
    return python, tuple(replacement is not None for replacement in replacements)


def _ending(line: str) -> str:
    """The line break that ends `line`, if any."""
    return line[len(line.rstrip("\r\n")) :]


def _as_pass(line: str) -> str:
    content = line.rstrip("\r\n")
    indentation = content[: len(content) - len(content.lstrip(" \t"))]
    return f"{indentation}pass{_ending(line)}"


def _looks_like_ipython(line: str) -> bool:
    content = line.rstrip("\r\n")
    return _IPYTHON_LINE.match(content) is not None or _HELP_LINE.fullmatch(content) is not None


def _ipython_lines(lines: Sequence[str]) -> list[str | None]:
    """What replaces each line of IPython syntax (None for a Python line): `pass` at its
    indentation, or a blank line for the continuation lines of a magic ending in a backslash.

    Only a line that starts a statement can be IPython syntax: Python's tokenizer, fed one
    (masked) line at a time, says whether the previous lines left a bracket, string or backslash
    continuation open (`% b` on a line inside parentheses is Python)."""
    replacements: list[str | None] = [None] * len(lines)
    state = {"next": 0, "depth": 0, "last": tokenize.NEWLINE, "continues_magic": False}

    def readline() -> str:
        index = state["next"]
        if index >= len(lines):
            return ""
        state["next"] = index + 1
        line = lines[index]
        starts_statement = state["depth"] == 0 and state["last"] in (tokenize.NEWLINE, tokenize.NL)
        if state["continues_magic"]:
            replacements[index] = _ending(line)
        elif starts_statement and _looks_like_ipython(line):
            replacements[index] = _as_pass(line)
        else:
            return line
        state["continues_magic"] = line.rstrip("\r\n").endswith("\\")
        return replacements[index] or ""

    try:
        for token in tokenize.generate_tokens(readline):
            if token.type == tokenize.OP and token.string in ("(", "[", "{"):
                state["depth"] += 1
            elif token.type == tokenize.OP and token.string in (")", "]", "}"):
                state["depth"] = max(0, state["depth"] - 1)
            state["last"] = token.type
    except (tokenize.TokenError, SyntaxError):
        # The cell does not tokenize (it is reported as a syntax error): judge the lines not yet
        # read by themselves.
        for index in range(state["next"], len(lines)):
            if _looks_like_ipython(lines[index]):
                replacements[index] = _as_pass(lines[index])
    return replacements


# --- The joined source ---------------------------------------------------------------------------


@dataclass(frozen=True)
class JoinedSource:
    """The code cells' Python source as one module, and where each of its lines comes from."""

    text: str
    cells: tuple[CodeCell, ...]  # the cells that have at least one line
    starts: tuple[int, ...]  # the joined line number of each cell's first line
    line_count: int

    def locate(self, line: int) -> tuple[CodeCell, int]:
        """The cell and the line within it of a joined line. The position just past the end
        belongs to the last cell."""
        position = max(0, bisect.bisect_right(self.starts, line) - 1)
        return self.cells[position], line - self.starts[position] + 1

    def is_masked(self, line: int) -> bool:
        cell, line_in_cell = self.locate(line)
        return 1 <= line_in_cell <= len(cell.masked) and cell.masked[line_in_cell - 1]


def join_cells(cells: Sequence[CodeCell]) -> JoinedSource:
    pieces = []
    kept = []
    starts = []
    line = 1
    for cell in cells:
        lines = split_lines(cell.python, keepends=True)
        if not lines:
            continue
        kept.append(cell)
        starts.append(line)
        line += len(lines)
        pieces.append(cell.python if cell.python.endswith(("\n", "\r")) else cell.python + "\n")
    return JoinedSource("".join(pieces), tuple(kept), tuple(starts), line - 1)


def _blank_cells(joined: JoinedSource, numbers: set[int]) -> str:
    """The joined text with the lines of these cells left empty."""
    pieces = []
    for cell in joined.cells:
        lines = split_lines(cell.python, keepends=True)
        if cell.number in numbers:
            pieces.extend("\n" for _ in lines)
        else:
            pieces.append(cell.python if cell.python.endswith(("\n", "\r")) else cell.python + "\n")
    return "".join(pieces)


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


# --- Linting -------------------------------------------------------------------------------------


def lint_notebook(path: str, data: bytes, codes: frozenset[str]) -> FileResult:
    """All findings for one notebook's bytes, located by cell, sorted, `# noqa` applied."""
    try:
        notebook = read_notebook(data)
    except NotebookError as error:
        return FileResult((_syntax_error(path, error.line, error.column, error.message),), True)
    if not notebook.python:
        return FileResult((), parsed=False)
    joined = join_cells(notebook.cells)
    findings, parsed, dependencies = _lint_joined(path, joined, codes)
    located = sorted(_in_cell(finding, joined) for finding in findings)
    return FileResult(tuple(located), parsed, dependencies)


def _lint_joined(
    path: str, joined: JoinedSource, codes: frozenset[str]
) -> tuple[list[Finding], bool, tuple[tuple[str, str], ...]]:
    """Findings in joined-source coordinates, and whether the source was parsed. A cell that does
    not parse is reported and left out, so the other cells are still linted. Fixes that would
    reach a masked line or another cell than the finding's are dropped."""
    data = joined.text.encode("utf-8", "surrogatepass")
    if not joined.cells or skips_file(data) or not may_have_findings(data, codes):
        return [], False, ()
    text = joined.text
    broken: list[Finding] = []
    if not _parses(text):
        for cell, start in zip(joined.cells, joined.starts):
            problem = _cell_syntax_error(path, cell.python)
            if problem is not None:
                broken.append(_shifted(problem, start - 1))
        text = _blank_cells(joined, {joined.locate(finding.line)[0].number for finding in broken})
    result = lint_text(path, text, codes)
    findings = broken + [
        _without_unsafe_edits(finding, joined)
        for finding in result.findings
        if finding.code in (SYNTAX_ERROR, INTERNAL_ERROR) or not joined.is_masked(finding.line)
    ]
    return findings, True, result.dependencies


def _cell_syntax_error(path: str, source: str) -> Finding | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(source)
    except SyntaxError as error:
        return _syntax_error(path, error.lineno or 1, error.offset or 1, f"syntax error: {error.msg}")
    except (ValueError, RecursionError, MemoryError):
        return _syntax_error(path, 1, 1, "cannot parse this cell")
    return None


def _syntax_error(path: str, line: int, column: int, message: str) -> Finding:
    return Finding(path, line, column, line, column, SYNTAX_ERROR, BUILTIN_CODES[SYNTAX_ERROR][0], message, Severity.ERROR)


def _shifted(finding: Finding, lines: int) -> Finding:
    return replace(finding, line=finding.line + lines, end_line=finding.end_line + lines)


def _without_unsafe_edits(finding: Finding, joined: JoinedSource) -> Finding:
    """The finding without its fix when an edit would change a masked line or leave its cell."""
    if finding.fix is None:
        return finding
    cell = joined.locate(finding.line)[0]
    for edit in finding.fix.edits:
        touched = range(edit.line, edit.end_line + 1)
        if any(joined.locate(line)[0] is not cell or joined.is_masked(line) for line in touched):
            return replace(finding, fix=None)
    return finding


def _in_cell(finding: Finding, joined: JoinedSource) -> Finding:
    """A finding in joined-source coordinates moved to its cell's lines."""
    cell, line = joined.locate(finding.line)
    end_cell, end_line = joined.locate(finding.end_line)
    end_column = finding.end_column
    if end_cell is not cell:  # an end just past the cell's last line
        end_line, end_column = line, finding.column
    fix = None
    if finding.fix is not None:
        start = joined.starts[joined.cells.index(cell)]
        edits = tuple(_edit_in_cell(edit, start) for edit in finding.fix.edits)
        fix = Fix(finding.fix.message, finding.fix.safe, edits)
    return replace(finding, cell=cell.number, line=line, end_line=end_line, end_column=end_column, fix=fix)


def _edit_in_cell(edit: Edit, start: int) -> Edit:
    return Edit(edit.line - start + 1, edit.column, edit.end_line - start + 1, edit.end_column, edit.text)


def cell_lines(data: bytes) -> dict[int, list[str]] | None:
    """Each Python code cell's lines by cell number, for showing a finding's line; None when the
    file is not a notebook scanlint can read."""
    try:
        notebook = read_notebook(data)
    except NotebookError:
        return None
    return {cell.number: split_lines(cell.source) for cell in notebook.cells}


# --- Fixing --------------------------------------------------------------------------------------


@dataclass
class NotebookFix:
    """The fixed cell sources of one notebook, and the notebook file they make."""

    notebook: Notebook
    sources: dict[int, str]  # the new source of each code cell, by cell number
    applied: int
    fixed_text: str | None = None  # the new file; None when it cannot be written (see `refusal`)
    refusal: str | None = None
    changed_cells: list[int] = field(default_factory=list)

    def diff(self, name: str) -> str:
        """A unified diff of each changed cell's source."""
        pieces = []
        for number in self.changed_cells:
            before = self.notebook.cell(number).source
            after = self.sources[number]
            pieces.extend(
                difflib.unified_diff(
                    _with_final_newline(before).splitlines(keepends=True),
                    _with_final_newline(after).splitlines(keepends=True),
                    fromfile=f"a/{name}:cell {number}",
                    tofile=f"b/{name}:cell {number}",
                )
            )
        return "".join(pieces)


def _with_final_newline(text: str) -> str:
    return text if not text or text.endswith(("\n", "\r")) else text + "\n"


def fix_notebook(name: str, data: bytes, codes: frozenset[str], unsafe: bool) -> NotebookFix | None:
    """Apply fixes to the code cells until none is left; None when the file is not a Python
    notebook scanlint can read. Each pass must leave every changed cell parsing, with its masked
    lines as they were."""
    from scanlint.fixes.apply import MAX_PASSES, apply_edits, non_overlapping

    try:
        notebook = read_notebook(data)
    except NotebookError:
        return None
    if not notebook.python:
        return None
    sources = {cell.number: cell.source for cell in notebook.cells}
    applied = 0
    for _ in range(MAX_PASSES):
        cells = [_code_cell(number, source) for number, source in sources.items()]
        joined = join_cells(cells)
        findings, _, _ = _lint_joined(name, joined, codes)
        batch = non_overlapping(findings, unsafe)
        if not batch:
            break
        edits_by_cell: dict[int, list[Edit]] = {}
        for finding in batch:
            located = _in_cell(finding, joined)
            assert located.cell is not None and located.fix is not None
            edits_by_cell.setdefault(located.cell, []).extend(located.fix.edits)
        candidate = dict(sources)
        for number, edits in edits_by_cell.items():
            candidate[number] = apply_edits(sources[number], edits)
        if not all(_still_sound(sources[number], candidate[number]) for number in edits_by_cell):
            break  # refuse a pass that would break a cell or touch its IPython lines
        sources = candidate
        applied += len(batch)
    outcome = NotebookFix(notebook, sources, applied)
    outcome.changed_cells = [cell.number for cell in notebook.cells if sources[cell.number] != cell.source]
    if outcome.changed_cells:
        try:
            outcome.fixed_text = _notebook_text(notebook, sources)
        except NotebookError as error:
            outcome.refusal = error.message
    return outcome


def _code_cell(number: int, source: str) -> CodeCell:
    python, masked = mask_ipython(source)
    return CodeCell(number, source, python, masked)


def _still_sound(before: str, after: str) -> bool:
    """Whether a fixed cell parses and kept its IPython lines, unchanged and still masked."""
    _, masked_before = mask_ipython(before)
    python_after, masked_after = mask_ipython(after)
    if not _parses(python_after):
        return False
    kept_before = [line for line, masked in zip(split_lines(before), masked_before) if masked]
    kept_after = [line for line, masked in zip(split_lines(after), masked_after) if masked]
    return kept_before == kept_after


# The ways notebook tools write JSON: Jupyter and nbformat use an indent of 1 with non-ASCII
# characters kept; others indent by 2 or 4, escape non-ASCII, or write one line.
_LAYOUTS = tuple(
    {"indent": indent, "ensure_ascii": ensure_ascii, "separators": separators}
    for indent, separators in ((1, (",", ": ")), (2, (",", ": ")), (4, (",", ": ")), ("\t", (",", ": ")),
                               (None, (", ", ": ")), (None, (",", ":")))
    for ensure_ascii in (False, True)
)  # fmt: skip


def _notebook_text(notebook: Notebook, sources: dict[int, str]) -> str:
    """The notebook file with new cell sources, laid out as the original; `NotebookError` when
    its layout cannot be reproduced exactly, or the result does not read back as intended."""
    layout = _layout_of(notebook)
    if layout is None:
        raise NotebookError(
            "its JSON layout is not one scanlint can reproduce exactly (re-save it with Jupyter "
            "or nbformat to fix it)"
        )
    options, line_break, final = layout
    content = json.loads(notebook.text)  # a copy to change
    for cell in notebook.cells:
        new = sources[cell.number]
        if new == cell.source:
            continue
        raw = content["cells"][cell.number - 1]
        raw["source"] = new if isinstance(raw["source"], str) else new.splitlines(keepends=True)
    text = json.dumps(content, **options).replace("\n", line_break) + final
    _check_written(notebook, text, sources)
    return text


def _layout_of(notebook: Notebook) -> tuple[dict[str, Any], str, str] | None:
    """How to call `json.dumps` to get the file back exactly: its options, line break and what
    follows the JSON."""
    text = notebook.text
    line_break = "\r\n" if "\r\n" in text else "\n"
    body = text.rstrip("\r\n")
    final = text[len(body) :]
    for options in _LAYOUTS:
        if json.dumps(notebook.content, **options).replace("\n", line_break) == body:
            return options, line_break, final
    return None


def _check_written(notebook: Notebook, text: str, sources: dict[int, str]) -> None:
    """Read the new file back: the same JSON but for the fixed sources, the same cells."""
    try:
        again = read_notebook(text.encode(notebook.encoding))
    except NotebookError as error:
        raise NotebookError(f"the fixed notebook does not read back ({error.message})") from None
    expected = json.loads(notebook.text)
    changed = [cell.number for cell in notebook.cells if sources[cell.number] != cell.source]
    for number in changed:
        if number <= len(again.content["cells"]):
            expected["cells"][number - 1]["source"] = again.content["cells"][number - 1].get("source")
    if again.content != expected or len(again.cells) != len(notebook.cells):
        raise NotebookError("the fixed notebook would differ in more than the fixed cells")
    if any(sources[cell.number] != cell.source for cell in again.cells):
        raise NotebookError("the fixed notebook does not hold the fixed cells")
