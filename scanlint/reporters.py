"""One reporter pipeline: the same findings rendered as text (full or concise, as ruff's), JSON,
SARIF 2.1.0 or GitHub annotations."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from scanlint import __version__, registry
from scanlint.findings import Finding, Severity

FORMATS = ("text", "concise", "json", "sarif", "github")
# A file's lines; for a notebook, each code cell's lines by cell number.
SourceLines = Callable[[str], "Sequence[str] | Mapping[int, Sequence[str]] | None"]


def read_lines(path: str) -> Sequence[str] | Mapping[int, Sequence[str]] | None:
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    from scanlint.source import DecodeError, decode_source, split_lines

    if path.endswith(".ipynb"):
        from scanlint.notebooks import cell_lines

        return cell_lines(data)

    try:
        return split_lines(decode_source(data).text)
    except DecodeError:
        return data.decode("utf-8", "replace").splitlines()


class _Style:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled and text else text


BOLD = "1"
RED = "1;31"
BLUE = "1;34"
CYAN = "36"


def fixable(finding: Finding, unsafe_fixes: bool = False) -> bool:
    """Whether `--fix` (with `--unsafe-fixes` when `unsafe_fixes`) would fix this finding."""
    return finding.fix is not None and (finding.fix.safe or unsafe_fixes)


def _headline(finding: Finding, style: _Style, unsafe_fixes: bool) -> str:
    """`path:line:col: CODE [*] summary`: the line to grep for, and the whole concise format."""
    location = style(location_text(finding), BOLD)
    mark = " " + style("[*]", CYAN) if fixable(finding, unsafe_fixes) else ""
    return f"{location} {style(finding.code, RED)}{mark} {finding.summary}"


def _snippet(finding: Finding, lines: Sequence[str] | None, style: _Style) -> list[str]:
    """The finding's line with the line before it, numbered, and a caret under the reported span."""
    if lines is None or not 1 <= finding.line <= len(lines):
        return []
    first = max(1, finding.line - 1)
    width = len(str(finding.line))
    gutter = style(" " * width + " |", BLUE)
    out = [gutter]
    for number in range(first, finding.line + 1):
        # Tabs count as one column, as the reported columns do.
        text = lines[number - 1].expandtabs(1)
        out.append(f"{style(f'{number:>{width}} |', BLUE)} {text}".rstrip())
    source = lines[finding.line - 1].expandtabs(1)
    if finding.end_line == finding.line:
        length = max(1, finding.end_column - finding.column)
    else:
        length = max(1, len(source) - (finding.column - 1))
    underline = " " * (finding.column - 1) + style("^" * length + " " + finding.code, RED)
    out += [f"{gutter} {underline}", gutter]
    return out


Note = tuple[str, str]  # a labelled line under a finding: ("runtime", "confirmed - ...")


def _details(finding: Finding, style: _Style, unsafe_fixes: bool, notes: Sequence[Note]) -> list[str]:
    """The `= label: text` lines under the snippet: what to do, the fix, and any notes."""
    details = []
    if finding.help:
        details.append(("help", finding.help))
    elif finding.message != finding.summary:
        details.append(("note", finding.message))  # no advice apart: the whole explanation
    if finding.fix is not None:
        if finding.fix.safe:
            details.append(("fix", f"{finding.fix.message} (safe, applied by `--fix`)"))
        else:
            details.append(("fix", f"{finding.fix.message} (unsafe: it may change behaviour; needs `--unsafe-fixes`)"))
    details += notes
    return [f"{style('=', BLUE)} {style(label + ':', BOLD)} {text}" for label, text in details]


def render_finding(
    finding: Finding,
    lines: Sequence[str] | None,
    color: bool = False,
    unsafe_fixes: bool = False,
    notes: Sequence[Note] = (),
) -> str:
    """One finding in the full text format: the headline, the source with a caret, then what to
    do. Ends with a blank line that separates it from the next one."""
    style = _Style(color)
    snippet = _snippet(finding, lines, style)
    indent = " " * (len(str(finding.line)) + 1) if snippet else "  "
    out = [_headline(finding, style, unsafe_fixes), *snippet]
    out += [indent + detail for detail in _details(finding, style, unsafe_fixes, notes)]
    return "\n".join(out) + "\n\n"


def render_text(
    findings: Sequence[Finding],
    lines_of: SourceLines = read_lines,
    color: bool = False,
    unsafe_fixes: bool = False,
    notes: Mapping[Finding, Sequence[Note]] | None = None,
) -> str:
    cache: dict[str, Sequence[str] | Mapping[int, Sequence[str]] | None] = {}
    out = []
    for finding in findings:
        if finding.path not in cache:
            cache[finding.path] = lines_of(finding.path)
        shown_notes = notes.get(finding, ()) if notes else ()
        lines = _lines_holding(finding, cache[finding.path])
        out.append(render_finding(finding, lines, color, unsafe_fixes, shown_notes))
    return "".join(out)


def render_concise(findings: Sequence[Finding], color: bool = False, unsafe_fixes: bool = False) -> str:
    style = _Style(color)
    return "".join(_headline(finding, style, unsafe_fixes) + "\n" for finding in findings)


def render_closing(findings: Sequence[Finding], files: int, errors: bool = False, unsafe_fixes: bool = False) -> str:
    """The lines after the findings: how many, and how many `--fix` can fix. `errors`: files
    could not be read or a rule crashed, so "All checks passed" would not be true."""
    checked = f"{files} file{'s' if files != 1 else ''} checked"
    if not findings:
        if errors:
            return ""
        return "No Python files checked.\n" if files == 0 else f"All checks passed ({checked}).\n"
    noun = "finding" if len(findings) == 1 else "findings"
    out = f"Found {len(findings)} {noun} in {checked}.\n"
    safe = sum(1 for f in findings if fixable(f))
    unsafe = sum(1 for f in findings if fixable(f, unsafe_fixes=True)) - safe
    if unsafe_fixes and safe + unsafe:
        out += f"[*] {safe + unsafe} fixable with `--fix --unsafe-fixes`.\n"
    elif safe and unsafe:
        out += f"[*] {safe} fixable with `--fix` ({unsafe} more with `--fix --unsafe-fixes`).\n"
    elif safe:
        out += f"[*] {safe} fixable with `--fix`.\n"
    elif unsafe:
        out += f"No fixes available with `--fix` ({unsafe} with `--fix --unsafe-fixes`).\n"
    return out


def location_text(finding: Finding) -> str:
    """`path:line:column:`, or `path:cell N:line:column:` in a notebook."""
    if finding.cell is None:
        return f"{finding.path}:{finding.line}:{finding.column}:"
    return f"{finding.path}:cell {finding.cell}:{finding.line}:{finding.column}:"


def _lines_holding(finding: Finding, lines: Sequence[str] | Mapping[int, Sequence[str]] | None) -> Sequence[str] | None:
    """The lines a finding's line numbers count: its file's, or its notebook cell's."""
    if isinstance(lines, Mapping):
        return lines.get(finding.cell) if finding.cell is not None else None
    return lines if finding.cell is None else None


def render_json(findings: Sequence[Finding]) -> str:
    return json.dumps([f.to_json() for f in findings], indent=2) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(findings: Sequence[Finding]) -> str:
    out = []
    for f in findings:
        level = "error" if f.severity is Severity.ERROR else "warning"
        properties = ",".join(
            [
                f"file={_escape_property(f.path)}",
                f"line={f.line}",
                f"col={f.column}",
                f"endLine={f.end_line}",
                f"endColumn={f.end_column}",
                f"title={_escape_property(_github_title(f))}",
            ]
        )
        out.append(f"::{level} {properties}::{_escape_data(f'{f.code} {f.message}')}")
    return "\n".join(out) + ("\n" if out else "")


def _github_title(finding: Finding) -> str:
    title = f"{finding.code} {finding.name}"
    return title if finding.cell is None else f"{title} (cell {finding.cell})"


def sarif_log(findings: Sequence[Finding]) -> dict[str, object]:
    descriptors = []
    index_of: dict[str, int] = {}
    for code, (name, summary) in sorted(registry.BUILTIN_CODES.items()):
        index_of[code] = len(descriptors)
        descriptors.append(_descriptor(code, name, summary))
    for rule in registry.RULES:
        index_of[rule.code] = len(descriptors)
        descriptors.append(_descriptor(rule.code, rule.name, rule.summary))
    extra = sorted({f.code for f in findings} - set(index_of))
    for code in extra:  # runtime-only codes reported through the same pipeline
        runtime_code = registry.RUNTIME_BY_CODE.get(code)
        name = next(f.name for f in findings if f.code == code)
        summary = runtime_code.summary if runtime_code is not None else name.replace("-", " ")
        index_of[code] = len(descriptors)
        descriptors.append(_descriptor(code, name, summary))
    results = []
    for f in findings:
        region: dict[str, object] = {
            "startLine": max(1, f.line),
            "startColumn": max(1, f.column),
            "endLine": max(1, f.end_line),
            "endColumn": max(1, f.end_column),
        }
        location: dict[str, object] = {
            "physicalLocation": {
                "artifactLocation": {"uri": Path(f.path).as_posix(), "uriBaseId": "%SRCROOT%"},
                "region": region,
            }
        }
        if f.cell is not None:
            # The region's lines are lines of this notebook cell, not of the JSON file.
            region["properties"] = {"cell": f.cell}
            location["logicalLocations"] = [
                {"name": f"cell {f.cell}", "fullyQualifiedName": f"{Path(f.path).as_posix()}:cell {f.cell}"}
            ]
        result: dict[str, object] = {
            "ruleId": f.code,
            "ruleIndex": index_of[f.code],
            "level": "error" if f.severity is Severity.ERROR else "warning",
            "message": {"text": f.message},
            "properties": {"summary": f.summary, **({"help": f.help} if f.help else {})},
            "locations": [location],
        }
        results.append(result)
    return {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "scanlint",
                        "version": __version__,
                        "rules": descriptors,
                    }
                },
                "results": results,
            }
        ],
    }


def _descriptor(code: str, name: str, summary: str) -> dict[str, object]:
    return {
        "id": code,
        "name": name,
        "shortDescription": {"text": summary},
        "defaultConfiguration": {"level": "error"},
    }


def render_sarif(findings: Sequence[Finding]) -> str:
    return json.dumps(sarif_log(findings), indent=2) + "\n"


def render(
    findings: Sequence[Finding],
    output_format: str,
    color: bool = False,
    lines_of: SourceLines = read_lines,
    unsafe_fixes: bool = False,
) -> str:
    """`unsafe_fixes`: `--unsafe-fixes` was given, so findings with an unsafe fix count as fixable."""
    if output_format == "text":
        return render_text(findings, lines_of, color, unsafe_fixes)
    if output_format == "concise":
        return render_concise(findings, color, unsafe_fixes)
    if output_format == "json":
        return render_json(findings)
    if output_format == "sarif":
        return render_sarif(findings)
    if output_format == "github":
        return render_github(findings)
    raise ValueError(output_format)


STATISTICS_FORMATS = ("text", "json")


def render_statistics(findings: Sequence[Finding], output_format: str = "text", unsafe_fixes: bool = False) -> str:
    """A count per rule; in text, `[*]` marks the rules whose findings `--fix` can all fix."""
    counts = Counter((f.code, f.name) for f in findings)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    every_fixable = {code: all(fixable(f, unsafe_fixes) for f in findings if f.code == code) for (code, _), _ in rows}
    if output_format == "json":
        return json.dumps(
            [{"code": code, "name": name, "count": count} for (code, name), count in rows],
            indent=2,
        ) + "\n"
    return "".join(f"{count:5d}  {code}  {'[*]' if every_fixable[code] else '[ ]'} {name}\n" for (code, name), count in rows)
