"""The static path stays light: no JAX ever, and no LibCST for files that cannot hold a finding."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PROBE = textwrap.dedent(
    """\
    import sys
    from scanlint.frontends.cli import main

    code = main(sys.argv[1:])
    heavy = sorted(m for m in ("jax", "jaxlib", "flax", "hypothesis", "libcst") if m in sys.modules)
    print("IMPORTED", ",".join(heavy))
    """
)


def imported_modules(*args: str, cwd: Path) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=cwd, capture_output=True, text=True, timeout=60
    )
    line = next(l for l in result.stdout.splitlines() if l.startswith("IMPORTED"))
    return set(filter(None, line.split(" ", 1)[1].split(",")))


def test_a_static_run_never_imports_jax_or_flax(tmp_path: Path, fixtures_dir: Path) -> None:
    modules = imported_modules("check", "--exit-zero", str(fixtures_dir), cwd=tmp_path)
    assert "libcst" in modules  # the fixtures do need parsing
    assert not modules & {"jax", "jaxlib", "flax", "hypothesis"}


def test_a_file_without_scan_or_pytree_words_does_not_import_libcst(tmp_path: Path) -> None:
    (tmp_path / "plain.py").write_text("import numpy as np\n\ndef f(x):\n    return np.sum(x)\n")
    assert imported_modules("check", "plain.py", cwd=tmp_path) == set()


SERVER_PROBE = textwrap.dedent(
    """\
    import sys
    from pathlib import Path

    from scanlint.api import lint_editor_text
    from scanlint.config import load_settings
    from scanlint.fixes.apply import fix_text
    from scanlint.frontends.lsp_server import build_server

    build_server()
    path = Path(sys.argv[1])
    settings = load_settings([path])
    text = path.read_text()
    assert lint_editor_text(path, text, settings)
    fix_text(str(path), text, settings.codes_for(path), unsafe=True)
    heavy = sorted(m for m in ("jax", "jaxlib", "flax", "hypothesis", "libcst") if m in sys.modules)
    print("IMPORTED", ",".join(heavy))
    """
)


def test_the_language_server_never_imports_jax_or_flax(tmp_path: Path, fixtures_dir: Path) -> None:
    pytest.importorskip("pygls", reason="the lsp extra is not installed")
    broken = sorted(fixtures_dir.glob("broken_*.py"))[0]
    result = subprocess.run(
        [sys.executable, "-c", SERVER_PROBE, str(broken)], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    line = next(l for l in result.stdout.splitlines() if l.startswith("IMPORTED"))
    modules = set(filter(None, line.split(" ", 1)[1].split(",")))
    assert "libcst" in modules  # the fixture was linted
    assert not modules & {"jax", "jaxlib", "flax", "hypothesis"}


def test_listing_and_explaining_the_runtime_codes_does_not_import_jax(tmp_path: Path) -> None:
    assert not imported_modules("rules", cwd=tmp_path) & {"jax", "jaxlib", "flax", "libcst"}
    assert not imported_modules("explain", "SCN904", cwd=tmp_path) & {"jax", "jaxlib", "flax", "libcst"}
