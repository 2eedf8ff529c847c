"""The pre-commit hooks, run end to end with the real `pre-commit try-repo`.

try-repo clones the hook repository, builds the hook's environment from scratch (pip installs
scanlint and LibCST from PyPI) and runs it on a temporary git repository. The hook repository is
made from this checkout's package files, so uncommitted changes are tested too. A run takes 12 to
15 s on an idle machine (more under load), so the tests share the runs they can.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from integration_helpers import (
    BAD_SOURCE,
    FIXTURES,
    GOOD_SOURCE,
    REPO,
    commit_everything,
    findings_in_text,
    make_scanlint_repository,
    scan_notebook,
)

from scanlint.findings import INTERNAL_ERROR, READ_ERROR

def try_repo(hook_repo: Path, target: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), *args],
        cwd=target, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = tmp_path_factory.mktemp("hook-repo")
    make_scanlint_repository(repo)
    return repo


@pytest.fixture(scope="module")
def all_files_run(hook_repo: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Both hooks on a repository holding bad.py, good.py, a notebook and a copy of fixtures/."""
    target = tmp_path_factory.mktemp("target-all")
    (target / "bad.py").write_text(BAD_SOURCE)
    (target / "good.py").write_text(GOOD_SOURCE)
    (target / "analysis.ipynb").write_text(scan_notebook(bad=True))
    shutil.copytree(FIXTURES, target / "fixtures", ignore=shutil.ignore_patterns("__pycache__"))
    commit_everything(target)
    return try_repo(hook_repo, target, "--all-files"), target


def hook_output(output: str, hook_id: str) -> str:
    """The part of pre-commit's output that one hook printed."""
    sections = output.split("- hook id: ")
    for section in sections[1:]:
        if section.split("\n", 1)[0].strip() == hook_id:
            return section
    raise AssertionError(f"no output from hook {hook_id!r} in:\n{output}")


def test_a_good_file_passes_both_hooks(hook_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(GOOD_SOURCE)
    commit_everything(tmp_path)
    result = try_repo(hook_repo, tmp_path, "--files", "good.py")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "scanlint....." in result.stdout and "Passed" in result.stdout
    assert "Failed" not in result.stdout


def test_the_check_hook_fails_on_the_bad_file_with_its_code(all_files_run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    result, _ = all_files_run
    assert result.returncode == 1, result.stdout + result.stderr
    check = hook_output(result.stdout, "scanlint")
    assert "bad.py:7:16: SCN201 scan body returns " in check
    assert "good.py:" not in check


def test_the_check_hook_reports_what_the_cli_reports_on_the_fixtures(all_files_run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    result, _ = all_files_run
    check = hook_output(result.stdout, "scanlint")
    from_hook = {f for f in findings_in_text(check) if f[0].startswith("fixtures/")}
    cli = subprocess.run(
        [sys.executable, "-m", "scanlint", "check", "--no-cache", "--output-format", "github", "fixtures"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    from_cli = set()
    for line in cli.stdout.splitlines():
        properties = dict(part.split("=", 1) for part in line.split(" ", 1)[1].split("::", 1)[0].split(","))
        code = line.split("::", 2)[2].split(" ", 1)[0]
        from_cli.add((properties["file"], int(properties["line"]), code))
    assert from_hook == {f for f in from_cli if f[2] not in (INTERNAL_ERROR, READ_ERROR)}
    assert from_hook


def test_the_fix_hook_applies_safe_fixes_and_reports_the_rest(all_files_run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    result, target = all_files_run
    fix = hook_output(result.stdout, "scanlint-fix")
    assert "files were modified by this hook" in fix
    fixed = (target / "fixtures" / "broken_fori_loop_returns_pair.py").read_text()
    assert "return acc * base  # expect: SCN205" in fixed
    # SCN201 on bad.py has no safe fix: it is reported and the file is left alone.
    assert "bad.py:7:16: SCN201" in fix
    assert (target / "bad.py").read_text() == BAD_SOURCE


def test_both_hooks_cover_notebooks(all_files_run: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    """The check hook reports the notebook's finding by cell; the fix hook fixes its cell and
    keeps its output, and then the notebook still is a valid notebook."""
    nbformat = pytest.importorskip("nbformat")
    result, target = all_files_run
    assert "analysis.ipynb:cell 3:3:12: SCN201 " in hook_output(result.stdout, "scanlint")
    assert "analysis.ipynb" not in hook_output(result.stdout, "scanlint-fix")
    original = scan_notebook(bad=True)
    fixed = (target / "analysis.ipynb").read_text()
    assert fixed == original.replace('"    return carry + x\\n",', '"    return carry + x, None\\n",', 1) != original
    nbformat.validate(nbformat.reads(fixed, as_version=4))


def test_the_hooks_stay_static() -> None:
    """The hook environment is `pip install .` plus nothing: scanlint's core dependencies are LibCST
    alone, so JAX is never installed (and `scanlint check` never imports it)."""
    hooks = {hook["id"]: hook for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"scanlint", "scanlint-fix"}
    for hook in hooks.values():
        assert hook["language"] == "python" and hook["types_or"] == ["python", "jupyter"]
        assert "additional_dependencies" not in hook
    assert hooks["scanlint"]["entry"] == "scanlint check"
    assert hooks["scanlint-fix"]["entry"] == "scanlint check --fix"
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert [d.split(">")[0].split("=")[0] for d in project["dependencies"]] == ["libcst"]
