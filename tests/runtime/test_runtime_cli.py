"""`scanlint trace` end to end: real child processes, real JAX. Kept few, because each child pays
for importing JAX."""

from __future__ import annotations

import json
import textwrap

import pytest
from runtime_helpers import FIXTURES, expect_lines

from scanlint.runtime import cli
from scanlint.runtime.report import render_text

pytestmark = pytest.mark.runtime

SCAN_THEN = """
import jax, jax.numpy as jnp

def step(carry, x):
    return carry * 0.5 + x, carry

final, _ = jax.lax.scan(step, jnp.zeros(2), jnp.ones((3, 2)))
"""


def trace(capsys, *argv: str) -> tuple[int, dict]:
    code = cli.main([*argv, "--output-format", "json"] if "--" not in argv else _with_format(argv))
    return code, json.loads(capsys.readouterr().out)


def _with_format(argv: tuple[str, ...]) -> list[str]:
    split = argv.index("--")
    return [*argv[:split], "--output-format", "json", *argv[split:]]


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_module_function_target_confirms_its_finding_with_stable_keys(capsys, monkeypatch) -> None:
    monkeypatch.chdir(FIXTURES)
    code, report = trace(capsys, "broken_scan_dtype_drift:run")
    assert code == 1
    assert set(report) == {"target", "status", "scans", "compiles", "findings", "static_error", "summary"}
    assert report["status"]["outcome"] == "error" and "TypeError" in report["status"]["error"]
    (scan,) = report["scans"]
    assert {"call_site", "body", "carry_in", "carry_out", "ok", "error"} <= set(scan)
    assert (scan["carry_in"], scan["carry_out"], scan["ok"]) == ("int32[]", "~float32[]", False)
    assert scan["call_site"]["path"] == "broken_scan_dtype_drift.py"
    (finding,) = report["findings"]
    assert (finding["code"], finding["line"], finding["runtime"]) == (
        "SCN203", expect_lines("broken_scan_dtype_drift")["SCN203"], "confirmed"
    )
    text = render_text(report)  # the text form is rendered from the same report
    assert "broken_scan_dtype_drift.py:15:16 scan body weighted_total.<locals>.step (line 12)" in text
    assert "carry int32[] -> ~float32[]  [FAILED]" in text
    # Findings are rendered as `scanlint check` renders them, with the verdict under each.
    headline = f"broken_scan_dtype_drift.py:{finding['line']}:{finding['column']}: SCN203 {finding['summary']}\n"
    assert headline == "broken_scan_dtype_drift.py:13:16: SCN203 scan carry changes dtype: int32[] -> float32[]\n"
    block = text[text.index(headline):]
    assert f"   = help: {finding['help']}\n   = runtime: confirmed - carry: int32[] -> ~float32[]" in block


def test_script_with_arguments_and_a_jitted_function(capsys, tmp_path) -> None:
    script = write(tmp_path, "train.py", """
        import sys
        import jax, jax.numpy as jnp

        @jax.jit
        def epoch(state, xs):
            return jax.lax.scan(lambda c, x: (c + x, c), state, xs)[0]

        state = jnp.float32(0.0)
        for _ in range(int(sys.argv[1])):
            state = epoch(state, jnp.ones(4))
        print("args:", sys.argv[1:])
    """)  # fmt: skip
    code, report = trace(capsys, script, "--", "3", "extra")
    assert code == 0 and report["status"]["outcome"] == "ok"
    assert "args: ['3', 'extra']" in report["status"]["stdout_tail"]
    (function,) = report["compiles"]
    assert (function["function"], function["calls"], function["compiles"], function["reasons"]) == (
        "epoch", 3, 1, ["first call"]
    )
    assert function["path"].endswith("train.py") and function["line"] == 5
    assert report["findings"] == []


def test_crash_is_reported_not_fatal(capsys, tmp_path) -> None:
    script = write(tmp_path, "crash.py", SCAN_THEN + "\nimport os\nos.abort()\n")
    code, report = trace(capsys, script)
    assert code == 2
    assert report["status"]["outcome"] == "crashed"
    assert "SIGABRT" in report["status"]["error"]
    assert "Fatal Python error: Aborted" in report["status"]["stderr_tail"]


def test_hang_is_stopped_at_the_time_limit_and_keeps_what_was_seen(capsys, tmp_path) -> None:
    script = write(tmp_path, "hang.py", SCAN_THEN + "\nimport time\nprint('started', flush=True)\ntime.sleep(600)\n")
    code, report = trace(capsys, script, "--timeout", "15")  # generous: JAX must import first
    assert code == 2
    assert report["status"]["outcome"] == "timeout"
    assert "started" in report["status"]["stdout_tail"]
    assert [s["ok"] for s in report["scans"]] == [True]  # the scan before the hang is reported


def test_target_that_ignores_the_stop_request_is_killed(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(cli, "GRACE_SECONDS", 1.0)
    script = write(tmp_path, "stubborn.py", """
        import signal, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        time.sleep(600)
    """)  # fmt: skip
    code, report = trace(capsys, script, "--timeout", "4")
    assert code == 2
    assert report["status"]["outcome"] == "timeout" and "killed" in report["status"]["error"]


def test_sys_exit_and_huge_output(capsys, tmp_path) -> None:
    script = write(tmp_path, "noisy.py", """
        import sys
        for i in range(200_000):
            print("line", i)
        print("last line")
        sys.exit(3)
    """)  # fmt: skip
    code, report = trace(capsys, script)
    assert code == 2
    status = report["status"]
    assert (status["outcome"], status["exit_code"]) == ("exit", 3)
    assert status["stdout_tail"].rstrip().endswith("last line")
    assert len(status["stdout_tail"]) < 9000 and "earlier bytes not shown" in status["stdout_tail"]


def test_import_error_and_usage_errors(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, report = trace(capsys, "no_such_module_here:run")
    assert code == 2
    assert report["status"]["outcome"] == "not-run"
    assert "ModuleNotFoundError" in report["status"]["error"]
    # Only the user's side of the failure: no frames of scanlint's child process or of importlib.
    assert "_child.py" not in report["status"]["traceback"] and "importlib" not in report["status"]["traceback"]
    text = render_text(report)
    assert text.startswith("scanlint trace no_such_module_here:run: could not start: ModuleNotFoundError")
    # Nothing ran: no empty Loops/Jitted functions/Findings sections.
    assert "Loops" not in text and "Jitted functions" not in text and "Findings" not in text
    (tmp_path / "broken_import.py").write_text("import no_such_dependency\n\ndef run():\n    pass\n")
    code, report = trace(capsys, "broken_import:run")
    traceback_lines = report["status"]["traceback"].splitlines()
    assert traceback_lines[0] == "Traceback (most recent call last):"
    assert 'broken_import.py", line 1, in <module>' in traceback_lines[1]
    assert "_child.py" not in report["status"]["traceback"] and "importlib" not in report["status"]["traceback"]
    assert traceback_lines[-1] == "ModuleNotFoundError: No module named 'no_such_dependency'"
    assert cli.main([]) == 2  # no target: usage error, no child started
    assert cli.main(["x.py", "--timeout", "0"]) == 2
    capsys.readouterr()


def test_pytest_node_id_target_reports_runtime_only_finding(capsys, tmp_path) -> None:
    test_file = write(tmp_path, "test_weak.py", """
        import jax, jax.numpy as jnp

        def test_loop():
            epoch = jax.jit(lambda s, xs: jax.lax.scan(lambda c, x: (c + x, c), s, xs)[0])
            state = 0.0
            for _ in range(3):
                state = epoch(state, jnp.ones(2))
    """)  # fmt: skip
    code, report = trace(capsys, f"{test_file}::test_loop")
    assert report["status"]["outcome"] == "ok"
    assert code == 1
    assert sorted(f["code"] for f in report["findings"]) == ["SCN903", "SCN904"]
    assert all(f["origin"] == "runtime" and f["runtime"] == "confirmed" for f in report["findings"])


def test_an_advisory_warning_is_not_counted_as_confirmed_and_noqa_on_the_body_is_honoured(capsys, tmp_path) -> None:
    script = write(tmp_path, "advisory.py", """
        import jax.numpy as jnp
        from jax import lax


        def add(*values):  # opaque to the static rules: only a run sees the drift
            return sum(values)


        def quiet_drifting_step(total, x):  # noqa: SCN901
            return add(total, x), None


        def running(c, x):
            return c + x, c


        lax.scan(running, 0.0, jnp.ones(3))  # weakly typed init: SCN903, advisory
        try:
            lax.scan(quiet_drifting_step, jnp.zeros((), jnp.int32), jnp.ones(3))
        except TypeError:
            pass
    """)  # fmt: skip
    code, report = trace(capsys, script)
    assert report["status"]["outcome"] == "ok"
    assert [(f["code"], f["severity"]) for f in report["findings"]] == [("SCN903", "warning")]
    assert code == 0
    assert (report["summary"]["confirmed"], report["summary"]["warnings"]) == (0, 1)
    assert "0 confirmed (0 runtime-only), 0 refuted, 0 not reached, 1 advisory warning;" in render_text(report)
