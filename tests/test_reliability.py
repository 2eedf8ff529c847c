"""Bad input: every class gets a clear, located message, the run goes on, the exit code follows
the contract, and no file is lost. The table in tests/RELIABILITY.md is checked against what these
runs print; regenerate it with `SCANLINT_UPDATE_RELIABILITY=1 python -m pytest tests/test_reliability.py`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import REPO

from scanlint import api, engine, registry
from scanlint.config import load_settings
from scanlint.findings import INTERNAL_ERROR


SCRIPT = Path(sys.executable).with_name("scanlint")
TABLE = REPO / "tests" / "RELIABILITY.md"
SCAN = "from jax import lax\n\n\ndef f(xs):\n    return lax.scan(lambda c, x: c, 0.0, xs)\n"


@dataclass(frozen=True)
class BadInput:
    label: str
    make: Callable[[Path], list[str]]  # builds files under the directory, returns CLI arguments
    exit_code: int
    shows: str  # a line the user sees (stdout or stderr), `{dir}`-free


def write(name: str, data: bytes | str) -> Callable[[Path], list[str]]:
    def make(directory: Path) -> list[str]:
        target = directory / name
        if isinstance(data, str):
            target.write_text(data, encoding="utf-8")
        else:
            target.write_bytes(data)
        return ["check", "--no-cache", name]

    return make


def pyproject(table: str | bytes) -> Callable[[Path], list[str]]:
    def make(directory: Path) -> list[str]:
        if isinstance(table, bytes):
            (directory / "pyproject.toml").write_bytes(table)
        else:
            (directory / "pyproject.toml").write_text(table)
        (directory / "m.py").write_text(SCAN)
        return ["check", "--no-cache", "m.py"]

    return make


def symlink_loop(directory: Path) -> list[str]:
    (directory / "a.py").symlink_to(directory / "b.py")
    (directory / "b.py").symlink_to(directory / "a.py")
    (directory / "ok.py").write_text(SCAN)
    return ["check", "--no-cache", "a.py", "ok.py"]


def directory_named_py(directory: Path) -> list[str]:
    (directory / "pkg.py").mkdir()
    (directory / "pkg.py" / "inner.py").write_text(SCAN)
    return ["check", "--no-cache", "pkg.py"]


def fifo(directory: Path) -> list[str]:
    os.mkfifo(directory / "pipe.py")
    (directory / "ok.py").write_text(SCAN)
    return ["check", "--no-cache", ".", "pipe.py"]


def ten_megabytes(directory: Path) -> list[str]:
    comment = "# " + "x" * 98 + "\n"
    (directory / "big.py").write_text(comment * 100_000 + SCAN)
    return ["check", "--no-cache", "big.py"]


CASES = [
    BadInput("syntax error", write("m.py", "from jax import lax\ndef f(:\n    lax.scan\n"), 1, "m.py:2:7: SCN000 syntax error: invalid syntax"),
    BadInput("undecodable bytes", write("m.py", b"from jax import lax\nx = '\xff'\nlax.scan\n"), 1, "m.py:2:6: SCN000 cannot decode byte 0xff as utf-8: invalid start byte"),
    BadInput("unknown PEP 263 encoding", write("m.py", b"# -*- coding: klingon -*-\nlax.scan\n"), 1, "m.py:1:1: SCN000 unknown encoding: klingon"),
    BadInput("cookie that does not match the bytes", write("m.py", b"# coding: ascii\nname = 'caf\xc3\xa9'\nlax.scan\n"), 1, "m.py:2:12: SCN000 cannot decode byte 0xc3 as ascii: ordinal not in range(128)"),
    BadInput("coding cookie naming a codec that is not a text encoding", write("m.py", b"# coding: zlib\n" + SCAN.encode()), 1, "m.py:1:1: SCN000 coding cookie 'zlib' is not a text encoding"),
    BadInput("coding cookie naming an encoding that is not ASCII-compatible", write("m.py", b"#!/usr/bin/env python\n# coding: utf-16\n" + SCAN.encode()), 1, "m.py:2:1: SCN000 coding cookie 'utf-16' is not an ASCII-compatible encoding: it cannot be the encoding of Python source"),
    BadInput("NUL byte", write("m.py", b"from jax import lax\x00\nlax.scan\n"), 1, "m.py:1:20: SCN000 source contains a NUL byte"),
    BadInput("empty file", write("m.py", b""), 0, "All checks passed (1 file checked)."),
    BadInput("UTF-8 BOM", write("m.py", b"\xef\xbb\xbf" + SCAN.encode()), 1, "m.py:5:34: SCN201 scan body returns the carry alone, not a (carry, out) pair"),
    BadInput("CRLF line endings", write("m.py", SCAN.replace("\n", "\r\n").encode()), 1, "m.py:5:34: SCN201 scan body returns the carry alone, not a (carry, out) pair"),
    BadInput("mixed line endings", write("m.py", SCAN.replace("\n", "\r\n", 2).encode()), 1, "m.py:5:34: SCN201 scan body returns the carry alone, not a (carry, out) pair"),
    BadInput("tab indentation", write("m.py", SCAN.replace("    ", "\t")), 1, "m.py:5:31: SCN201 scan body returns the carry alone, not a (carry, out) pair"),
    BadInput("inconsistent tabs and spaces", write("m.py", "from jax import lax\nif lax.scan:\n\tx = 1\n        y = 2\n"), 1, "m.py:4:1: SCN000 syntax error: inconsistent use of tabs and spaces in indentation"),
    BadInput("10 MB file", ten_megabytes, 1, "big.py:100005:34: SCN201 scan body returns the carry alone, not a (carry, out) pair"),
    BadInput("parentheses nested 300 deep", write("m.py", "from jax import lax\nx = " + "(" * 300 + "lax.scan" + ")" * 300 + "\n"), 1, "m.py:2:205: SCN000 syntax error: too many nested parentheses"),
    BadInput("expression nested past the recursion limit", write("m.py", "from jax import lax\nx = lax.scan(f, " + "+".join(["1"] * 20000) + ", xs)\n"), 1, "m.py:1:1: SCN000 cannot parse: nested too deeply"),
    BadInput("directory named x.py", directory_named_py, 1, "pkg.py/inner.py:5:34: SCN201 scan body returns the carry alone, not a (carry, out) pair"),
    BadInput("symlink loop", symlink_loop, 2, "a.py:1:1: SCN002 broken symlink or symlink loop"),
    BadInput("FIFO named x.py", fifo, 2, "pipe.py:1:1: SCN002 not a regular file or directory"),
    BadInput("path that does not exist", lambda d: ["check", "missing.py"], 2, "missing.py:1:1: SCN002 no such file or directory"),
    BadInput("pyproject.toml that is not TOML", pyproject("[tool.scanlint\n"), 2, "scanlint: error: {dir}/pyproject.toml: not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 15)"),
    BadInput("unknown config key", pyproject("[tool.scanlint]\nselct = ['SCN2']\n"), 2, "scanlint: error: {dir}/pyproject.toml [tool.scanlint]: unknown key 'selct'; known keys: exclude, extend-exclude, extend-select, ignore, max-file-size, per-file-ignores, select, trace-timeout"),
    BadInput("pyproject.toml that is not UTF-8", pyproject("[tool.scanlint]\n# caf\xe9\n".encode("latin-1")), 2, "scanlint: error: {dir}/pyproject.toml: not valid TOML: not UTF-8 (byte 0xe9 on line 2)"),
    BadInput("pyproject.toml nesting arrays 5,000 deep", pyproject("[tool.scanlint]\nselect = " + "[" * 5000 + "]" * 5000 + "\n"), 2, "scanlint: error: {dir}/pyproject.toml: not valid TOML: arrays or tables nested too deeply"),
    BadInput("empty rule code in config", pyproject("[tool.scanlint]\nselect = ['']\n"), 2, "scanlint: error: {dir}/pyproject.toml [tool.scanlint] select: empty rule code ''"),
    BadInput("unknown code in config", pyproject("[tool.scanlint]\nignore = ['SCN999']\n"), 2, "scanlint: error: {dir}/pyproject.toml [tool.scanlint] ignore: unknown rule code or name 'SCN999' (see `scanlint rules`)"),
    BadInput("wrong type in config", pyproject("[tool.scanlint]\nselect = 'SCN2'\n"), 2, "scanlint: error: {dir}/pyproject.toml [tool.scanlint] select must be a list of strings"),
    BadInput("select and ignore naming the same rule", pyproject("[tool.scanlint]\nselect = ['SCN201']\nignore = ['SCN201']\n"), 0, "All checks passed (1 file checked)."),
    BadInput("unknown code on the command line", lambda d: ["check", "--select", "SCN999"], 2, "scanlint: error: --select: unknown rule code or name 'SCN999' (see `scanlint rules`)"),
]


def observe(case: BadInput, directory: Path) -> tuple[int, list[str]]:
    args = case.make(directory)
    result = subprocess.run([str(SCRIPT), *args], cwd=directory, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    shown = [line.replace(str(directory.resolve()), "{dir}").replace(str(directory), "{dir}") for line in (result.stdout + result.stderr).splitlines()]
    return result.returncode, shown


@pytest.fixture(scope="module")
def observed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, list[str]]]:
    """Each bad input run once through the real console script."""
    return {case.label: observe(case, tmp_path_factory.mktemp("bad-input")) for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.label)
def test_bad_input(case: BadInput, observed: dict[str, tuple[int, list[str]]]) -> None:
    code, shown = observed[case.label]
    assert case.shows in shown, "\n".join(shown)
    assert code == case.exit_code


def test_a_file_that_vanishes_mid_run_is_reported_and_the_run_goes_on(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "a.py").write_text(SCAN)
    (tmp_path / "b.py").write_text(SCAN)
    real_discover = api.discover

    def discover_then_delete_a(paths, settings):
        for item in real_discover(paths, settings):
            if isinstance(item, Path) and item.name == "a.py":
                item.unlink()  # removed between being listed and being read
            yield item

    monkeypatch.setattr(api, "discover", discover_then_delete_a)
    monkeypatch.chdir(tmp_path)
    result = api.run([Path(".")], load_settings([Path(".")]), use_cache=False)
    assert [(f.path, f.code) for f in result.findings] == [("a.py", "SCN002"), ("b.py", "SCN201")]
    assert "removed while scanlint ran" in result.findings[0].message


class _CrashingRule:
    def check(self, context):
        raise ZeroDivisionError("boom")


def test_a_crashing_rule_is_an_internal_error_and_the_other_rules_run(monkeypatch) -> None:
    monkeypatch.setattr(engine, "_rule_instance", lambda code: _CrashingRule() if code == "SCN202" else _real_rule(code))
    findings = engine.lint_source("m.py", SCAN.encode(), frozenset({"SCN201", "SCN202"})).findings
    codes = [(f.code, f.line) for f in findings]
    assert ("SCN201", 5) in codes
    (crash,) = [f for f in findings if f.code == INTERNAL_ERROR]
    assert "rule SCN202 crashed on this file (ZeroDivisionError: boom" in crash.message
    assert "Please report this" in crash.message


def _real_rule(code: str):
    return registry.BY_CODE[code].load()()


NOT_HELD_YET = "none yet"

# Each class of hostile input or environment, what the user gets, and the test that holds it
# (a test of tests/test_reliability_classes.py unless a path is given). Each test generates the
# class's members and runs them through the real console script.
CLASSES = [
    ("coding cookie naming any codec of `encodings` (not a text encoding, not ASCII-compatible, failing to decode)",
     "the interpreter's verdict: linted as usual, or `SCN000` on the cookie line naming the codec (exit 1); the other files are still checked",
     "test_every_codec_in_a_coding_cookie_is_linted_or_reported_like_the_interpreter_decides"),
    ("unreadable directory or file, walked into or named (run as an unprivileged user)",
     "`SCN002 cannot read directory: Permission denied` or `cannot read file: ...` naming it (exit 2); the other files are still checked",
     "test_an_unreadable_path_is_reported_and_the_other_files_are_still_checked"),
    ("a file inside a directory that cannot be entered, named directly",
     "`SCN002 cannot read: Permission denied` (exit 2), no traceback from the configuration search",
     "test_a_file_inside_a_closed_directory_named_directly_is_reported"),
    ("pyproject.toml that is not UTF-8 or nests arrays or tables thousands deep",
     "`scanlint: error: <file>: not valid TOML: ...` (exit 2)",
     "test_a_pyproject_that_cannot_be_read_as_toml_is_a_configuration_error"),
    ("an empty or blank rule code in `select`, `ignore`, `extend-select`, `per-file-ignores`",
     "`scanlint: error: <file> [tool.scanlint] <key>: empty rule code` (exit 2), never every rule",
     "test_an_empty_rule_code_in_the_configuration_is_an_error_not_every_rule"),
    ("an empty `--select` on the command line",
     "`scanlint: error: --select: no rule code given` (exit 2)",
     "test_an_empty_rule_code_on_the_command_line_selects_nothing_silently_never"),
    ("stdin or stdout closed",
     "`scanlint: error: ... standard input is closed` / `standard output is closed` (exit 2)",
     "test_closed_standard_streams_are_a_usage_error"),
    ("the working directory removed",
     "`scanlint: error: the working directory cannot be used ...` (exit 2)",
     "test_a_removed_working_directory_is_a_clear_error"),
    ("an exception escaping scanlint (here: a broken LibCST installation)",
     "`scanlint: internal error: <type>: <message> at <file>:<line>. Please report this ...` (exit 2, never 1)",
     "test_an_internal_error_exits_2_with_a_message_never_1_with_a_traceback"),
    ("SIGINT (Ctrl-C) or SIGTERM to `scanlint check`",
     "`scanlint: interrupted by SIGINT` (exit 128 + the signal number)",
     "test_an_interrupted_check_says_so_in_one_line"),
    ("Ctrl-C while worker processes lint",
     "one line, exit 130, no worker left running, no file changed, no `.scanlint_cache/.tmp-*` left",
     "test_ctrl_c_while_worker_processes_lint_leaves_no_traceback_no_process_and_no_temporary_file"),
    ("a cache write that fails halfway (a full disk)",
     "the findings as usual; no `.scanlint_cache/.tmp-*` left",
     "test_a_cache_write_that_fails_halfway_leaves_no_temporary_file"),
    ("warnings the parser gives about the user's code, under any `PYTHONWARNINGS`",
     "nothing on stderr, the same findings, `--fix` unchanged",
     "test_warnings_about_the_users_code_never_leak_nor_change_the_verdict"),
    ("`--fix` on a read-only file or a file in a read-only directory",
     "`scanlint: error: <file>: not fixed: ...` (exit 2); that file unchanged, the other files fixed, no temporary file left",
     "test_fix_skips_a_file_it_cannot_write_and_fixes_the_others"),
    ("a file removed, replaced (directory, symlink), edited or losing its directory while `--fix` works on it",
     "not written, with the reason (`it was removed while scanlint was fixing it`, ...); nothing written or left behind",
     "test_a_file_that_changes_between_reading_and_writing_its_fix_is_left_alone"),
    ("processes the `scanlint trace` target starts: plain, own session, own process group, ignoring SIGTERM, daemonised, forking, whatever way the target ends",
     "all ended with the target (SIGTERM, then SIGKILL); the work directory removed",
     "runtime/test_trace_lifetime.py::test_nothing_the_target_starts_outlives_it"),
    ("`atexit` handlers of the target, whatever way it ends",
     "they run; a failing one is reported: `scanlint trace: the target's atexit handler NAME failed: ...`",
     "runtime/test_trace_lifetime.py::test_atexit_handlers_of_the_target_run_and_their_errors_are_reported"),
    ("SIGINT, SIGTERM or SIGHUP to `scanlint trace`",
     "the target and what it started are stopped, the report so far is printed, the work directory removed (exit 128 + the signal number)",
     "runtime/test_trace_lifetime.py::test_stopping_scanlint_trace_stops_the_target_and_removes_its_work_directory"),
    ("`scanlint trace` killed with SIGKILL",
     "the child notices, stops the target and what it started, and removes the work directory",
     "runtime/test_trace_lifetime.py::test_when_scanlint_trace_is_killed_the_target_ends_and_its_work_directory_goes"),
    ("`--timeout` that is nan, infinite, zero, negative or not a number",
     "`scanlint trace: error: argument --timeout: must be a finite number of seconds above 0, not 'nan'` (exit 2)",
     "runtime/test_trace_lifetime.py::test_a_timeout_that_is_not_a_finite_positive_number_is_a_usage_error"),
    ("`trace-timeout` in `[tool.scanlint]` that is nan, infinite, zero, negative or not a number",
     "`scanlint trace: error: <file> [tool.scanlint] trace-timeout must be a finite number of seconds above 0, not nan` (exit 2)",
     "runtime/test_trace_lifetime.py::test_a_configured_trace_timeout_that_is_not_a_finite_positive_number_is_a_configuration_error"),
    ("a target that runs past its time limit",
     "`scanlint trace: the target was stopped after N s, the time limit; raise it with --timeout SECONDS or trace-timeout = SECONDS in [tool.scanlint]` (exit 2)",
     "runtime/test_trace_lifetime.py::test_a_time_out_says_the_target_was_stopped_and_how_to_raise_the_limit"),
    ("a module of data used by a scan: one large literal (a list of tuples, a dict of lists, one long line)",
     "linted in seconds: the literal reaches LibCST as `TABLE = ...` (a 3 MB module: 3 s and 470 MB, against a minute and 2.7 GB before); the findings as usual",
     "test_a_large_data_module_is_linted_without_handing_its_literal_to_libcst"),
    ("a file larger than `max-file-size` (default 12 MB; parsing a 20 MB module would take 11 s and 2.5 GB)",
     "`scanlint: data.py: skipped: 19.7 MB is more than max-file-size (12 MB); to lint it, raise max-file-size in <file>` on stderr; the other files linted as usual",
     "test_a_file_over_the_size_limit_is_skipped_with_a_notice_and_the_others_are_linted"),
    ("`max-file-size` that is zero, negative, nan, infinite or not a number",
     "`<file> [tool.scanlint] max-file-size must be a finite number of megabytes above 0, not ...` (exit 2)",
     "test_a_max_file_size_that_is_not_a_positive_number_is_a_configuration_error"),
    ("a `pyproject.toml` scanlint cannot read, met by the flake8 plugin (`--select E,F` or SCN)",
     "flake8's own checks run as usual; with SCN selected, each file gets `path:1:1: SCN002 scanlint configuration error: <file>: not valid TOML: ... (at line L, column C)`",
     "integrations/test_flake8_plugin.py::test_a_malformed_pyproject_leaves_flake8_own_checks_working"),
    ("`scanlint trace` where JAX is not installed",
     "`scanlint trace: error: scanlint trace runs your code under JAX, which is not installed ...; install scanlint with its runtime extra, scanlint[runtime] ...` (exit 2), no child started",
     "test_cli.py::test_trace_without_jax_says_to_install_the_runtime_extra"),
    ("a `# noqa:` naming an SCN code that does not exist",
     "`scanlint: warning: Invalid `# noqa` directive on path:line: unknown code SCN999` on stderr; the exit status is unchanged",
     "test_cli.py::test_unknown_scanlint_codes_in_noqa_are_warned_about_without_failing_the_run"),
    ("a named file that is not Python (`notes.txt`)",
     "`scanlint: warning: notes.txt: not a Python file (not .py or .pyi, and no python shebang); skipped`; the other files are checked",
     "test_cli.py::test_a_named_file_that_is_not_python_is_skipped_with_a_warning"),
]  # fmt: skip


def test_every_class_names_a_test_that_exists() -> None:
    for _, _, test in CLASSES:
        if test == NOT_HELD_YET:
            continue
        path, _, name = test.rpartition("::")
        source = (REPO / "tests" / (path or "test_reliability_classes.py")).read_text(encoding="utf-8")
        assert f"\ndef {name}(" in source, test


def test_the_reliability_table_is_current(observed: dict[str, tuple[int, list[str]]]) -> None:
    rows = []
    for case in CASES:
        code, shown = observed[case.label]
        assert case.shows in shown
        message = case.shows.replace("|", "\\|")
        rows.append(f"| {case.label} | ``{message}`` | {code} |")
    rows.append("| a file removed while the run reads it | ``a.py:1:1: SCN002 no such file or directory (removed while scanlint ran?)``; the other files are still checked | 2 |")
    rows.append("| a rule that crashes on a file | ``m.py:1:1: SCN001 internal error: rule SCN202 crashed on this file (ZeroDivisionError: boom at ...). The other rules still ran. Please report this with the file that triggers it.`` on stderr; the other rules' findings are still reported | 2 |")
    text = (
        "# What scanlint does with bad input\n\n"
        "Generated by `tests/test_reliability.py` from real runs of `scanlint check` (which fails when\n"
        "this table is stale; regenerate with `SCANLINT_UPDATE_RELIABILITY=1`). Every case prints a\n"
        "located message and never a traceback; other files are still checked.\n\n"
        "| input | what the user sees | exit |\n|---|---|---|\n" + "\n".join(rows) + "\n\n"
        "## Classes of hostile input and environment\n\n"
        "Each test generates the members of its class and runs them through the real console script,\n"
        "asserting: no traceback, a message naming the file or setting, the exit code of the README\n"
        "contract, the other files' findings still reported, no file changed by a plain check, and\n"
        "nothing left running or on disk. Tests are in `tests/test_reliability_classes.py` unless a\n"
        "path is given.\n\n"
        "| class | expected behaviour | test |\n|---|---|---|\n"
        + "\n".join(f"| {label} | {behaviour.replace('|', chr(92) + '|')} | {test if test == NOT_HELD_YET else f'`{test}`'} |" for label, behaviour, test in CLASSES)
        + "\n"
    )
    if os.environ.get("SCANLINT_UPDATE_RELIABILITY"):
        TABLE.write_text(text, encoding="utf-8")
    assert TABLE.read_text(encoding="utf-8") == text
