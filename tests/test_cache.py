"""The findings cache: reused when nothing changed, invalidated by content and configuration,
safe under concurrent runs."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from scanlint import api
from scanlint.config import load_settings

BAD = textwrap.dedent(
    """\
    from jax import lax


    def f(xs):
        return lax.scan(lambda c, x: c, 0.0, xs)
    """
)


def run(directory: Path, **kwargs) -> api.RunResult:
    settings = load_settings([directory])
    return api.run([directory], settings, **kwargs)


def test_a_warm_run_parses_nothing_and_finds_the_same(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text(BAD)
    (tmp_path / "b.py").write_text(BAD.replace("c, 0.0", "(c, x), 0.0"))
    cold = run(Path("."))
    warm = run(Path("."))
    assert cold.parsed == 2 and warm.parsed == 0
    assert [f.to_json() for f in warm.findings] == [f.to_json() for f in cold.findings]
    assert (tmp_path / ".scanlint_cache" / ".gitignore").read_text().endswith("*\n")


def test_changed_content_and_changed_config_are_parsed_again(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text(BAD)
    (tmp_path / "b.py").write_text(BAD)
    run(Path("."))
    (tmp_path / "b.py").write_text(BAD + "\n# edited\n")
    assert run(Path(".")).parsed == 1
    (tmp_path / "pyproject.toml").write_text('[tool.scanlint]\nignore = ["SCN203"]\n')
    assert run(Path(".")).parsed == 2
    assert run(Path("."), use_cache=False).parsed == 2


def test_a_file_the_prefilter_passed_over_is_linted_once_it_names_a_loop(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text("def f(xs):\n    return xs\n")
    assert run(Path(".")).findings == [] and run(Path(".")).findings == []
    (tmp_path / "a.py").write_text(BAD)
    warm = run(Path("."))
    assert warm.parsed == 1
    assert [f.code for f in warm.findings] == ["SCN201"]


def test_a_corrupt_cache_file_is_ignored(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text(BAD)
    run(Path("."))
    for cache_file in (tmp_path / ".scanlint_cache").glob("findings-*.json"):
        cache_file.write_text("{not json")
    result = run(Path("."))
    assert result.parsed == 1 and [f.code for f in result.findings] == ["SCN201"]


def test_concurrent_runs_leave_a_valid_cache(tmp_path: Path) -> None:
    for index in range(30):
        (tmp_path / f"m{index}.py").write_text(BAD.replace("def f", f"def f{index}"))
    command = [sys.executable, "-m", "scanlint", "check", "-q", "--output-format", "json", "."]
    processes = [subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, text=True) for _ in range(4)]
    outputs = [process.communicate(timeout=120)[0] for process in processes]
    assert all(len(json.loads(output)) == 30 for output in outputs)
    (cache_file,) = (tmp_path / ".scanlint_cache").glob("findings-*.json")
    assert len(json.loads(cache_file.read_text())["entries"]) == 30
