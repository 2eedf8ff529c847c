"""The `jax_compiles` fixture and the `max_compiles` marker, run by the real pytest through pytester."""

from __future__ import annotations

import pytest
from integration_helpers import import_what_the_plugin_imports

pytest_plugins = ["pytester"]

PLUGIN = ("-p", "scanlint.frontends.pytest_plugin")

GUARDED_TESTS = """
import jax
import jax.numpy as jnp
import pytest


@jax.jit
def double(x):
    return x * 2.0


@jax.jit
def triple(x):
    return x * 3.0


@jax.jit
def quadruple(x):
    return x * 4.0


@pytest.mark.max_compiles(1)
def test_same_shapes_compile_once():
    double(jnp.ones(3))
    double(jnp.zeros(3))


@pytest.mark.max_compiles(1)
def test_a_new_shape_compiles_again():
    triple(jnp.ones(3))
    triple(jnp.ones(4))


@pytest.mark.max_compiles(quadruple=2)
def test_a_limit_by_name():
    quadruple(jnp.ones(3))
    quadruple(jnp.ones(4))


@pytest.mark.max_compiles({"halve": 1})
def test_a_function_jitted_in_the_test_shows_why_it_compiled():
    @jax.jit
    def halve(x):
        return x / 2.0

    halve(jnp.ones(3))
    halve(jnp.ones(4))


def test_the_fixture_counts_per_function(jax_compiles):
    @jax.jit
    def scale(x):
        return x * 5.0

    scale(jnp.ones(2))
    scale(jnp.ones(5))
    scale(jnp.ones(5))
    assert jax_compiles.calls(scale) == 3
    assert jax_compiles.compiles(scale) == 2
    assert jax_compiles.reasons(scale) == ["first call", "x: float32[2] -> float32[5]"]


@pytest.mark.max_compiles("a few")
def test_a_bad_limit():
    pass
"""


@pytest.fixture(scope="module", autouse=True)
def plugin_imports_done_here() -> None:
    import_what_the_plugin_imports()


@pytest.fixture(autouse=True)
def in_process_runs_load_only_the_named_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def test_the_marker_passes_and_fails_with_reasons(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_guard=GUARDED_TESTS)
    result = pytester.runpytest(*PLUGIN, "-v", "--strict-markers")
    result.stdout.fnmatch_lines(
        [
            "*test_same_shapes_compile_once PASSED*",
            "*test_a_new_shape_compiles_again FAILED*",
            "*test_a_limit_by_name PASSED*",
            "*test_a_function_jitted_in_the_test_shows_why_it_compiled FAILED*",
            "*test_the_fixture_counts_per_function PASSED*",
            "*test_a_bad_limit FAILED*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "max_compiles exceeded:",
            "  triple (test_guard.py:*) compiled 2 times, limit 1",
            "    why: not recorded, it was jitted before counting started*--scanlint-trace*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "max_compiles exceeded:",
            "  halve (test_guard.py:*) compiled 2 times, limit 1",
            "    1. first call",
            "    2. x: float32[3] -> float32[4]",
        ]
    )
    result.stdout.fnmatch_lines(["max_compiles: expected max_compiles(n)*got 'a few'"])
    result.assert_outcomes(passed=3, failed=3)


def test_with_scanlint_trace_functions_jitted_at_import_have_reasons_too(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_guard=GUARDED_TESTS)
    result = pytester.runpytest(*PLUGIN, "--scanlint-trace", "-k", "new_shape")
    result.assert_outcomes(failed=1, deselected=5)
    result.stdout.fnmatch_lines(
        [
            "  triple (test_guard.py:*) compiled 2 times, limit 1",
            "    1. first call",
            "    2. x: float32[3] -> float32[4]",
        ]
    )


RECREATED_WRAPPERS = """
import flax.linen as nn
import jax
import jax.numpy as jnp
import pytest


@pytest.mark.max_compiles(1)
def test_jit_of_flax_apply_applied_twice():
    model = nn.Dense(2)
    x = jnp.ones((1, 3))
    variables = model.init(jax.random.PRNGKey(0), x)
    for _ in range(2):
        jax.jit(model.apply)(variables, x)


@pytest.mark.max_compiles(1)
def test_a_fresh_lambda_per_step():
    x = jnp.ones(3)
    for _ in range(3):
        x = jax.jit(lambda v: v * 0.5)(x)


@pytest.mark.max_compiles(1)
def test_one_wrapper_made_once():
    step = jax.jit(lambda v: v * 0.5)
    x = jnp.ones(3)
    for _ in range(3):
        x = step(x)
"""


def test_the_marker_counts_wrappers_made_anew_and_jit_applied_to_library_functions(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_wrappers=RECREATED_WRAPPERS)
    result = pytester.runpytest(*PLUGIN, "-v")
    result.stdout.fnmatch_lines(
        [
            "*test_jit_of_flax_apply_applied_twice FAILED*",
            "*test_a_fresh_lambda_per_step FAILED*",
            "*test_one_wrapper_made_once PASSED*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "  apply (jitted at test_wrappers.py:13) compiled 2 times by 2 jax.jit wrappers made anew, limit 1",
            "    1. first call",
            "    2. jax.jit applied anew at test_wrappers.py:13 (wrapper 2)*compiled again for the same function and arguments*",
        ]
    )
    result.stdout.fnmatch_lines(["  <lambda> (test_wrappers.py:20) compiled 3 times by 3 jax.jit wrappers made anew, limit 1"])
    result.assert_outcomes(passed=1, failed=2)


COMPILE_TIME_BUDGETS = """
import jax
import jax.numpy as jnp
import pytest


@pytest.mark.max_compile_seconds(3600)
def test_within_a_generous_budget():
    jax.jit(lambda x: x * 2.0)(jnp.ones(3))


@pytest.mark.max_compile_seconds(0)
def test_over_a_zero_budget():
    @jax.jit
    def double(x):
        return x * 2.0

    double(jnp.ones(3))


@pytest.mark.max_compile_seconds(other_function=0)
def test_a_budget_for_another_function():
    jax.jit(lambda x: x * 2.0)(jnp.ones(3))
"""


def test_the_compile_time_budget(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_budgets=COMPILE_TIME_BUDGETS)
    result = pytester.runpytest(*PLUGIN, "-v", "--strict-markers")
    result.stdout.fnmatch_lines(
        [
            "*test_within_a_generous_budget PASSED*",
            "*test_over_a_zero_budget FAILED*",
            "*test_a_budget_for_another_function PASSED*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "max_compile_seconds exceeded:",
            "  double (test_budgets.py:*): * s tracing and compiling (1 compile), budget 0 s",
            "    1. first call",
        ]
    )
    result.assert_outcomes(passed=2, failed=1)


def test_the_marker_through_the_installed_plugin_in_a_subprocess(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    pytester.makepyfile(test_guard=GUARDED_TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=3)
    result.stdout.fnmatch_lines(["  triple (test_guard.py:*) compiled 2 times, limit 1"])
