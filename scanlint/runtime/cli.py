"""`scanlint trace TARGET [-- ARGS]`: run a target under observation in a child process, then
join what it saw with the static findings of the files it imported.

TARGET is a script path (run as `__main__`), `module:function` (called with no arguments), or
a pytest node id (`tests/test_x.py::test_y`). ARGS become the target's `sys.argv[1:]` (or extra
pytest arguments). The target runs in its own process with a time limit, so a crash, a hang, a
`sys.exit` or an import error is reported and never takes scanlint down.

The time limit is `--timeout`, else `trace-timeout` in `[tool.scanlint]`, else 120 s. Every
process the target starts ends with it, and its `atexit` handlers run. SIGINT, SIGTERM or SIGHUP
to `scanlint trace` stop the target (and what it started) and remove the work directory.

Exit status: 1 when a static finding is confirmed or a runtime-only finding exists; otherwise 2
when the target could not run to completion (usage error, import error, crash, time-out, error,
non-zero exit, failing tests), and 0 when it ran cleanly; 128 + the signal number when scanlint
trace itself was interrupted. This module does not import JAX.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

from scanlint import RUNTIME_EXTRA_HINT
from scanlint.config import ConfigError, load_settings
from scanlint.runtime import report as reporting
from scanlint.runtime.join import Observation, Verdict, join

TAIL_BYTES = 8192
GRACE_SECONDS = 5.0
DEFAULT_TIMEOUT = 120.0
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
SCANLINT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


TRACE_EPILOG = """\
TARGET:
  train.py                     a script, run as __main__
  my_module:main               a function, imported from the working directory and called with no arguments
  tests/test_x.py::test_step   a pytest node id

-- ARGS:
  everything after -- goes to the target: the script's sys.argv[1:], or more pytest arguments
  (scanlint trace train.py -- --steps 3)

exit status:
  0    the target ran to completion and nothing was confirmed
  1    a static finding was confirmed or a runtime-only error (SCN901-SCN906) was found
  2    usage or configuration error, JAX missing, or the target did not finish cleanly
       (import error, crash, time-out, non-zero exit, failing tests)
  128+N  scanlint trace was interrupted by signal N (130 for Ctrl-C)
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scanlint trace",
        usage="scanlint trace [-h] [--timeout SECONDS] [--output-format {text,json}] TARGET [-- ARGS ...]",
        description=(
            "Run TARGET under observation (scan carries, compile counts) and check the static findings. "
            "Needs scanlint[runtime]: it runs your code."
        ),
        epilog=TRACE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("target", metavar="TARGET", help="script.py, module:function, or a pytest node id")
    parser.add_argument(
        "--timeout", type=_seconds, metavar="SECONDS",
        help=f"stop the target after this many seconds (default: trace-timeout in [tool.scanlint], else {DEFAULT_TIMEOUT:g})",
    )  # fmt: skip
    parser.add_argument("--output-format", choices=["text", "json"], default="text", help="text (default), or json with the keys target, status, scans, compiles, findings, summary")
    return parser


def _seconds(text: str) -> float:
    """A time limit: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds above 0, not {text!r}")
    return value


class Interrupted(BaseException):
    """SIGINT, SIGTERM or SIGHUP reached `scanlint trace`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


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
    """Run the target in a child process; always returns a result (status + observation). When
    scanlint itself is told to stop, the target is stopped first and `interrupted_by` names the
    signal."""
    result_path = os.path.join(workdir, "result.json")
    stdout_path, stderr_path = os.path.join(workdir, "stdout"), os.path.join(workdir, "stderr")
    command = [
        sys.executable, "-m", "scanlint.runtime._child", "--result", result_path, "--kind", kind,
        "--grace", str(GRACE_SECONDS), "--parent", str(os.getpid()), target, "--", *args,
    ]  # fmt: skip
    timed_out = False
    interrupted: Interrupted | None = None
    with open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
        child = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
            env=_child_environment(), start_new_session=True,
        )  # fmt: skip
        try:
            child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
        except Interrupted as signalled:
            interrupted = signalled
        if child.returncode is None:
            _stop(child)
    result = _read_result(result_path)
    if interrupted is not None:
        stopped = f"stopped because scanlint trace received {interrupted.name}"
        if result is None:
            result = _empty_result({"outcome": "interrupted", "exit_code": child.returncode, "error": stopped, "traceback": None})
        else:
            result["status"].update(outcome="interrupted", error=stopped)
    elif result is None:
        status = {"outcome": "crashed", "exit_code": child.returncode, "error": _death(child.returncode), "traceback": None}
        if timed_out:
            status.update(outcome="timeout", error=f"{_time_limit_text(timeout)}; it did not stop when asked and was killed")
        result = _empty_result(status)
    elif timed_out:
        result["status"].update(outcome="timeout", error=_time_limit_text(timeout))
    result["status"]["stdout_tail"] = _tail(stdout_path)
    result["status"]["stderr_tail"] = _tail(stderr_path)
    if interrupted is not None:
        result["interrupted_by"] = interrupted.signum
    return result


def _empty_result(status: dict[str, Any]) -> dict[str, Any]:
    return {"status": status, "observation": {"loops": [], "functions": [], "files": []}}


def _time_limit_text(timeout: float) -> str:
    return (
        f"the target was stopped after {timeout:g} s, the time limit; raise it with --timeout SECONDS "
        "or trace-timeout = SECONDS in [tool.scanlint]"
    )


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP to scanlint raise `Interrupted`, so that a running target is
    stopped and the work directory removed, instead of killing scanlint alone."""
    if not _main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    previous = {signum: signal.signal(signum, interrupt) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _stop(child: subprocess.Popen[bytes]) -> None:
    """Ask the child to stop: it interrupts the target, which writes what it saw, and ends every
    process the target started. Kill its process group if it does not end in time."""
    blocked = {signum: signal.signal(signum, signal.SIG_IGN) for signum in STOP_SIGNALS} if _main_thread() else {}
    try:
        try:
            child.send_signal(signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            child.wait(timeout=3 * GRACE_SECONDS + 5)  # the target's grace, then its children's
        except subprocess.TimeoutExpired:
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            child.wait()
    finally:
        for signum, handler in blocked.items():
            signal.signal(signum, handler)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


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
    with _stopped_by_signals():
        try:
            return _main(argv)
        except Interrupted as interruption:  # outside the target's run: nothing left to stop
            print(f"scanlint trace: interrupted by {interruption.name}", file=sys.stderr)
            return 128 + interruption.signum


def _main(argv: list[str]) -> int:
    if "--" in argv:
        split = argv.index("--")
        own, target_args = argv[:split], argv[split + 1 :]
    else:
        own, target_args = argv, []
    try:
        options = _parser().parse_args(own)
    except SystemExit as exit_:  # argparse reports usage errors with status 2, --help with 0
        return int(exit_.code or 0)

    missing = _missing_runtime()
    if missing is not None:
        print(f"scanlint trace: error: {missing}", file=sys.stderr)
        return 2
    kind = target_kind(options.target)
    timeout = options.timeout
    if timeout is None:
        try:
            timeout = _configured_timeout(kind, options.target)
        except ConfigError as error:
            print(f"scanlint trace: error: {error}", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(prefix="scanlint-trace-") as workdir:
        result = run_child(kind, options.target, target_args, timeout, workdir)
    observation = Observation.from_json(result["observation"])
    static, static_error = _static_findings(observation.files)
    verdicts = _without_suppressed(join(static, observation))
    report = reporting.build(options.target, result["status"], observation, verdicts, static_error)

    if options.output_format == "json":
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        sys.stdout.write(reporting.render_text(report))
    for error in result["status"].get("atexit_errors", []):
        print(f"scanlint trace: the target's atexit handler {error['handler']} failed: {error['error']}", file=sys.stderr)
    if result["status"]["outcome"] == "timeout":
        print(f"scanlint trace: {result['status']['error']}", file=sys.stderr)
    if "interrupted_by" in result:
        print(f"scanlint trace: interrupted; {result['status']['error']}", file=sys.stderr)
        return 128 + result["interrupted_by"]
    if reporting.has_problems(report):
        return 1
    return 0 if result["status"]["outcome"] == "ok" else 2


def _missing_runtime() -> str | None:
    """Why the target cannot be observed in this Python environment (JAX is missing), or None.
    Found without importing JAX: this process never does."""
    try:
        found = importlib.util.find_spec("jax") is not None
    except (ImportError, ValueError):
        found = False
    if found:
        return None
    return (
        "scanlint trace runs your code under JAX, which is not installed in this Python environment "
        f"({sys.executable}); {RUNTIME_EXTRA_HINT}"
    )


def _configured_timeout(kind: str, target: str) -> float:
    """`trace-timeout` from the `[tool.scanlint]` nearest the target (or the working directory)."""
    from pathlib import Path

    start = target.split("::", 1)[0] if kind in ("script", "pytest") else "."
    settings = load_settings([Path(start)])
    return settings.trace_timeout if settings.trace_timeout is not None else DEFAULT_TIMEOUT
