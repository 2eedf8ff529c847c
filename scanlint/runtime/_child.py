"""The child process of `scanlint trace`: run one target under observation and write what was
seen to a JSON file. Never run by the static linter; started by `scanlint.runtime.cli`.

    python -m scanlint.runtime._child --result FILE --kind script|function|pytest -- TARGET [ARGS...]

Results travel through the file, never through the target's stdout or stderr, which the parent
captures to files of its own. A SIGTERM from the parent (its time limit) interrupts the target and
still writes what was observed so far. Crashes that kill the process write nothing; the parent
reports those from the exit status and the captured stderr, where `faulthandler` leaves a
Python traceback.
"""

from __future__ import annotations

import argparse
import faulthandler
import importlib
import json
import os
import runpy
import signal
import sys
import traceback
from typing import Any

TRACEBACK_LINES = 40


class TargetTimeout(BaseException):
    """Raised in the target when the parent's time limit runs out (a BaseException, so ordinary
    `except Exception` blocks in user code do not swallow it)."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise TargetTimeout()


def _traceback_tail(error: BaseException) -> str:
    lines = "".join(traceback.format_exception(error)).splitlines()
    return "\n".join(lines[-TRACEBACK_LINES:])


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
                    status["traceback"] = _traceback_tail(error)
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
            status["traceback"] = _traceback_tail(error)
    observation = {
        "loops": [record.to_json() for record in seen.records],
        "functions": [stats.to_json() for stats in counts.functions],
        "files": _user_files(target if kind in ("script", "pytest") else None),
    }
    if kind == "pytest":
        observation["files"] = sorted(set(observation["files"]) | {os.path.abspath(target.split("::", 1)[0])})
    return {"status": status, "observation": observation}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scanlint.runtime._child")
    parser.add_argument("--result", required=True)
    parser.add_argument("--kind", required=True, choices=["script", "function", "pytest"])
    parser.add_argument("target")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    args = options.args[1:] if options.args[:1] == ["--"] else options.args

    faulthandler.enable()
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        result = run(options.kind, options.target, args)
    except BaseException as error:  # scanlint itself failed (e.g. JAX is not installed)
        result = {
            "status": {"outcome": "setup-error", "exit_code": None, "error": f"{type(error).__name__}: {error}",
                       "traceback": _traceback_tail(error)},
            "observation": {"loops": [], "functions": [], "files": []},
        }  # fmt: skip
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    temporary = options.result + ".partial"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(result, handle, default=str)
    os.replace(temporary, options.result)
    sys.stdout.flush()
    sys.stderr.flush()
    # Skip interpreter shutdown: threads the target left running must not keep the child alive.
    os._exit(0)


if __name__ == "__main__":
    main()
