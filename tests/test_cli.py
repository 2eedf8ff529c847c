"""The real console script, run in a subprocess on real files."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("scanlint")

CARRY_ALONE = textwrap.dedent(
    """\
    from jax import lax


    def total(xs):
        def step(carry, x):
            return carry + x
        return lax.scan(step, 0.0, xs)
    """
)
CLEAN = textwrap.dedent(
    """\
    from jax import lax


    def total(xs):
        return lax.scan(lambda c, x: (c + x, None), 0.0, xs)
    """
)


def run(*args: str, cwd: Path, stdin: str | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environment.update(env or {})
    return subprocess.run(
        [str(SCRIPT), *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "bad.py").write_text(CARRY_ALONE)
    (tmp_path / "good.py").write_text(CLEAN)
    return tmp_path


def test_findings_exit_1_with_located_text_and_caret(project: Path) -> None:
    result = run("check", cwd=project)
    assert result.returncode == 1, result.stderr
    assert result.stdout == textwrap.dedent(
        """\
        bad.py:6:16: SCN201 scan body returns the carry alone, not a (carry, out) pair
          |
        5 |     def step(carry, x):
        6 |         return carry + x
          |                ^^^^^^^^^ SCN201
          |
          = help: Return `carry, None` when there is no per-step output.
          = fix: return `(carry, None)` (unsafe: it may change behaviour; needs `--unsafe-fixes`)

        Found 1 finding in 2 files checked.
        No fixes available with `--fix` (1 with `--fix --unsafe-fixes`).
        """
    )


def test_concise_is_one_line_per_finding(project: Path) -> None:
    (project / "discarded.py").write_text(CARRY_ALONE.replace("return lax.scan(", "final, _ = lax.scan("))
    result = run("check", "--output-format", "concise", cwd=project)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "bad.py:6:16: SCN201 scan body returns the carry alone, not a (carry, out) pair",
        "discarded.py:6:16: SCN201 [*] scan body returns the carry alone, not a (carry, out) pair",
        "Found 2 findings in 3 files checked.",
        "[*] 1 fixable with `--fix` (1 more with `--fix --unsafe-fixes`).",
    ]
    quiet = run("check", "--output-format", "concise", "--quiet", cwd=project)
    assert len(quiet.stdout.splitlines()) == 2


def test_the_readme_output_samples_are_what_check_prints(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Output\n", 1)[1].split("\n### ", 1)[0]
    (source,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    (tmp_path / "bad.py").write_text(source)
    samples = re.findall(r"```console\n\$ scanlint (.*?)\n(.*?)```", section, re.DOTALL)
    assert len(samples) == 2
    for command, shown in samples:
        result = run(*shlex.split(command), "--no-cache", cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        assert result.stdout == shown, command


def test_clean_exit_0(project: Path) -> None:
    result = run("check", "good.py", cwd=project)
    assert result.returncode == 0
    assert result.stdout == "All checks passed (1 file checked).\n"


def test_python_dash_m_behaves_like_the_console_script(project: Path) -> None:
    script = run("check", "--output-format", "json", cwd=project)
    module = subprocess.run(
        [sys.executable, "-m", "scanlint", "check", "--output-format", "json"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (module.returncode, module.stdout) == (script.returncode, script.stdout)


def test_exit_zero_and_quiet(project: Path) -> None:
    result = run("check", "--exit-zero", "--quiet", cwd=project)
    assert result.returncode == 0
    assert "Found" not in result.stdout and "fixable" not in result.stdout and "SCN201" in result.stdout


def test_json_has_the_documented_keys(project: Path) -> None:
    result = run("check", "--output-format", "json", cwd=project)
    (finding,) = json.loads(result.stdout)
    assert set(finding) >= {"path", "line", "column", "end_line", "end_column", "code", "name", "message", "summary", "help", "severity", "fix"}
    assert (finding["path"], finding["line"], finding["column"], finding["code"]) == ("bad.py", 6, 16, "SCN201")


def test_github_annotations(project: Path) -> None:
    result = run("check", "--output-format", "github", cwd=project)
    assert result.stdout.startswith("::error file=bad.py,line=6,col=16,endLine=6,endColumn=25,title=SCN201 scan-body-not-pair::SCN201 ")


def test_statistics(project: Path) -> None:
    result = run("check", "--statistics", "--quiet", cwd=project)
    assert result.stdout == "    1  SCN201  [ ] scan-body-not-pair\n"


def test_select_and_ignore_accept_codes_prefixes_and_names(project: Path) -> None:
    assert run("check", "--select", "SCN3", cwd=project).returncode == 0
    assert run("check", "--select", "scan-body-not-pair", cwd=project).returncode == 1
    assert run("check", "--ignore", "SCN2", cwd=project).returncode == 0
    assert run("check", "--ignore", "SCN201,SCN202", cwd=project).returncode == 0


@pytest.mark.parametrize("flag", ["--select", "--ignore"])
def test_unknown_code_is_a_usage_error(project: Path, flag: str) -> None:
    result = run("check", flag, "SCN999", cwd=project)
    assert result.returncode == 2
    assert "unknown rule code or name 'SCN999'" in result.stderr


def test_stdin_filename(project: Path) -> None:
    result = run("check", "--stdin-filename", "editor.py", cwd=project, stdin=CARRY_ALONE)
    assert result.returncode == 1
    assert result.stdout.startswith("editor.py:6:16: SCN201")
    assert "6 |         return carry + x\n" in result.stdout


def test_colour_only_when_forced_and_never_with_no_color(project: Path) -> None:
    for output_format in ("text", "concise"):
        assert "\x1b[" not in run("check", "--output-format", output_format, cwd=project).stdout  # not a TTY
        assert "\x1b[" in run("check", "--output-format", output_format, "--color", "always", cwd=project).stdout
        assert "\x1b[" not in run("check", "--output-format", output_format, cwd=project, env={"NO_COLOR": "1"}).stdout


def test_syntax_error_is_reported_and_the_run_goes_on(project: Path) -> None:
    (project / "broken.py").write_text("from jax import lax\ndef f(:\n    lax.scan\n")
    result = run("check", cwd=project)
    assert result.returncode == 1
    assert "broken.py:2:7: SCN000 syntax error" in result.stdout
    assert "bad.py:6:16: SCN201" in result.stdout


def test_undecodable_file_gets_a_located_error(project: Path) -> None:
    (project / "latin.py").write_bytes(b"# scan\nname = '\xe9t\xe9'\n")
    result = run("check", "latin.py", cwd=project)
    assert result.returncode == 1
    assert "latin.py:2:9: SCN000 cannot decode byte 0xe9 as utf-8" in result.stdout


def test_pep263_cookie_is_honoured(project: Path) -> None:
    source = "# -*- coding: latin-1 -*-\n" + CARRY_ALONE.replace("def total", "# caf\xe9\ndef total")
    (project / "cookie.py").write_bytes(source.encode("latin-1"))
    result = run("check", "cookie.py", cwd=project)
    assert result.returncode == 1 and "cookie.py:8:16: SCN201" in result.stdout


def test_missing_path_is_an_error_but_other_files_are_checked(project: Path) -> None:
    result = run("check", "nope.py", "bad.py", cwd=project)
    assert result.returncode == 2
    assert "nope.py:1:1: SCN002 no such file or directory" in result.stderr
    assert "bad.py:6:16: SCN201" in result.stdout


def test_noqa_and_skip_file(project: Path) -> None:
    (project / "bad.py").write_text(CARRY_ALONE.replace("return carry + x", "return carry + x  # noqa: SCN201"))
    assert run("check", "bad.py", cwd=project).returncode == 0
    (project / "bad.py").write_text(CARRY_ALONE.replace("return carry + x", "return carry + x  # noqa: SCN203"))
    assert run("check", "bad.py", cwd=project).returncode == 1
    (project / "bad.py").write_text(CARRY_ALONE.replace("return carry + x", "return carry + x  # noqa"))
    assert run("check", "bad.py", cwd=project).returncode == 0
    (project / "bad.py").write_text(CARRY_ALONE.replace("return carry + x", "return carry + x  # noqa: scan-body-not-pair"))
    assert run("check", "bad.py", cwd=project).returncode == 0
    (project / "bad.py").write_text("# scanlint: skip-file\n" + CARRY_ALONE)
    assert run("check", "bad.py", cwd=project).returncode == 0


def test_pyproject_config_select_ignore_per_file_ignores_exclude(project: Path) -> None:
    (project / "vendored").mkdir()
    (project / "vendored" / "old.py").write_text(CARRY_ALONE)
    (project / "tests").mkdir()
    (project / "tests" / "test_x.py").write_text(CARRY_ALONE)
    (project / "pyproject.toml").write_text(
        textwrap.dedent(
            """\
            [tool.scanlint]
            select = ["SCN"]
            per-file-ignores = { "tests/*" = ["SCN201"] }
            extend-exclude = ["vendored"]
            """
        )
    )
    result = run("check", "--output-format", "json", cwd=project)
    assert [f["path"] for f in json.loads(result.stdout)] == ["bad.py"]
    # Run from a subdirectory: the nearest pyproject above the paths still applies.
    result = run("check", "--output-format", "json", ".", cwd=project / "tests")
    assert json.loads(result.stdout) == []


def nested_project(root: Path) -> None:
    """src/bad.py is reported; src/gen/x.py is per-file-ignored and src/vendored/y.py excluded
    by patterns with a `/`."""
    for directory in ("src/gen", "src/vendored"):
        (root / directory).mkdir(parents=True)
    for name in ("src/bad.py", "src/gen/x.py", "src/vendored/y.py"):
        (root / name).write_text(CARRY_ALONE)
    (root / "pyproject.toml").write_text(
        '[tool.scanlint]\nper-file-ignores = { "src/gen/*" = ["SCN201"] }\nexclude = ["src/vendored/*"]\n'
    )


def reported_files(result: subprocess.CompletedProcess[str]) -> list[str]:
    assert result.returncode == 1, result.stdout + result.stderr
    return [Path(f["path"]).name for f in json.loads(result.stdout)]


def test_patterns_with_a_slash_match_paths_given_through_dot_dot_and_symlinks(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    nested_project(project)
    (tmp_path / "link").symlink_to(project)
    assert reported_files(run("check", "--no-cache", "--output-format", "json", cwd=project)) == ["bad.py"]
    from_below = run("check", "--no-cache", "--output-format", "json", "..", cwd=project / "src")
    assert reported_files(from_below) == ["bad.py"]
    through_link = run("check", "--no-cache", "--output-format", "json", "link/src", cwd=tmp_path)
    assert reported_files(through_link) == ["bad.py"]
    named_file = run("check", "--no-cache", "--output-format", "json", "../src/gen/x.py", "vendored/y.py", cwd=project / "src")
    assert named_file.returncode == 0 and json.loads(named_file.stdout) == []


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ('[tool.scanlint]\nselekt = ["SCN"]\n', "unknown key 'selekt'"),
        ('[tool.scanlint]\nignore = ["SCN777"]\n', "unknown rule code or name 'SCN777'"),
        ('[tool.scanlint]\nselect = "SCN2"\n', "select must be a list of strings"),
        ("[tool.scanlint\nselect = 1\n", "not valid TOML"),
    ],
)
def test_config_errors_name_the_problem_and_the_file(project: Path, table: str, expected: str) -> None:
    (project / "pyproject.toml").write_text(table)
    result = run("check", cwd=project)
    assert result.returncode == 2
    assert expected in result.stderr
    assert "pyproject.toml" in result.stderr
    assert "Traceback" not in result.stderr


def test_discovery_skips_virtualenvs_and_vcs_dirs(project: Path) -> None:
    for directory in (".git", ".venv", "build", "env_custom"):
        (project / directory).mkdir()
        (project / directory / "x.py").write_text(CARRY_ALONE)
    (project / "env_custom" / "pyvenv.cfg").write_text("home = /usr\n")
    result = run("check", "--output-format", "json", cwd=project)
    assert [f["path"] for f in json.loads(result.stdout)] == ["bad.py"]


def test_rules_and_explain(project: Path) -> None:
    listing = run("rules", cwd=project)
    assert listing.returncode == 0 and "SCN201  scan-body-not-pair" in listing.stdout
    page = run("explain", "SCN201", cwd=project)
    assert page.returncode == 0 and page.stdout.startswith("# SCN201 `scan-body-not-pair`")
    assert run("explain", "scan-body-not-pair", cwd=project).stdout == page.stdout
    for runtime_code in ("SCN901", "SCN902", "SCN903", "SCN904", "SCN905", "SCN906"):
        assert f"{runtime_code}  " in listing.stdout
        runtime_page = run("explain", runtime_code, cwd=project)
        assert runtime_page.returncode == 0 and runtime_page.stdout.startswith(f"# {runtime_code} `")
        assert "Reported by `scanlint trace`" in runtime_page.stdout
    assert "SCN904  unexpected-recompile" in listing.stdout and listing.stdout.count("(reported by scanlint trace)") == 6
    assert run("explain", "unexpected-recompile", cwd=project).stdout.startswith("# SCN904 `unexpected-recompile`")
    unknown = run("explain", "SCN999", cwd=project)
    assert unknown.returncode == 2 and "unknown rule 'SCN999'" in unknown.stderr


def test_no_command_and_bad_flags_exit_2(project: Path) -> None:
    assert run(cwd=project).returncode == 2
    assert run("check", "--output-format", "xml", cwd=project).returncode == 2


WITHOUT_JAX = textwrap.dedent(
    """\
    import sys


    class NoJax:
        \"\"\"An environment where JAX is not installed: importing it fails as it would there.\"\"\"

        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in ("jax", "jaxlib", "flax"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None


    sys.meta_path.insert(0, NoJax())
    from scanlint.frontends.cli import main

    sys.exit(main(sys.argv[1:]))
    """
)


def test_trace_without_jax_says_to_install_the_runtime_extra(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text("print('trained')\n")
    result = subprocess.run(
        [sys.executable, "-c", WITHOUT_JAX, "trace", "train.py"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr and "File " not in result.stderr
    assert result.stderr.startswith("scanlint trace: error: ")
    assert "install scanlint with its runtime extra, scanlint[runtime] (pip install '/path/to/scanlint[runtime]'" in result.stderr
    help_text = subprocess.run(
        [sys.executable, "-c", WITHOUT_JAX, "trace", "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert help_text.returncode == 0 and "TARGET" in help_text.stdout


def test_check_help_explains_every_option_and_the_paths(project: Path) -> None:
    help_text = run("check", "--help", cwd=project).stdout
    for option in ("--output-format", "--color", "--statistics", "--unsafe-fixes"):
        (line,) = [l for l in help_text.splitlines() if l.strip().startswith(option)]
        described = help_text.split(line, 1)[1].split("\n  -", 1)[0]
        assert len((line + described).split()) > 4, f"{option} has no help text"
    assert "PATH                  Python files and directories to lint (default: .)" in help_text


def test_a_mistyped_flag_after_check_shows_the_usage_of_check(project: Path) -> None:
    result = run("check", "--fix-all", cwd=project)
    assert result.returncode == 2
    assert result.stderr.startswith("usage: scanlint check ")
    assert result.stderr.rstrip().endswith("scanlint: error: unrecognized arguments: --fix-all")


def test_trace_help_names_the_target_arguments_and_the_exit_codes(project: Path) -> None:
    result = run("trace", "--help", cwd=project)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: scanlint trace ") and "TARGET [-- ARGS ...]" in result.stdout
    assert "everything after -- goes to the target" in result.stdout
    assert "exit status:" in result.stdout and "128+N" in result.stdout


def test_unsafe_fixes_alone_says_what_the_fixes_would_fix_and_changes_nothing(project: Path) -> None:
    (project / "bad.py").write_text(CARRY_ALONE.replace("return lax.scan(step, 0.0, xs)", "final, _ = lax.scan(step, 0.0, xs)\n    return final"))
    (project / "unsafe.py").write_text(CARRY_ALONE)
    before = (project / "bad.py").read_text(), (project / "unsafe.py").read_text()
    result = run("check", "--unsafe-fixes", cwd=project)
    assert result.returncode == 1
    assert "scanlint: 2 of the findings can be fixed (1 only by unsafe fixes): review them with --diff --unsafe-fixes, apply them with --fix --unsafe-fixes" in result.stderr
    assert ((project / "bad.py").read_text(), (project / "unsafe.py").read_text()) == before
    clean = run("check", "--unsafe-fixes", "good.py", cwd=project)
    assert clean.returncode == 0 and "no fixes available" in clean.stderr


def test_statistics_as_json_and_refused_for_sarif(project: Path) -> None:
    result = run("check", "--statistics", "--output-format", "json", cwd=project)
    assert result.returncode == 1
    assert json.loads(result.stdout) == [{"code": "SCN201", "name": "scan-body-not-pair", "count": 1}]
    refused = run("check", "--statistics", "--output-format", "sarif", cwd=project)
    assert refused.returncode == 2 and refused.stdout == ""
    assert "scanlint: error: --statistics prints text or json, not sarif" in refused.stderr


def test_unknown_scanlint_codes_in_noqa_are_warned_about_without_failing_the_run(project: Path) -> None:
    (project / "good.py").write_text(
        CLEAN.replace("def total(xs):", "def total(xs):  # noqa: SCN999, E501")
        + "import os  # noqa: F401,SCN2,scan-body-not-pair,SCN904\nx = 1  # NOQA:scn1234\n"
        + "text = '# noqa: SCN998 in a string is no directive'\n"
    )
    result = run("check", "good.py", cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr.splitlines() == [
        "scanlint: warning: Invalid `# noqa` directive on good.py:4: unknown code SCN999",
        "scanlint: warning: Invalid `# noqa` directive on good.py:7: unknown code scn1234",
    ]
    cached = run("check", "good.py", cwd=project)  # answered from the cache: still warned
    assert cached.stderr == result.stderr


def test_a_named_file_that_is_not_python_is_skipped_with_a_warning(project: Path) -> None:
    (project / "notes.txt").write_text("lax.scan is great\n")
    (project / "tool").write_text("#!/usr/bin/env python3\n" + CARRY_ALONE)
    result = run("check", "notes.txt", "tool", cwd=project)
    assert result.returncode == 1
    assert result.stderr == "scanlint: warning: notes.txt: not a Python file (not .py or .pyi, and no python shebang); skipped\n"
    assert findings_in(result.stdout) == {"tool"}
    alone = run("check", "notes.txt", cwd=project)
    assert alone.returncode == 0 and "All checks passed" not in alone.stdout
    assert alone.stdout == "No Python files checked.\n"


def findings_in(text: str) -> set[str]:
    return {line.split(":", 1)[0] for line in text.splitlines() if ": SCN" in line}


def test_the_trace_child_without_jax_reports_the_missing_extra_without_a_traceback(tmp_path: Path) -> None:
    """The child's own fallback, for an environment where JAX is found but cannot be imported."""
    (tmp_path / "train.py").write_text("print('trained')\n")
    result_file = tmp_path / "result.json"
    child = WITHOUT_JAX.replace(
        "from scanlint.frontends.cli import main\n\nsys.exit(main(sys.argv[1:]))",
        "import runpy\n\nrunpy.run_module('scanlint.runtime._child', run_name='__main__')",
    )
    completed = subprocess.run(
        [sys.executable, "-c", child, "--result", str(result_file), "--kind", "script", "train.py", "--"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    status = json.loads(result_file.read_text())["status"]
    assert status["outcome"] == "setup-error" and status["traceback"] is None
    assert status["error"].startswith("ModuleNotFoundError: No module named 'jax'; install scanlint with its runtime extra")
