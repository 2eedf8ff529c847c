"""Classes of hostile input and environment, each generated member run through the real console
script: no traceback, a message naming the file or setting, the exit code of the README contract,
the other files' findings still reported, no file changed by a plain check, nothing left behind.
"""

from __future__ import annotations

import encodings
import encodings.aliases
import hashlib
import os
import pkgutil
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("scanlint")
SCAN = "from jax import lax\n\n\ndef f(xs):\n    return lax.scan(lambda c, x: c, 0.0, xs)\n"
FIXABLE = "from jax import lax\n\n\ndef f(xs):\n    def body(c, x):\n        return c\n\n    final, _ = lax.scan(body, 0.0, xs)\n    return final\n"
FINDING = re.compile(r"^(?P<path>\S.*?):(?P<line>\d+):(?P<column>\d+): (?P<code>SCN\d{3}) (?P<message>.*)$")
UNPRIVILEGED = ("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups")


def scanlint(*args: str, cwd: Path, user: tuple[str, ...] = (), script: bool = True, **options) -> subprocess.CompletedProcess[str]:
    """One run of the real console script (behind `user`, a command prefix); a traceback is a
    failure whatever else happens."""
    options.setdefault("timeout", 300)
    command = [*user, *([str(SCRIPT)] if script else []), *args]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, **options)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def findings(result: subprocess.CompletedProcess[str]) -> dict[str, list[tuple[int, str, str]]]:
    """Every `path:line:col: CODE message` line of a run (stdout and stderr), by path."""
    found: dict[str, list[tuple[int, str, str]]] = {}
    for text in (result.stdout + "\n" + result.stderr).splitlines():
        match = FINDING.match(text)
        if match:
            found.setdefault(match["path"], []).append((int(match["line"]), match["code"], match["message"]))
    return found


def snapshot(directory: Path) -> dict[str, str]:
    """Every file under `directory` with a hash of its content (the cache excluded)."""
    state = {}
    for path in sorted(directory.rglob("*")):
        if ".scanlint_cache" in path.parts or not path.is_file() or path.is_symlink():
            continue
        try:
            state[path.relative_to(directory).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            state[path.relative_to(directory).as_posix()] = "unreadable"
    return state


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A temporary directory that an unprivileged user can enter (pytest's tmp_path is private)."""
    directory = Path(tempfile.mkdtemp(prefix="scanlint-reliability-"))
    directory.chmod(0o755)
    yield directory
    for path in directory.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(directory)


def as_unprivileged_user(directory: Path) -> tuple[str, ...]:
    """The command prefix that runs scanlint as `nobody`, so permissions bite even when the tests
    run as root; skips when that is not possible here."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    probe = subprocess.run([*UNPRIVILEGED, str(SCRIPT), "--version"], cwd=directory, capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"cannot run scanlint as nobody here: {probe.stderr.strip()}")
    return UNPRIVILEGED


# Coding cookies ------------------------------------------------------------------------------


def every_codec_name() -> list[str]:
    """Every codec module and alias of the standard library, plus the spellings users write."""
    names = {module.name for module in pkgutil.iter_modules(encodings.__path__)} - {"aliases"}
    names |= set(encodings.aliases.aliases)
    names |= {"zlib", "base64", "hex", "bz2", "rot13", "uu_codec", "punycode", "undefined", "utf-16", "utf-32", "utf-8"}
    return sorted(names)


def interpreter_accepts(data: bytes) -> bool:
    try:
        compile(data, "m.py", "exec")
    except SyntaxError:
        return False
    return True


def test_every_codec_in_a_coding_cookie_is_linted_or_reported_like_the_interpreter_decides(tmp_path: Path) -> None:
    expected_ok = {}
    for name in every_codec_name():
        cookie_line = 2 if len(expected_ok) % 2 else 1  # the cookie may sit on either of the first two lines
        header = "#!/usr/bin/env python\n" * (cookie_line - 1) + f"# -*- coding: {name} -*-\n"
        data = (header + SCAN).encode("ascii")
        file_name = f"cookie_{re.sub(r'[^0-9A-Za-z_]', '_', name)}_{len(expected_ok)}.py"
        (tmp_path / file_name).write_bytes(data)
        expected_ok[file_name] = (name, cookie_line, interpreter_accepts(data))
    (tmp_path / "ok.py").write_text(SCAN)
    before = snapshot(tmp_path)

    result = scanlint("check", "--no-cache", ".", cwd=tmp_path)

    assert result.returncode == 1  # SCN000 and findings: exit 1
    seen = findings(result)
    assert [code for _, code, _ in seen["ok.py"]] == ["SCN201"]
    for file_name, (codec, cookie_line, accepted) in expected_ok.items():
        reported = seen.get(file_name)
        if accepted:
            assert [(line, code) for line, code, _ in reported or []] == [(cookie_line + 5, "SCN201")], (codec, reported)
        else:
            ((line, code, message),) = reported or [(0, "", "")]
            assert (line, code) == (cookie_line, "SCN000") and codec in message, (codec, reported)
    rejected = {codec for codec, _, accepted in expected_ok.values() if not accepted}
    assert {"zlib", "base64", "hex", "bz2", "rot13", "uu_codec", "punycode", "undefined", "utf-16"} <= rejected
    assert snapshot(tmp_path) == before


# Permissions -----------------------------------------------------------------------------------

# (name, mode, what scanlint says): directories that cannot be listed or entered, files that
# cannot be read; each is met in a walk and also named on the command line.
UNREADABLE = [
    ("closed_dir", 0o000, "cannot read directory: Permission denied"),
    ("unlistable_dir", 0o311, "cannot read directory: Permission denied"),
    ("unenterable_dir", 0o644, "cannot read file: Permission denied"),
    ("closed_file.py", 0o000, "cannot read file: Permission denied"),
    ("write_only_file.py", 0o200, "cannot read file: Permission denied"),
]


def make_unreadable(directory: Path, name: str, mode: int) -> str:
    """Builds the member; returns the path scanlint names in its message."""
    target = directory / name
    if name.endswith(".py"):
        target.write_text(SCAN)
        reported = name
    else:
        target.mkdir()
        (target / "inner.py").write_text(SCAN)
        reported = name if mode & 0o444 != 0o444 else f"{name}/inner.py"
    target.chmod(mode)
    return reported


@pytest.mark.parametrize(("name", "mode", "message"), UNREADABLE, ids=[member[0] for member in UNREADABLE])
@pytest.mark.parametrize("how", ["walked", "named"])
def test_an_unreadable_path_is_reported_and_the_other_files_are_still_checked(shared_dir: Path, name: str, mode: int, message: str, how: str) -> None:
    user = as_unprivileged_user(shared_dir)
    (shared_dir / "ok.py").write_text(SCAN)
    reported = make_unreadable(shared_dir, name, mode)
    before = snapshot(shared_dir)

    result = scanlint("check", "--no-cache", *(["."] if how == "walked" else [name, "ok.py"]), cwd=shared_dir, user=user)

    seen = findings(result)
    assert result.returncode == 2, result.stdout + result.stderr
    assert [code for _, code, _ in seen["ok.py"]] == ["SCN201"]
    assert seen[reported] == [(1, "SCN002", message)]
    assert snapshot(shared_dir) == before


def test_a_file_inside_a_closed_directory_named_directly_is_reported(shared_dir: Path) -> None:
    user = as_unprivileged_user(shared_dir)
    (shared_dir / "ok.py").write_text(SCAN)
    make_unreadable(shared_dir, "closed_dir", 0o000)

    result = scanlint("check", "--no-cache", "closed_dir/inner.py", "ok.py", cwd=shared_dir, user=user)

    assert result.returncode == 2
    seen = findings(result)
    assert seen["closed_dir/inner.py"] == [(1, "SCN002", "cannot read: Permission denied")]
    assert [code for _, code, _ in seen["ok.py"]] == ["SCN201"]


# Configuration ---------------------------------------------------------------------------------

UNDECODABLE_TOML = {
    "latin-1 in a comment": "[tool.scanlint]\n# caf\u00e9\nselect = ['SCN2']\n".encode("latin-1"),
    "cp1252 in a string": "[tool.scanlint]\nexclude = ['\u201cgen\u201d']\n".encode("cp1252"),
    "UTF-16 with a BOM": "[tool.scanlint]\nselect = ['SCN2']\n".encode("utf-16"),
    "a lone continuation byte": b"[tool.scanlint]\nselect = ['SCN2'] \x80\n",
}
NESTED_TOML = {
    "arrays 5,000 deep": "[tool.scanlint]\nselect = " + "[" * 5000 + "]" * 5000 + "\n",
    "inline tables 5,000 deep": "[tool.scanlint]\nx = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n",
    "arrays 100,000 deep": "[tool.scanlint]\nselect = " + "[" * 100_000 + "]" * 100_000 + "\n",
}


@pytest.mark.parametrize("data", [*UNDECODABLE_TOML.values(), *(text.encode() for text in NESTED_TOML.values())], ids=[*UNDECODABLE_TOML, *NESTED_TOML])
def test_a_pyproject_that_cannot_be_read_as_toml_is_a_configuration_error(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "pyproject.toml").write_bytes(data)
    (tmp_path / "m.py").write_text(SCAN)

    result = scanlint("check", "--no-cache", "m.py", cwd=tmp_path)

    assert result.returncode == 2
    assert f"scanlint: error: {tmp_path}/pyproject.toml: not valid TOML: " in result.stderr, result.stderr


@pytest.mark.parametrize("key", ["select", "ignore", "extend-select", "per-file-ignores"])
@pytest.mark.parametrize("blank", ["", " ", "\\t"], ids=["empty", "space", "tab"])
def test_an_empty_rule_code_in_the_configuration_is_an_error_not_every_rule(tmp_path: Path, key: str, blank: str) -> None:
    value = f'{{ "m.py" = ["{blank}"] }}' if key == "per-file-ignores" else f'["SCN201", "{blank}"]'
    (tmp_path / "pyproject.toml").write_text(f"[tool.scanlint]\n{key} = {value}\n")
    (tmp_path / "m.py").write_text(SCAN)

    result = scanlint("check", "--no-cache", "m.py", cwd=tmp_path)

    assert result.returncode == 2
    assert f"{tmp_path}/pyproject.toml [tool.scanlint] {key}" in result.stderr
    assert "empty rule code" in result.stderr


@pytest.mark.parametrize("option", ["--select", "--ignore"])
@pytest.mark.parametrize("value", ["", ",", " , "])
def test_an_empty_rule_code_on_the_command_line_selects_nothing_silently_never(tmp_path: Path, option: str, value: str) -> None:
    (tmp_path / "m.py").write_text(SCAN)

    result = scanlint("check", "--no-cache", option, value, "m.py", cwd=tmp_path)

    if option == "--select":
        assert result.returncode == 2 and "scanlint: error: --select: no rule code given" in result.stderr
    else:  # ignoring nothing is harmless: the finding is still reported
        assert result.returncode == 1 and [code for _, code, _ in findings(result)["m.py"]] == ["SCN201"]


# The process and its environment ---------------------------------------------------------------


@pytest.mark.parametrize("closed", ["stdin", "stdout", "both"])
def test_closed_standard_streams_are_a_usage_error(tmp_path: Path, closed: str) -> None:
    (tmp_path / "m.py").write_text(SCAN)
    # `exec 0<&-` and the like close the descriptor itself, so Python sees no stream at all.
    redirect = {"stdin": "0<&-", "stdout": "1>&-", "both": "0<&- 1>&-"}[closed]
    command = f'exec {redirect} "{SCRIPT}" check --no-cache --stdin-filename m.py'
    result = subprocess.run(["sh", "-c", command], cwd=tmp_path, capture_output=True, text=True, timeout=120)

    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    stream = "output" if closed != "stdin" else "input"
    assert "scanlint: error: " in result.stderr and f"standard {stream} is closed" in result.stderr


def test_a_removed_working_directory_is_a_clear_error(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    command = f'cd "{gone}" && rmdir "{gone}" && exec "{SCRIPT}" check'
    result = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120)

    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert "scanlint: error: the working directory cannot be used" in result.stderr


BROKEN_LIBCST = {
    "RuntimeError": "raise RuntimeError('half-installed wheel')",
    "ImportError": "raise ImportError('cannot import name _nodes')",
    "AttributeError": "import sys; sys.modules[__name__] = None",
    "MemoryError": "raise MemoryError()",
}


@pytest.mark.parametrize("body", BROKEN_LIBCST.values(), ids=BROKEN_LIBCST)
def test_an_internal_error_exits_2_with_a_message_never_1_with_a_traceback(tmp_path: Path, body: str) -> None:
    """A broken installation (here, a LibCST that fails on import) makes scanlint itself fail: CI
    must read exit 2, not "findings"."""
    (tmp_path / "site" / "libcst").mkdir(parents=True)
    (tmp_path / "site" / "libcst" / "__init__.py").write_text(body + "\n")
    (tmp_path / "m.py").write_text(SCAN)
    environment = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}

    result = scanlint("check", "--no-cache", "m.py", cwd=tmp_path, env=environment)

    assert result.returncode == 2
    assert "scanlint: internal error: " in result.stderr and "Please report this" in result.stderr


def wait_until_blocked_reading_a_pipe(process: subprocess.Popen) -> None:
    """Until the process sits in read() on its stdin pipe: signals sent then land where we want."""
    for _ in range(1200):
        if process.poll() is not None:
            raise AssertionError("scanlint ended before it read its input")
        wchan = Path(f"/proc/{process.pid}/wchan")
        if not wchan.exists():
            pytest.skip("no /proc/PID/wchan here: cannot tell when scanlint waits for input")
        if "pipe_read" in wchan.read_text():
            return
        time.sleep(0.05)
    raise AssertionError("scanlint never waited for its input")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_check_says_so_in_one_line(tmp_path: Path, signum: int) -> None:
    process = subprocess.Popen(
        [str(SCRIPT), "check", "--stdin-filename", "m.py"], cwd=tmp_path,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    wait_until_blocked_reading_a_pipe(process)
    process.send_signal(signum)
    out, err = process.communicate(timeout=120)

    assert "Traceback" not in err
    assert process.returncode == 128 + signum
    assert err == f"scanlint: interrupted by {signal.Signals(signum).name}\n"


def children_of(pid: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(status.parent.name))
    return found


@pytest.mark.parametrize("busy_for", [0.0, 1.0, 2.5])
def test_ctrl_c_while_worker_processes_lint_leaves_no_traceback_no_process_and_no_temporary_file(
    tmp_path: Path, busy_for: float
) -> None:
    """Ctrl-C at start-up and while the workers are busy. Files larger than a pipe's buffer
    once made the pool's feeder thread block forever on an interrupted run."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to see the worker processes")
    body = "".join(f"\ndef g{i}(xs):\n    return lax.scan(lambda c, x: (c, x), 0.0, xs)\n" for i in range(2500))
    for number in range(16):
        (tmp_path / f"m{number}.py").write_text(SCAN + body)  # about 3 MB, 200 KB a file
    before = snapshot(tmp_path)
    process = subprocess.Popen(
        [str(SCRIPT), "check", "-j", "2", "."], cwd=tmp_path,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    workers: list[int] = []
    while not workers and process.poll() is None:
        workers = children_of(process.pid)
        time.sleep(0.02)
    if not workers:
        pytest.skip("the run ended before its workers could be seen")
    time.sleep(busy_for)
    if process.poll() is not None:
        pytest.skip("the run ended before it could be interrupted")
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("scanlint did not exit within a minute of Ctrl-C")

    assert "Traceback" not in err, err
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == "scanlint: interrupted by SIGINT"
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)
    assert snapshot(tmp_path) == before
    assert [p.name for p in (tmp_path / ".scanlint_cache").glob(".tmp-*")] == []


def test_a_cache_write_that_fails_halfway_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A full disk, emulated with a file-size limit: the cache file cannot be written whole."""
    for number in range(50):
        (tmp_path / f"m{number}.py").write_text(f"# file {number}\n{SCAN}")  # 50 cache entries

    # `ulimit -f 8`: no file may grow past 8 blocks of 512 bytes; writing more fails with EFBIG.
    result = scanlint("-c", f'ulimit -f 8 && exec "{SCRIPT}" check .', cwd=tmp_path, user=("sh",), script=False)

    assert result.returncode == 1 and len(findings(result)) == 50
    assert [p.name for p in (tmp_path / ".scanlint_cache").iterdir()] == [".gitignore"]


# Warnings from the user's code -----------------------------------------------------------------

# Lines the parser warns about (invalid escape sequences, a number run into a keyword); each goes
# into the scan's function, so the statements scanlint parses contain it.
WARNING_LINES = [
    'pattern = "\\d+"',
    "data = b'\\q'",
    'name = f"\\w{xs}"',
    "flag = 1if xs else 2",
    "ok = [0x1for x in xs]",
    "inside = 1in xs",
    "either = 1or xs",
    "both = 1and xs",
]


@pytest.mark.parametrize("filter_", ["default", "always", "error"])
@pytest.mark.parametrize("mode", ["check", "fix"])
def test_warnings_about_the_users_code_never_leak_nor_change_the_verdict(tmp_path: Path, filter_: str, mode: str) -> None:
    for number, line in enumerate(WARNING_LINES):
        source = FIXABLE.replace("def f(xs):\n", f"def f(xs):\n    {line}\n")
        (tmp_path / f"w{number}.py").write_text(source)
    environment = {**os.environ, "PYTHONWARNINGS": filter_}
    arguments = ["check", "--no-cache", *(["--fix"] if mode == "fix" else []), "."]

    result = scanlint(*arguments, cwd=tmp_path, env=environment)

    assert "Warning" not in result.stderr, result.stderr
    seen = findings(result)
    if mode == "check":
        assert result.returncode == 1
        for number in range(len(WARNING_LINES)):
            assert [(line, code) for line, code, _ in seen[f"w{number}.py"]] == [(7, "SCN201")]
    else:
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"Applied {len(WARNING_LINES)} fixes." in result.stderr


# --fix on files that cannot be written, or change under it ---------------------------------------

FIXED = FIXABLE.replace("        return c\n", "        return c, None\n")

# (what happens to the fixable file, the message); run as an unprivileged user.
UNWRITABLE = {
    "read-only directory": "not fixed: cannot write next to it: Permission denied",
    "read-only file": "not fixed: it is read-only",
    "read-only file in a read-only directory": "not fixed: it is read-only",
}


@pytest.mark.parametrize("member", UNWRITABLE, ids=UNWRITABLE)
def test_fix_skips_a_file_it_cannot_write_and_fixes_the_others(shared_dir: Path, member: str) -> None:
    user = as_unprivileged_user(shared_dir)
    for name in ("a", "locked", "z"):
        (shared_dir / name).mkdir()
        (shared_dir / name / "m.py").write_text(FIXABLE)
    (shared_dir / "a").chmod(0o777)
    (shared_dir / "z").chmod(0o777)
    (shared_dir / "a" / "m.py").chmod(0o666)
    (shared_dir / "z" / "m.py").chmod(0o666)
    locked = shared_dir / "locked"
    (locked / "m.py").chmod(0o444 if "read-only file" in member else 0o666)
    locked.chmod(0o555 if "directory" in member else 0o777)

    result = scanlint("check", "--no-cache", "--fix", ".", cwd=shared_dir, user=user)

    assert result.returncode == 2
    assert f"scanlint: error: locked/m.py: {UNWRITABLE[member]}" in result.stderr.splitlines(), result.stderr
    assert (shared_dir / "a" / "m.py").read_text() == FIXED
    assert (shared_dir / "z" / "m.py").read_text() == FIXED
    assert (locked / "m.py").read_text() == FIXABLE
    assert [(line, code) for line, code, _ in findings(result)["locked/m.py"]] == [(6, "SCN201")]
    assert sorted(p.name for p in shared_dir.rglob("*") if p.is_file()) == ["m.py"] * 3


def remove(path: Path) -> None:
    path.unlink()


def replace_by_directory(path: Path) -> None:
    path.unlink()
    path.mkdir()


def edit_meanwhile(path: Path) -> None:
    path.write_text(path.read_text() + "# edited in the editor meanwhile\n")


def remove_parent(path: Path) -> None:
    shutil.rmtree(path.parent)


def replace_by_symlink(path: Path) -> None:
    elsewhere = path.parent.parent / "elsewhere.py"
    elsewhere.write_text("x = 1\n")
    path.unlink()
    path.symlink_to(elsewhere)


CHANGES_DURING_FIX = {
    "removed": (remove, "it was removed while scanlint was fixing it"),
    "replaced by a directory": (replace_by_directory, "it was replaced by a directory while scanlint was fixing it"),
    "edited": (edit_meanwhile, "it changed while scanlint was fixing it; the new content is kept"),
    "its directory removed": (remove_parent, "it was removed while scanlint was fixing it"),
    "replaced by a symlink": (replace_by_symlink, "it changed while scanlint was fixing it; the new content is kept"),
}


@pytest.mark.parametrize("member", CHANGES_DURING_FIX, ids=CHANGES_DURING_FIX)
def test_a_file_that_changes_between_reading_and_writing_its_fix_is_left_alone(tmp_path: Path, member: str) -> None:
    """The real read and write of `--fix`, with the file changed between the two, as an editor,
    a `git checkout` or a build step running at the same time would."""
    from scanlint.fixes.apply import NotWritten, fix_file, write_atomically

    change, message = CHANGES_DURING_FIX[member]
    (tmp_path / "pkg").mkdir()
    path = tmp_path / "pkg" / "m.py"
    path.write_text(FIXABLE)
    outcome = fix_file(path, "pkg/m.py", frozenset({"SCN201"}), unsafe=False)
    assert outcome is not None and outcome.changed
    change(path)
    after_change = snapshot(tmp_path)

    with pytest.raises(NotWritten, match=message):
        write_atomically(outcome)

    assert snapshot(tmp_path) == after_change  # nothing written, nothing left behind


def data_module(rows: int, shape: str) -> str:
    """A module of data that a scan uses, as generated code often is: one large literal."""
    if shape == "list of tuples":
        table = "TABLE = [\n" + "".join(f"    ({i}, {i * 0.5}, {-i * 0.25}),\n" for i in range(rows)) + "]\n"
    elif shape == "dict of lists":
        table = "TABLE = {\n" + "".join(f"    'k{i}': [{i}, {i + 1}, {i + 2}],\n" for i in range(rows)) + "}\n"
    else:  # one line
        table = "TABLE: tuple = (" + ", ".join(f"{i * 0.5}" for i in range(rows * 3)) + ")\n"
    return (
        "import jax\nimport jax.numpy as jnp\n\n"
        + table
        + "\n\ndef run(xs):\n    def step(carry, x):\n        return carry + jnp.asarray(TABLE).sum() * x\n\n"
        "    return jax.lax.scan(step, 0.0, xs)\n"
    )


@pytest.mark.parametrize("shape", ["list of tuples", "dict of lists", "one line"])
def test_a_large_data_module_is_linted_without_handing_its_literal_to_libcst(tmp_path: Path, shape: str) -> None:
    from scanlint.index.selection import relevant_source

    source = data_module(20_000, shape)
    assert len(source) > 500_000
    (tmp_path / "data.py").write_text(source)
    (tmp_path / "other.py").write_text(SCAN)
    result = scanlint("check", "--no-cache", ".", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    shown = result.stdout
    assert "data.py:" in shown and "SCN201" in shown and "other.py:" in shown
    selected = relevant_source(source).text
    assert len(selected) < 1_000 and "TABLE" in selected  # the literal became `TABLE = ...`


def test_a_file_over_the_size_limit_is_skipped_with_a_notice_and_the_others_are_linted(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.scanlint]\nmax-file-size = 0.2\n")
    (tmp_path / "data.py").write_text(data_module(10_000, "list of tuples"))
    (tmp_path / "other.py").write_text(SCAN)
    result = scanlint("check", "--no-cache", ".", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1 and "other.py:5:" in result.stdout and "data.py" not in result.stdout
    assert re.search(
        r"scanlint: data\.py: skipped: 0\.\d MB is more than max-file-size \(0\.2 MB\); to lint it, raise "
        r"max-file-size in .*pyproject\.toml",
        result.stderr,
    ), result.stderr

    (tmp_path / "pyproject.toml").write_text("[tool.scanlint]\nmax-file-size = 5\n")
    included = scanlint("check", "--no-cache", ".", cwd=tmp_path)
    assert "data.py:" in included.stdout and "skipped" not in included.stderr


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", '"5MB"', "true"])
def test_a_max_file_size_that_is_not_a_positive_number_is_a_configuration_error(tmp_path: Path, value: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.scanlint]\nmax-file-size = {value}\n")
    (tmp_path / "other.py").write_text(SCAN)
    result = scanlint("check", ".", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "max-file-size must be a finite number of megabytes above 0" in result.stderr


def test_the_process_pools_broken_state_race_prints_no_traceback_and_others_still_do() -> None:
    """On Ctrl-C, Python's process pool manager thread can raise `InvalidStateError` while it
    marks futures already cancelled as broken. That error, from that thread, is dropped while
    scanlint's pool runs; any other error in any thread still reaches the hook in place."""
    import threading
    from concurrent.futures import InvalidStateError

    from scanlint.api import _quiet_pool_breakage

    class ManagerLike(threading.Thread):
        pass

    ManagerLike.__module__ = "concurrent.futures.process"
    seen: list[type[BaseException]] = []
    previous = threading.excepthook
    threading.excepthook = lambda args: seen.append(args.exc_type)
    try:
        restore = _quiet_pool_breakage()

        def fail(error: BaseException) -> None:
            raise error

        for thread in (
            ManagerLike(target=fail, args=(InvalidStateError("CANCELLED"),)),
            ManagerLike(target=fail, args=(RuntimeError("other"),)),
            threading.Thread(target=fail, args=(InvalidStateError("elsewhere"),)),
        ):
            thread.start()
            thread.join()
        restore()
        after = ManagerLike(target=fail, args=(InvalidStateError("after the run"),))
        after.start()
        after.join()
    finally:
        threading.excepthook = previous
    assert seen == [RuntimeError, InvalidStateError, InvalidStateError]
