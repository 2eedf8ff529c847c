"""`scanlint trace` through the real console script: nothing the target starts outlives it, its
`atexit` handlers run, scanlint itself can be stopped, and the time limit is a clear setting.
Each run imports JAX in the child, so the members of each class share runs where they can."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.runtime

SCRIPT = Path(sys.executable).with_name("scanlint")

# Every way a target can start processes that try to outlive it. Each started process writes its
# pid to `pids/` once it runs, and then waits; scanlint must end them all.
SPAWNING_TARGET = """
import os, signal, subprocess, sys, time

PIDS = sys.argv[1]
ending = sys.argv[2]
waiter = [sys.executable, "-c", "import os, sys, time; open(os.path.join(sys.argv[1], str(os.getpid())), 'w').close(); time.sleep(600)", PIDS]
stubborn = [sys.executable, "-c", "import os, signal, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); open(os.path.join(sys.argv[1], str(os.getpid())), 'w').close(); time.sleep(600)", PIDS]

subprocess.Popen(waiter)                                   # a plain child
subprocess.Popen(waiter, start_new_session=True)           # in a session of its own
subprocess.Popen(waiter, process_group=0)                  # in a process group of its own
subprocess.Popen(stubborn)                                 # one that ignores SIGTERM
if os.fork() == 0:                                         # a forked grandchild, daemonised
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, waiter)
    os._exit(0)
if os.fork() == 0:                                         # a fork that keeps forking (for a while)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    for _ in range(100):
        subprocess.Popen(waiter)
        time.sleep(0.2)
    time.sleep(600)

STARTED = 6
while len(os.listdir(PIDS)) < STARTED:
    time.sleep(0.05)
open(os.path.join(os.path.dirname(PIDS), "ready"), "w").close()
if ending == "exit":
    sys.exit(3)
if ending == "raise":
    raise RuntimeError("the target failed")
if ending == "crash":
    os.abort()
if ending == "hang":
    time.sleep(600)
if ending == "kill-own-group":
    os.killpg(0, signal.SIGKILL)
"""


def trace(*args: str, cwd: Path, **options) -> subprocess.CompletedProcess[str]:
    options.setdefault("timeout", 300)
    result = subprocess.run([str(SCRIPT), "trace", *args], cwd=cwd, capture_output=True, text=True, **options)
    assert not re.search(r'File ".*/bin/scanlint", line', result.stdout + result.stderr), result.stderr  # scanlint's own
    return result


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def started_pids(directory: Path) -> list[int]:
    return [int(name) for name in os.listdir(directory)]


@pytest.fixture
def private_tmp(tmp_path: Path) -> dict[str, str]:
    """An environment whose temporary directory is fresh, so leftovers can be seen."""
    (tmp_path / "tmp").mkdir()
    return {**os.environ, "TMPDIR": str(tmp_path / "tmp")}


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")


@needs_proc
@pytest.mark.parametrize(("ending", "outcome", "code"), [
    ("end", "ok", 0), ("exit", "exit", 2), ("raise", "error", 2), ("crash", "crashed", 2), ("hang", "timeout", 2),
    ("kill-own-group", "crashed", 2),
])  # fmt: skip
def test_nothing_the_target_starts_outlives_it(tmp_path: Path, private_tmp: dict[str, str], ending: str, outcome: str, code: int) -> None:
    (tmp_path / "pids").mkdir()
    (tmp_path / "spawn.py").write_text(SPAWNING_TARGET)

    limit = "30" if ending == "hang" else "120"
    result = trace("spawn.py", "--timeout", limit, "--output-format", "json", "--", str(tmp_path / "pids"), ending, cwd=tmp_path, env=private_tmp)

    report = json.loads(result.stdout)
    assert report["status"]["outcome"] == outcome, report["status"]
    assert result.returncode == code
    pids = started_pids(tmp_path / "pids")
    assert len(pids) >= 6
    assert [pid for pid in pids if alive(pid)] == []
    assert os.listdir(private_tmp["TMPDIR"]) == []


ATEXIT_TARGET = """
import atexit, os, sys, time

def remember():
    with open("atexit-ran", "a") as handle:
        handle.write("ran\\n")

def fail():
    raise ValueError("an atexit handler that fails")

atexit.register(remember)
atexit.register(fail)
open("ready", "w").close()
ending = sys.argv[1]
if ending == "exit":
    sys.exit(3)
if ending == "raise":
    raise RuntimeError("the target failed")
if ending == "hang":
    time.sleep(600)
"""


@pytest.mark.parametrize(("ending", "code"), [("end", 0), ("exit", 2), ("raise", 2), ("hang", 2)])
def test_atexit_handlers_of_the_target_run_and_their_errors_are_reported(tmp_path: Path, ending: str, code: int) -> None:
    (tmp_path / "target.py").write_text(ATEXIT_TARGET)

    result = trace("target.py", "--timeout", "30", "--", ending, cwd=tmp_path)

    assert result.returncode == code
    assert (tmp_path / "atexit-ran").read_text() == "ran\n"
    assert "scanlint trace: the target's atexit handler fail failed: ValueError: an atexit handler that fails" in result.stderr


HANGING_TARGET = """
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True)
with open("ready.partial", "w") as handle:
    handle.write(f"{os.getpid()} {child.pid}")
os.replace("ready.partial", "ready")
time.sleep(600)
"""


def wait_for(path: Path, process: subprocess.Popen) -> str:
    """Until the target has written `path` (it then runs under observation)."""
    for _ in range(3000):
        if path.exists():
            return path.read_text()
        if process.poll() is not None:
            raise AssertionError(f"scanlint trace ended first: {process.communicate()}")
        time.sleep(0.05)
    raise AssertionError(f"{path} never appeared")


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=["SIGINT", "SIGTERM", "SIGHUP"])
def test_stopping_scanlint_trace_stops_the_target_and_removes_its_work_directory(tmp_path: Path, private_tmp: dict[str, str], signum: int) -> None:
    (tmp_path / "hang.py").write_text(HANGING_TARGET)
    process = subprocess.Popen(
        [str(SCRIPT), "trace", "hang.py"], cwd=tmp_path, env=private_tmp,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    target, grandchild = map(int, wait_for(tmp_path / "ready", process).split())
    process.send_signal(signum)
    out, err = process.communicate(timeout=120)

    assert "Traceback" not in err
    assert process.returncode == 128 + signum
    assert f"scanlint trace: interrupted; stopped because scanlint trace received {signal.Signals(signum).name}" in err
    assert "interrupted" in out  # the report of what was seen so far is still printed
    assert not alive(target) and not alive(grandchild)
    assert os.listdir(private_tmp["TMPDIR"]) == []


@needs_proc
def test_when_scanlint_trace_is_killed_the_target_ends_and_its_work_directory_goes(tmp_path: Path, private_tmp: dict[str, str]) -> None:
    (tmp_path / "hang.py").write_text(HANGING_TARGET)
    process = subprocess.Popen(
        [str(SCRIPT), "trace", "hang.py"], cwd=tmp_path, env=private_tmp,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    target, grandchild = map(int, wait_for(tmp_path / "ready", process).split())
    process.kill()  # SIGKILL: scanlint cannot clean up; the child notices its parent is gone
    process.communicate(timeout=60)

    for _ in range(1200):  # the child's own grace period, at most
        if not alive(target) and not alive(grandchild) and not os.listdir(private_tmp["TMPDIR"]):
            break
        time.sleep(0.05)
    assert not alive(target) and not alive(grandchild)
    assert os.listdir(private_tmp["TMPDIR"]) == []


# The time limit ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "NaN", "-nan", "inf", "-inf", "1e400", "-1", "0", "-0.0", "abc", ""])
def test_a_timeout_that_is_not_a_finite_positive_number_is_a_usage_error(tmp_path: Path, value: str) -> None:
    (tmp_path / "t.py").write_text("print('never run')\n")

    result = trace("t.py", f"--timeout={value}", cwd=tmp_path)

    assert result.returncode == 2
    assert "scanlint trace: error: argument --timeout: " in result.stderr
    assert "never run" not in result.stdout


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-5", "0", '"60"', "true", "[60]"])
def test_a_configured_trace_timeout_that_is_not_a_finite_positive_number_is_a_configuration_error(tmp_path: Path, value: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.scanlint]\ntrace-timeout = {value}\n")
    (tmp_path / "t.py").write_text("print('never run')\n")

    result = trace("t.py", cwd=tmp_path)

    assert result.returncode == 2
    assert f"scanlint trace: error: {tmp_path}/pyproject.toml [tool.scanlint] trace-timeout must be a finite number of seconds above 0" in result.stderr
    assert "never run" not in result.stdout


def test_the_default_time_limit_is_stated_in_the_help(tmp_path: Path) -> None:
    result = trace("--help", cwd=tmp_path)

    assert result.returncode == 0
    assert "trace-timeout in [tool.scanlint], else 120)" in " ".join(result.stdout.split())


@pytest.mark.parametrize("source", ["config", "option"])
def test_a_time_out_says_the_target_was_stopped_and_how_to_raise_the_limit(tmp_path: Path, source: str) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.scanlint]\ntrace-timeout = 600\n" if source == "option" else "[tool.scanlint]\ntrace-timeout = 4\n")
    (tmp_path / "train.py").write_text("import time\nprint('training', flush=True)\ntime.sleep(600)\n")
    extra = ["--timeout", "4"] if source == "option" else []

    result = trace("train.py", *extra, cwd=tmp_path)

    assert result.returncode == 2
    message = (
        "scanlint trace: the target was stopped after 4 s, the time limit; raise it with --timeout SECONDS "
        "or trace-timeout = SECONDS in [tool.scanlint]"
    )
    assert message in result.stderr.splitlines()
    assert "timed out (the target was stopped after 4 s" in result.stdout


def test_check_accepts_the_trace_timeout_setting(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.scanlint]\ntrace-timeout = 900\n")
    (tmp_path / "m.py").write_text("x = 1\n")

    result = subprocess.run([str(SCRIPT), "check", "--no-cache", "m.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120)

    assert result.returncode == 0, result.stderr
