"""`pytest --scanlint`: one lint item per Python file, run by the real pytest through pytester.

Most runs are in-process with entry-point autoloading off and the plugin named explicitly (about
0.1 s each instead of 1.7 s); a few run pytest in a subprocess with the installed entry point.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from integration_helpers import BAD_SOURCE, GOOD_SOURCE, SUPPRESSED_SOURCE, import_what_the_plugin_imports, scan_notebook

pytest_plugins = ["pytester"]

PLUGIN = ("-p", "scanlint.frontends.pytest_plugin")


@pytest.fixture(scope="module", autouse=True)
def plugin_imports_done_here() -> None:
    import_what_the_plugin_imports()


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A directory with a clean file, a file with SCN201 and a file where SCN201 is suppressed."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(good=GOOD_SOURCE, bad=BAD_SOURCE, suppressed=SUPPRESSED_SOURCE)
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest(*PLUGIN, *args)


def test_each_file_is_an_item_that_fails_with_its_findings(project: pytest.Pytester) -> None:
    result = run(project, "--scanlint", "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "bad.py::scanlint FAILED*",
            "good.py::scanlint PASSED*",
            "suppressed.py::scanlint PASSED*",
        ]
    )
    # The failure shows exactly what `scanlint check` prints: location, code, summary, caret, help.
    result.stdout.fnmatch_lines(
        [
            "*_ scanlint bad.py _*",
            "bad.py:7:16: SCN201 scan body returns the carry alone, not a (carry, out) pair",
            "7 |         return carry + x",
            "  |                ^^^^^^^^^ SCN201",
            "  = help: Return `carry, None` when there is no per-step output.",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_without_the_option_no_file_is_linted(project: pytest.Pytester) -> None:
    result = run(project)
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_items_carry_the_scanlint_marker(project: pytest.Pytester) -> None:
    project.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = run(project, "--scanlint", "-m", "not scanlint", "--strict-markers")
    result.assert_outcomes(passed=1, deselected=4)


def test_files_that_passed_are_skipped_until_their_content_changes(project: pytest.Pytester) -> None:
    run(project, "--scanlint").assert_outcomes(passed=2, failed=1)

    second = run(project, "--scanlint", "-rs")
    second.assert_outcomes(skipped=2, failed=1)
    second.stdout.fnmatch_lines(["*unchanged since it last passed scanlint*"])

    good = project.path / "good.py"
    good.write_text(GOOD_SOURCE + "\n# edited\n")
    (project.path / "bad.py").write_text(GOOD_SOURCE)
    run(project, "--scanlint").assert_outcomes(passed=2, skipped=1)
    run(project, "--scanlint").assert_outcomes(skipped=3)


def test_the_cache_ignores_modification_times(project: pytest.Pytester) -> None:
    good = project.path / "good.py"
    run(project, "--scanlint").assert_outcomes(passed=2, failed=1)

    os.utime(good, (1, 1))  # as after a fresh clone: new time, same content
    run(project, "--scanlint").assert_outcomes(skipped=2, failed=1)

    before = good.stat()
    good.write_text(BAD_SOURCE)  # new content, old time
    os.utime(good, ns=(before.st_atime_ns, before.st_mtime_ns))
    run(project, "--scanlint").assert_outcomes(skipped=1, failed=2)


def test_no_cacheprovider_still_lints(project: pytest.Pytester) -> None:
    run(project, "--scanlint", "-p", "no:cacheprovider").assert_outcomes(passed=2, failed=1)
    run(project, "--scanlint", "-p", "no:cacheprovider").assert_outcomes(passed=2, failed=1)


def test_tool_scanlint_settings_apply_and_changing_them_relints(project: pytest.Pytester) -> None:
    run(project, "--scanlint").assert_outcomes(passed=2, failed=1)

    project.makepyprojecttoml('[tool.scanlint]\nignore = ["scan-body-not-pair"]\n')
    # New settings: nothing is skipped, and the ignored rule no longer fails bad.py.
    run(project, "--scanlint").assert_outcomes(passed=3)

    project.makepyprojecttoml('[tool.scanlint]\nper-file-ignores = { "bad.py" = ["SCN201"] }\n')
    run(project, "--scanlint").assert_outcomes(passed=3)

    project.makepyprojecttoml('[tool.scanlint]\nexclude = ["bad.py"]\n')
    run(project, "--scanlint").assert_outcomes(passed=2)


def test_a_configuration_error_fails_the_items_with_its_message(project: pytest.Pytester) -> None:
    project.makepyprojecttoml('[tool.scanlint]\nselect = ["SCN999"]\n')
    result = run(project, "--scanlint")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(["*configuration error*pyproject.toml*unknown rule code or name 'SCN999'*"])


def test_a_syntax_error_fails_its_item(project: pytest.Pytester) -> None:
    (project.path / "broken.py").write_text("from jax import lax\ndef f(:\n    lax.scan\n")
    result = run(project, "--scanlint")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(["broken.py:2:*: SCN000 syntax error*"])


def test_notebooks_are_lint_items_failing_with_findings_located_by_cell(project: pytest.Pytester) -> None:
    pytest.importorskip("nbformat")
    (project.path / "analysis.ipynb").write_text(scan_notebook(bad=True))
    (project.path / "clean.ipynb").write_text(scan_notebook(bad=False))
    r_kernel = '{"cells": [{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": "x <- scan()"}], '
    (project.path / "other_language.ipynb").write_text(r_kernel + '"metadata": {"kernelspec": {"language": "R", "name": "ir", "display_name": "R"}}, "nbformat": 4, "nbformat_minor": 5}')
    result = run(project, "--scanlint", "-v")
    result.assert_outcomes(passed=4, failed=2)
    result.stdout.fnmatch_lines(
        [
            "analysis.ipynb::scanlint FAILED*",
            "bad.py::scanlint FAILED*",
            "clean.ipynb::scanlint PASSED*",
            "good.py::scanlint PASSED*",
            "other_language.ipynb::scanlint PASSED*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "*_ scanlint analysis.ipynb _*",
            "analysis.ipynb:cell 3:3:12: SCN201 * scan body returns *not a (carry, out) pair*",
            "3 |     return carry + x",
            "  |            ^^^^^^^^^ SCN201",
        ]
    )


def test_lint_items_run_next_to_ordinary_tests(project: pytest.Pytester) -> None:
    project.makepyfile(test_math="def test_add():\n    assert 1 + 1 == 2\n")
    result = run(project, "--scanlint")
    result.assert_outcomes(passed=4, failed=1)


def test_works_with_pytest_xdist(project: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    args = ("-p", "xdist.plugin", *PLUGIN, "--scanlint", "-n", "2")
    first = project.runpytest_subprocess(*args)
    first.assert_outcomes(passed=2, failed=1)
    # The controller wrote what the workers found: the second run skips the files that passed.
    second = project.runpytest_subprocess(*args)
    second.assert_outcomes(skipped=2, failed=1)


def test_the_installed_entry_point_and_disabling_it(project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    enabled = project.runpytest_subprocess("--scanlint", "-p", "no:cacheprovider")
    enabled.assert_outcomes(passed=2, failed=1)

    disabled = project.runpytest_subprocess("-p", "no:scanlint", "--scanlint")
    assert disabled.ret == pytest.ExitCode.USAGE_ERROR
    disabled.stderr.fnmatch_lines(["*unrecognized arguments: --scanlint*"])


def test_importing_the_plugin_imports_neither_libcst_nor_jax() -> None:
    probe = (
        "import sys, scanlint.frontends.pytest_plugin\n"
        "print(sorted(m for m in ('libcst', 'jax', 'flax') if m in sys.modules))\n"
    )
    output = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_a_session_without_scanlint_options_imports_neither_libcst_nor_jax(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_light="""
        import sys

        def test_nothing_heavy_was_imported():
            assert not {"libcst", "jax"} & set(sys.modules)
        """
    )
    project.runpytest_subprocess(*PLUGIN, "test_light.py").assert_outcomes(passed=1)


def test_a_passed_file_is_linted_again_when_a_project_file_it_imports_changes(pytester: pytest.Pytester) -> None:
    import textwrap

    plain_cell = "class Cell:\n    def __call__(self, carry, x):\n        return carry + x, x\n"
    linen_cell = textwrap.dedent(
        """\
        import flax.linen as nn


        class Cell(nn.Module):
            @nn.compact
            def __call__(self, carry, x):
                return carry + nn.Dense(3)(x), x
        """
    )
    model = textwrap.dedent(
        """\
        import flax.linen as nn
        import jax
        from .cells import Cell


        class Model(nn.Module):
            @nn.compact
            def __call__(self, xs):
                def step(carry, x):
                    return Cell()(carry, x)

                return jax.lax.scan(step, 0.0, xs)
        """
    )
    package = pytester.mkpydir("pkg")
    (package / "cells.py").write_text(plain_cell)
    (package / "model.py").write_text(model)
    pytester.runpytest("--scanlint", "-m", "scanlint", "-p", "no:randomly").assert_outcomes(passed=3)
    (package / "cells.py").write_text(linen_cell)
    second = pytester.runpytest("--scanlint", "-m", "scanlint", "-p", "no:randomly")
    second.assert_outcomes(failed=1, passed=1, skipped=1)
    second.stdout.fnmatch_lines(["*pkg/model.py:10:20: SCN101*"])


def test_patterns_with_a_slash_match_paths_given_through_a_symlink(project: pytest.Pytester) -> None:
    for name in ("src/bad.py", "src/gen/x.py", "src/vendored/y.py"):
        (project.path / name).parent.mkdir(parents=True, exist_ok=True)
        (project.path / name).write_text(BAD_SOURCE)
    project.makepyprojecttoml('[tool.scanlint]\nper-file-ignores = { "src/gen/*" = ["SCN201"] }\nexclude = ["src/vendored/*"]\n')
    link = project.path.parent / f"{project.path.name}-link"
    link.symlink_to(project.path)
    result = run(project, "--scanlint", "-v", str(link / "src"))
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*src/bad.py::scanlint FAILED*", "*src/gen/x.py::scanlint PASSED*"])
