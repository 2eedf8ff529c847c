"""`pytest --scanlint-trace`: scans observed while the tests run, run by the real pytest."""

from __future__ import annotations

import pytest
from integration_helpers import import_what_the_plugin_imports

pytest_plugins = ["pytester"]

PLUGIN = ("-p", "scanlint.frontends.pytest_plugin")

TRACED_TESTS = """
import jax
import jax.numpy as jnp
import pytest
from jax import lax


def add(*values):
    return sum(values)


def drifting_step(total, x):
    return total + x, None


def hidden_drifting_step(total, x):
    return add(total, x), None


def quiet_drifting_step(total, x):  # noqa: SCN901
    return add(total, x), None


def test_a_carry_mismatch_fails_the_test_even_when_the_error_is_caught():
    with pytest.raises(TypeError):
        lax.scan(hidden_drifting_step, jnp.zeros((), jnp.int32), jnp.ones(3))


def test_an_uncaught_mismatch_gets_the_located_message():
    lax.scan(drifting_step, jnp.zeros((), jnp.int32), jnp.ones(3))


def test_noqa_on_the_body_suppresses_it():
    with pytest.raises(TypeError):
        lax.scan(quiet_drifting_step, jnp.zeros((), jnp.int32), jnp.ones(3))


@jax.jit
def running_total(xs):
    return lax.scan(lambda total, x: (total + x, total), jnp.zeros(()), xs)


def test_a_good_scan_compiled_for_two_shapes():
    running_total(jnp.ones(3))
    running_total(jnp.ones(4))
    running_total(jnp.ones(4))
"""


# SCN103 at line 10: nothing fails, every step silently adds the same noise.
SILENT_BUG_TESTS = """
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyWalk(nn.Module):
    @nn.compact
    def __call__(self, steps):
        def step(carry, t):
            noise = jax.random.normal(self.make_rng("noise"), carry.shape)
            return carry + noise, noise

        return jax.lax.scan(step, jnp.zeros((3,)), jnp.arange(steps))


def test_noisy_walk_runs():
    model = NoisyWalk()
    variables = model.init(jax.random.PRNGKey(0), 4)
    final, noises = model.apply(variables, 4, rngs={"noise": jax.random.PRNGKey(1)})
    assert noises.shape == (4, 3)
"""


@pytest.fixture(scope="module", autouse=True)
def plugin_imports_done_here() -> None:
    import_what_the_plugin_imports()


@pytest.fixture(autouse=True)
def in_process_runs_load_only_the_named_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def test_carry_mismatches_fail_their_tests_with_located_messages(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_traced=TRACED_TESTS)
    result = pytester.runpytest(*PLUGIN, "--scanlint-trace", "-v")
    result.stdout.fnmatch_lines(
        [
            "*test_a_carry_mismatch_fails_the_test_even_when_the_error_is_caught FAILED*",
            "*test_an_uncaught_mismatch_gets_the_located_message FAILED*",
            "*test_noqa_on_the_body_suppresses_it PASSED*",
            "*test_a_good_scan_compiled_for_two_shapes PASSED*",
        ]
    )
    # A mismatch no static rule saw: the runtime's own finding, at the body's definition.
    result.stdout.fnmatch_lines(
        [
            "*_ test_a_carry_mismatch_fails_the_test_even_when_the_error_is_caught _*",
            "test_traced.py:15:1: SCN901 scan body hidden_drifting_step changes its carry: total: int32[] -> float32[]",
            "15 | def hidden_drifting_step(total, x):",
        ]
    )
    # A mismatch a static rule predicted: the static finding, confirmed, next to JAX's traceback.
    result.stdout.fnmatch_lines(
        [
            "*_ test_an_uncaught_mismatch_gets_the_located_message _*",
            "E * TypeError: *",
            "*- Captured scanlint call -*",
            "test_traced.py:12:12: SCN203 scan carry changes dtype: int32[] -> float32[]",
            "12 |     return total + x, None",
            "   = runtime: confirmed - total: int32* -> float32*",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "*= scanlint: most compiled jitted functions =*",
            "   2 compiles * s      3 calls  running_total (test_traced.py:*)",
            "      xs: float32[3] -> float32[4]",
        ]
    )
    result.assert_outcomes(passed=2, failed=2)


def test_without_the_option_only_jax_errors_fail(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_traced=TRACED_TESTS)
    result = pytester.runpytest(*PLUGIN)
    result.assert_outcomes(passed=3, failed=1)
    assert "SCN901" not in result.stdout.str()
    assert "most compiled" not in result.stdout.str()


def test_a_static_finding_confirmed_by_the_run_fails_the_test(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_noise=SILENT_BUG_TESTS)
    result = pytester.runpytest(*PLUGIN, "--scanlint-trace")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "test_noise.py:10:39: SCN103 *",
            "* = runtime: confirmed - make_rng('noise') drawn once at trace time for every step*",
        ]
    )


def test_with_pytest_xdist_the_summary_gathers_every_worker(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    pytester.makepyfile(test_traced=TRACED_TESTS)
    result = pytester.runpytest_subprocess("-p", "xdist.plugin", *PLUGIN, "--scanlint-trace", "-n", "2")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*= scanlint: most compiled jitted functions =*",
            "   2 compiles * s      3 calls  running_total (test_traced.py:*)",
            "      xs: float32[3] -> float32[4]",
        ]
    )


EXPECTED_RECOMPILES = """
import jax
import jax.numpy as jnp


def test_keyword_after_position_and_tuple_after_list():
    @jax.jit
    def add(x, y):
        return x + y[0]

    a = jnp.ones(3)
    add(a, [a])
    add(a, y=[a])
    add(a, (a,))


def test_an_emptied_cache():
    @jax.jit
    def halve(x):
        return x / 2.0

    halve(jnp.ones(3))
    jax.clear_caches()
    halve(jnp.ones(3))


def test_a_wrapper_made_anew_in_a_loop():
    x = jnp.ones(3)
    for _ in range(2):
        x = jax.jit(lambda v: v * 0.5)(x)
"""


def test_expected_recompiles_pass_and_a_wrapper_made_anew_fails(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_recompiles=EXPECTED_RECOMPILES)
    result = pytester.runpytest(*PLUGIN, "--scanlint-trace", "-v")
    result.stdout.fnmatch_lines(
        [
            "*test_keyword_after_position_and_tuple_after_list PASSED*",
            "*test_an_emptied_cache PASSED*",
            "*test_a_wrapper_made_anew_in_a_loop FAILED*",
        ]
    )
    result.stdout.fnmatch_lines(
        ["test_recompiles.py:*: SCN904 jitted function *<lambda> compiled 2 times*jax.jit applied anew at test_recompiles.py:*"]
    )
    result.stdout.fnmatch_lines(
        [
            "*= scanlint: most compiled jitted functions =*",
            "*add (test_recompiles.py:*)",
            "      y: passed by position -> by keyword",
            "      y: list -> tuple",
        ]
    )
