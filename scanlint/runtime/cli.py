"""`scanlint trace TARGET [-- ARGS]`: run a target under observation in a child process, then
join what it saw with the static findings of the files it imported.

TARGET is a script path (run as `__main__`), `module:function` (called with no arguments), or
a pytest node id (`tests/test_x.py::test_y`). ARGS become the target's `sys.argv[1:]` (or extra
pytest arguments). The target runs in its own process with a time limit, so a crash, a hang, a
`sys.exit` or an import error is reported and never takes scanlint down.

Exit status: 1 when a static finding is confirmed or a runtime-only finding exists; otherwise 2
when the target could not run to completion (usage error, import error, crash, time-out, error,
non-zero exit, failing tests), and 0 when it ran cleanly. This module does not import JAX.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
from typing import Any

from scanlint.runtime import report as reporting
from scanlint.runtime.join import Observation, Verdict, join

TAIL_BYTES = 8192
GRACE_SECONDS = 5.0
SCANLINT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scanlint trace",
        description="Run TARGET under observation (scan carries, compile counts) and check the static findings.",
    )
    parser.add_argument("target", metavar="TARGET", help="script.py, module:function, or a pytest node id")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before the target is stopped")
    parser.add_argument("--output-format", choices=["text", "json"], default="text")
    return parser


def target_kind(target: str) -> str:
    if "::" in target:
        return "pytest"
    if target.endswith(".py") or os.path.sep in target or os.path.isfile(target):
        return "script"
    if ":" in target:
        return "function"
    return "script"


def _tail(path: str) -> str:
    """The end of a captured output file, however large it grew."""
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - TAIL_BYTES))
            data = handle.read()
    except OSError:
        return ""
    text = data.decode("utf-8", errors="replace")
    if size > TAIL_BYTES:
        text = f"[... {size - TAIL_BYTES} earlier bytes not shown]\n" + text.split("\n", 1)[-1]
    return text


def _child_environment() -> dict[str, str]:
    environment = dict(os.environ)
    paths = [SCANLINT_ROOT, *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    environment["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return environment


def run_child(kind: str, target: str, args: list[str], timeout: float, workdir: str) -> dict[str, Any]:
    """Run the target in a child process; always returns a result (status + observation)."""
    result_path = os.path.join(workdir, "result.json")
    stdout_path, stderr_path = os.path.join(workdir, "stdout"), os.path.join(workdir, "stderr")
    command = [sys.executable, "-m", "scanlint.runtime._child", "--result", result_path, "--kind", kind, target, "--", *args]
    with open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
        child = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
            env=_child_environment(), start_new_session=True,
        )  # fmt: skip
        timed_out = False
        try:
            child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            _stop(child)
    result = _read_result(result_path)
    if result is None:
        status = {"outcome": "crashed", "exit_code": child.returncode, "error": _death(child.returncode), "traceback": None}
        if timed_out:
            status.update(outcome="timeout", error=f"killed after {timeout:g} s; it did not stop when asked")
        result = {"status": status, "observation": {"loops": [], "functions": [], "files": []}}
    elif timed_out:
        result["status"].update(outcome="timeout", error=f"stopped after {timeout:g} s")
    result["status"]["stdout_tail"] = _tail(stdout_path)
    result["status"]["stderr_tail"] = _tail(stderr_path)
    return result


def _stop(child: subprocess.Popen[bytes]) -> None:
    """Ask the child's process group to stop (it then writes what it saw), kill it if it won't."""
    try:
        os.killpg(child.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        child.wait(timeout=GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()


def _read_result(path: str) -> dict[str, Any] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "status" in data else None


def _death(returncode: int | None) -> str:
    if returncode is not None and returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = str(-returncode)
        return f"killed by signal {name}"
    return f"exited with status {returncode} before writing results"


def _static_findings(files: list[str]) -> tuple[list[Any], str | None]:
    if not files:
        return [], None
    try:
        from scanlint.api import check_paths
    except ImportError as error:
        return [], f"static engine unavailable ({error})"
    try:
        findings = check_paths(files)
    except Exception as error:  # a broken static run must not hide the runtime results
        return [], f"{type(error).__name__}: {error}"
    return [f for f in findings if f.code.startswith("SCN") and f.code[3] in "123"], None


def _without_suppressed(verdicts: list[Verdict]) -> list[Verdict]:
    """Drop the runtime findings a `# noqa` on their line suppresses (static findings were already
    filtered by the static engine), as `pytest --scanlint-trace` does."""
    from scanlint.reporters import read_lines
    from scanlint.suppress import is_suppressed

    kept = []
    lines_by_path: dict[str, Any] = {}
    for verdict in verdicts:
        if verdict.origin == "runtime":
            path = verdict.finding.path
            if path not in lines_by_path:
                lines_by_path[path] = read_lines(path)
            lines = lines_by_path[path]
            if lines is not None and is_suppressed(verdict.finding, lines):
                continue
        kept.append(verdict)
    return kept


def main(argv: list[str]) -> int:
    """Entry point for `scanlint trace` (argv: the arguments after `trace`)."""
    if "--" in argv:
        split = argv.index("--")
        own, target_args = argv[:split], argv[split + 1 :]
    else:
        own, target_args = argv, []
    try:
        options = _parser().parse_args(own)
    except SystemExit as exit_:  # argparse reports usage errors with status 2, --help with 0
        return int(exit_.code or 0)
    if options.timeout <= 0:
        print("scanlint trace: --timeout must be positive", file=sys.stderr)
        return 2

    kind = target_kind(options.target)
    with tempfile.TemporaryDirectory(prefix="scanlint-trace-") as workdir:
        result = run_child(kind, options.target, target_args, options.timeout, workdir)
    observation = Observation.from_json(result["observation"])
    static, static_error = _static_findings(observation.files)
    verdicts = _without_suppressed(join(static, observation))
    report = reporting.build(options.target, result["status"], observation, verdicts, static_error)

    if options.output_format == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(reporting.render_text(report))
    if reporting.has_problems(report):
        return 1
    return 0 if result["status"]["outcome"] == "ok" else 2
