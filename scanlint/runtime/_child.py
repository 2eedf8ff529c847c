"""The child process of `scanlint trace`: run one target under observation and write what was
seen to a JSON file. Never run by the static linter; started by `scanlint.runtime.cli`.

    python -m scanlint.runtime._child --result FILE --kind script|function|pytest
        [--grace SECONDS] [--parent PID] TARGET -- [ARGS...]

The process started is a supervisor: the target runs in a runner process forked from it, and
when the runner ends, the supervisor ends every process the target started (see `_supervise`).
Results travel through the file, never through the target's stdout or stderr, which the parent
captures to files of its own. A SIGTERM from the parent (its time limit, or scanlint itself being
stopped) interrupts the target, runs its `atexit` handlers and still writes what was observed so
far. Crashes that kill the runner write nothing; the parent reports those from the exit status and
the captured stderr, where `faulthandler` leaves a Python traceback.
"""

from __future__ import annotations

import argparse
import atexit
import faulthandler
import importlib
import json
import os
import resource
import runpy
import shutil
import signal
import sys
import time
import traceback
from typing import Any

from scanlint import RUNTIME_EXTRA_HINT

TRACEBACK_LINES = 40


class TargetTimeout(BaseException):
    """Raised in the target when the parent's time limit runs out (a BaseException, so ordinary
    `except Exception` blocks in user code do not swallow it)."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise TargetTimeout()


def _traceback_tail(error: BaseException) -> str:
    lines = "".join(traceback.format_exception(error)).splitlines()
    return "\n".join(lines[-TRACEBACK_LINES:])


def _target_traceback_tail(error: BaseException) -> str:
    """The traceback of an error in the target, as Python would show it had the user run the
    target directly: without the frames of this module that started it, of runpy, or of the
    import machinery (which Python hides from its own import tracebacks too)."""
    exception = traceback.TracebackException.from_exception(error)
    frames = list(exception.stack)
    while frames and _is_starting_frame(frames[0].filename):
        frames.pop(0)
    frames = [frame for frame in frames if not _is_import_machinery(frame.filename)]
    exception.stack = traceback.StackSummary.from_list(frames)
    lines = "".join(exception.format()).splitlines()
    return "\n".join(lines[-TRACEBACK_LINES:])


def _is_starting_frame(filename: str) -> bool:
    return os.path.abspath(filename) == os.path.abspath(__file__) or filename == "<frozen runpy>" or _is_import_machinery(filename)


def _is_import_machinery(filename: str) -> bool:
    return filename.startswith("<frozen importlib") or os.path.abspath(filename).startswith(_IMPORTLIB_DIRECTORY)


_IMPORTLIB_DIRECTORY = os.path.dirname(os.path.abspath(importlib.__file__)) + os.sep


def _run_script(path: str, args: list[str]) -> None:
    sys.argv = [path, *args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    runpy.run_path(path, run_name="__main__")


def _load_function(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    sys.path.insert(0, os.getcwd())
    value: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        value = getattr(value, part)
    if not callable(value):
        raise TypeError(f"{target} is not callable")
    return value


def _run_pytest(node_id: str, args: list[str]) -> int:
    import pytest

    return int(pytest.main([node_id, "-q", "-p", "no:cacheprovider", *args]))


def _could_not_start(kind: str, target: str) -> str | None:
    """Check a script exists and compiles before running anything."""
    if kind == "script":
        if not os.path.isfile(target):
            return f"no such script: {target}"
        try:
            with open(target, "rb") as handle:
                compile(handle.read(), target, "exec")
        except SyntaxError as error:
            return f"SyntaxError: {error}"
    if kind == "pytest":
        path = target.split("::", 1)[0]
        if not os.path.exists(path):
            return f"no such test file: {path}"
    return None


def _user_files(script: str | None) -> list[str]:
    from scanlint.runtime.locations import is_library_file

    files = {os.path.abspath(script)} if script else set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        name = getattr(module, "__name__", "")
        if path and path.endswith(".py") and not is_library_file(path) and not name.startswith("scanlint"):
            files.add(os.path.abspath(path))
    return sorted(files)


def run(kind: str, target: str, args: list[str]) -> dict[str, Any]:
    """Run the target under `observe_scans()` and `count_compiles()`; return the JSON result."""
    from scanlint.runtime.compiles import count_compiles
    from scanlint.runtime.loops import observe_scans

    status: dict[str, Any] = {"outcome": "ok", "exit_code": None, "error": None, "traceback": None}
    problem = _could_not_start(kind, target)
    if problem is not None:
        status.update(outcome="not-run", error=problem)
        return {"status": status, "observation": {"loops": [], "functions": [], "files": []}}

    with count_compiles() as counts, observe_scans() as seen:
        try:
            if kind == "script":
                _run_script(target, args)
            elif kind == "function":
                try:
                    function = _load_function(target)
                except BaseException as error:  # the target cannot even be loaded
                    status.update(outcome="not-run", error=f"{type(error).__name__}: {error}")
                    status["traceback"] = _target_traceback_tail(error)
                    function = None
                if function is not None:
                    sys.argv = [target, *args]
                    function()
            else:
                code = _run_pytest(target, args)
                if code != 0:
                    status.update(outcome="tests-failed", exit_code=code)
        except TargetTimeout:
            status.update(outcome="timeout", error="interrupted at the time limit")
        except SystemExit as exit_:
            code = exit_.code
            if code not in (None, 0):
                status.update(outcome="exit", exit_code=code if isinstance(code, int) else 1, error=f"sys.exit({code!r})")
        except BaseException as error:
            status.update(outcome="error", error=f"{type(error).__name__}: {error}"[:2000])
            status["traceback"] = _target_traceback_tail(error)
    observation = {
        "loops": [record.to_json() for record in seen.records],
        "functions": [stats.to_json() for stats in counts.functions],
        "files": _user_files(target if kind in ("script", "pytest") else None),
    }
    if kind == "pytest":
        observation["files"] = sorted(set(observation["files"]) | {os.path.abspath(target.split("::", 1)[0])})
    return {"status": status, "observation": observation}


def _run_atexit_handlers(status: dict[str, Any]) -> None:
    """Run the handlers the target registered with `atexit`, as interpreter shutdown would, and
    keep their errors in the status (the process then ends with `os._exit`, skipping the rest of
    shutdown: threads the target left running must not keep it alive)."""
    errors: list[dict[str, str]] = []

    def keep(unraisable: Any) -> None:
        if unraisable.exc_type is TargetTimeout:
            status.update(outcome="timeout", error="interrupted at the time limit, in an atexit handler")
            return
        lines = traceback.format_exception(unraisable.exc_type, unraisable.exc_value, unraisable.exc_traceback)
        errors.append({
            "handler": getattr(unraisable.object, "__qualname__", repr(unraisable.object)),
            "error": f"{unraisable.exc_type.__name__}: {unraisable.exc_value}"[:2000],
            "traceback": "\n".join("".join(lines).splitlines()[-TRACEBACK_LINES:]),
        })  # fmt: skip

    sys.unraisablehook = keep
    try:
        atexit._run_exitfuncs()
    except TargetTimeout:
        status.update(outcome="timeout", error="interrupted at the time limit, in an atexit handler")
    sys.unraisablehook = sys.__unraisablehook__
    if errors:
        status["atexit_errors"] = errors


def _runner(options: argparse.Namespace, args: list[str]) -> None:
    """The process that runs the target; it ends here, with `os._exit`."""
    faulthandler.enable()
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        result = run(options.kind, options.target, args)
    except BaseException as error:  # scanlint itself failed (e.g. JAX is installed but broken)
        message, trace = f"{type(error).__name__}: {error}", _traceback_tail(error)
        if isinstance(error, ModuleNotFoundError) and (error.name or "").partition(".")[0] in ("jax", "jaxlib"):
            message = f"{message}; {RUNTIME_EXTRA_HINT}"
            trace = None
        result = {
            "status": {"outcome": "setup-error", "exit_code": None, "error": message, "traceback": trace},
            "observation": {"loops": [], "functions": [], "files": []},
        }  # fmt: skip
    _run_atexit_handlers(result["status"])
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    temporary = options.result + ".partial"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(result, handle, default=str)
    os.replace(temporary, options.result)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scanlint.runtime._child")
    parser.add_argument("--result", required=True)
    parser.add_argument("--kind", required=True, choices=["script", "function", "pytest"])
    parser.add_argument("--grace", type=float, default=5.0, help="seconds the target gets to stop when asked")
    parser.add_argument("--parent", type=int, help="the scanlint process: when it dies, stop the target")
    parser.add_argument("target")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    args = options.args[1:] if options.args[:1] == ["--"] else options.args
    _supervise(options, args)


# The supervisor -------------------------------------------------------------------------------

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
PR_SET_CHILD_SUBREAPER = 36
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
KILL_ROUNDS = 1000  # a process stuck in the kernel may not die at once; scanlint's own limit then applies


def _prctl(option: int, value: int) -> bool:
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):  # not Linux
        return False


def _supervise(options: argparse.Namespace, args: list[str]) -> None:
    """Run the target in a forked runner process, and end everything it started when it ends.

    This process is a child subreaper, so every process the target starts stays below it, even
    after `setsid`, a double fork or a new process group; when the runner ends (or is stopped),
    whatever is left is asked to stop, then killed. A stop request (SIGTERM from scanlint, or
    scanlint dying) reaches the runner, which writes what it saw; a runner that does not stop
    within the grace period is killed. This process then ends the way the runner did.
    """
    subreaper = _prctl(PR_SET_CHILD_SUBREAPER, 1)
    runner = 0
    stopping: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        if runner and not stopping:
            os.kill(runner, signal.SIGTERM)
            signal.setitimer(signal.ITIMER_REAL, options.grace)
        stopping.append(signum)

    def kill_runner(signum: int, frame: Any) -> None:
        if runner:
            os.kill(runner, signal.SIGKILL)

    for signum in STOP_SIGNALS:
        signal.signal(signum, stop)
    signal.signal(signal.SIGALRM, kill_runner)
    if options.parent is not None:
        _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    runner = os.fork()
    if runner == 0:
        os.setpgid(0, 0)  # a target that signals its own process group does not reach this process
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)  # as in any Python program
        _runner(options, args)  # sets its own SIGTERM handler
    if stopping or (options.parent is not None and os.getppid() != options.parent):
        stopping.clear()
        stop(signal.SIGTERM, None)  # asked to stop before the runner existed, or scanlint is gone
    _, status = os.waitpid(runner, 0)
    signal.setitimer(signal.ITIMER_REAL, 0)
    runner_group, runner = runner, 0
    _end_descendants(options.grace, subreaper, runner_group)
    if options.parent is not None and os.getppid() != options.parent:
        _remove_work_directory(options.result)  # nobody is left to read it
    _end_like(status)


def _end_descendants(grace: float, subreaper: bool, runner_group: int) -> None:
    """Stop every process below this one: SIGTERM, up to `grace` seconds to go, then SIGKILL."""
    if not subreaper or not os.path.isdir("/proc"):
        try:
            os.killpg(runner_group, signal.SIGKILL)  # without a subreaper, the runner's group is all we know
        except ProcessLookupError:
            pass
        return
    for pid in _descendants():
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while _descendants() and time.monotonic() < deadline:
        _reap()
        time.sleep(0.05)
    for _ in range(KILL_ROUNDS):  # SIGKILL until nothing is left, new forks included
        remaining = _descendants()
        if not remaining:
            break
        for pid in remaining:
            _signal(pid, signal.SIGKILL)
        _reap()
        time.sleep(0.01)
    _reap()


def _descendants() -> list[int]:
    """The live processes below this one, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != b"Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    pending = [os.getpid()]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _reap() -> None:
    """Collect the exit status of every child that has ended (orphans are adopted by this process)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _remove_work_directory(result: str) -> None:
    directory = os.path.dirname(os.path.abspath(result))
    if os.path.basename(directory).startswith("scanlint-trace-"):
        shutil.rmtree(directory, ignore_errors=True)


def _end_like(status: int) -> None:
    """Exit with the runner's status, or die of the signal that killed it (without a core file)."""
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if signum not in (signal.SIGKILL, signal.SIGSTOP):
            signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    os._exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
