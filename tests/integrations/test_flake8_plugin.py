"""The flake8 plugin, run through the real `flake8` command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from integration_helpers import BAD_SOURCE, GOOD_SOURCE, SUPPRESSED_SOURCE, findings_in_text


def flake8(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "flake8", "--isolated", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "good.py").write_text(GOOD_SOURCE)
    (tmp_path / "bad.py").write_text(BAD_SOURCE)
    (tmp_path / "suppressed.py").write_text(SUPPRESSED_SOURCE)
    return tmp_path


def test_the_plugin_is_registered() -> None:
    result = flake8("--version", cwd=Path.cwd())
    assert "scanlint: 0.1.0" in result.stdout


def test_findings_come_out_as_flake8_errors_and_noqa_suppresses_them(project: Path) -> None:
    result = flake8("--select", "SCN", ".", cwd=project)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("./bad.py:7:16: SCN201 scan body returns ")
    assert findings_in_text(result.stdout) == {("./bad.py", 7, "SCN201")}


def test_scn_codes_are_selected_by_default(project: Path) -> None:
    result = flake8("bad.py", cwd=project)
    assert ("bad.py", 7, "SCN201") in findings_in_text(result.stdout)


def test_flake8_ignore_and_per_file_ignores_apply(project: Path) -> None:
    assert flake8("--select", "SCN", "--extend-ignore", "SCN201", ".", cwd=project).stdout == ""
    per_file = flake8("--select", "SCN", "--per-file-ignores", "bad.py:SCN2", ".", cwd=project)
    assert per_file.stdout == ""


def test_tool_scanlint_configuration_applies(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.scanlint]\nignore = ["scan-body-not-pair"]\n')
    result = flake8("--select", "SCN", ".", cwd=project)
    assert result.returncode == 0 and result.stdout == ""


def test_a_configuration_error_is_reported_with_its_message(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.scanlint]\nselect = ["SCN999"]\n')
    result = flake8("--select", "SCN", "bad.py", cwd=project)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr, result.stderr
    assert "bad.py:1:1: SCN002 scanlint configuration error: " in result.stdout
    assert "unknown rule code or name 'SCN999'" in result.stdout


def test_a_coding_cookie_is_kept(project: Path) -> None:
    source = "# -*- coding: latin-1 -*-\n# caf\xe9\n" + BAD_SOURCE
    (project / "latin.py").write_bytes(source.encode("latin-1"))
    result = flake8("--select", "SCN", "latin.py", cwd=project)
    assert findings_in_text(result.stdout) == {("latin.py", 9, "SCN201")}


def test_a_malformed_pyproject_leaves_flake8_own_checks_working(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.scanlint]\nselect = SCN2\n')
    (project / "unused.py").write_text("import os\n")
    result = flake8("--select", "E,F", "unused.py", "bad.py", cwd=project)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stdout.splitlines() == ["unused.py:1:1: F401 'os' imported but unused"]
    assert result.returncode == 1


def test_a_malformed_pyproject_is_one_located_scanlint_error_per_file(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.scanlint]\nselect = SCN2\n')
    result = flake8("--select", "SCN", "bad.py", cwd=project)
    assert "Traceback" not in result.stderr, result.stderr
    (line,) = result.stdout.splitlines()
    assert line.startswith("bad.py:1:1: SCN002 scanlint configuration error: ")
    assert f"{project / 'pyproject.toml'}: not valid TOML: " in line and "(at line 2, column 10)" in line
    assert result.returncode == 1


def test_tool_scanlint_exclude_applies(project: Path) -> None:
    (project / "generated").mkdir()
    (project / "generated" / "bad.py").write_text(BAD_SOURCE)
    (project / "pyproject.toml").write_text('[tool.scanlint]\nexclude = ["bad.py", "generated/*"]\n')
    result = flake8("--select", "SCN", ".", cwd=project)
    assert result.stdout == "" and result.returncode == 0, result.stdout + result.stderr


def test_patterns_with_a_slash_match_paths_given_through_dot_dot(project: Path) -> None:
    (project / "src" / "gen").mkdir(parents=True)
    (project / "src" / "vendored").mkdir()
    (project / "src" / "gen" / "x.py").write_text(BAD_SOURCE)
    (project / "src" / "vendored" / "y.py").write_text(BAD_SOURCE)
    (project / "pyproject.toml").write_text(
        '[tool.scanlint]\nper-file-ignores = { "src/gen/*" = ["SCN201"] }\nexclude = ["src/vendored/*"]\n'
    )
    result = flake8("--select", "SCN", "..", cwd=project / "src")
    assert findings_in_text(result.stdout) == {("../bad.py", 7, "SCN201")}, result.stdout + result.stderr
