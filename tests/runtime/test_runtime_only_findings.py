"""What the runtime saw is reported even when no static finding matches it: a `make_rng` drawn in
a helper called from a raw scan body (the key JAX draws once for every step), and an array given
to a static parameter whose annotation the static rule flagged on the definition."""

from __future__ import annotations

import importlib.util
import sys

import jax.numpy as jnp
import pytest

from scanlint.api import check_paths
from scanlint.runtime import count_compiles, observe_scans
from scanlint.runtime.join import CONFIRMED, Observation, join

pytestmark = pytest.mark.runtime

RNG_IN_A_HELPER = '''
import flax.linen as nn
import jax
import jax.numpy as jnp


def noise_like(module, carry):
    return jax.random.normal(module.make_rng("noise"), carry.shape)


class NoisyWalk(nn.Module):
    @nn.compact
    def __call__(self, steps):
        def step(carry, t):
            noise = noise_like(self, carry)
            return carry + noise, noise

        return jax.lax.scan(step, jnp.zeros((3,)), jnp.arange(steps))


def run():
    model = NoisyWalk()
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, 4)
    return model.apply(variables, 4, rngs={"noise": jax.random.PRNGKey(2)})
'''

ANNOTATED_STATIC = '''
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames="decay")
def rollout(x, decay: jax.Array):
    return x * decay


def run():
    return rollout(jnp.ones(3), decay=jnp.ones(3))
'''


def load(tmp_path, name, text):
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"{name}_{id(path)}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return path, module


def test_make_rng_in_a_helper_is_a_runtime_only_finding_at_the_draw(tmp_path) -> None:
    path, module = load(tmp_path, "noisy_walk", RNG_IN_A_HELPER)
    with observe_scans() as seen:
        _, steps = module.run()
    # The ground truth, from JAX and Flax themselves: every step got the same noise.
    assert all((steps[i] == steps[0]).all() for i in range(1, 4))
    static = [f for f in check_paths([path]) if f.code.startswith("SCN1")]
    verdicts = join(static, Observation.collect(seen))
    runtime = [v for v in verdicts if v.origin == "runtime"]
    assert [v.finding.code for v in runtime] == ["SCN905"]
    finding = runtime[0].finding
    assert finding.line == RNG_IN_A_HELPER.splitlines().index('    return jax.random.normal(module.make_rng("noise"), carry.shape)') + 1
    assert "make_rng('noise')" in finding.message and "every step gets the same randomness" in finding.message
    assert finding.severity.value == "warning"  # a key folded with the step would be fine


def test_make_rng_in_the_body_itself_is_reported_once_by_the_static_rule(tmp_path) -> None:
    text = RNG_IN_A_HELPER.replace("noise = noise_like(self, carry)", 'noise = jax.random.normal(self.make_rng("noise"), carry.shape)')
    path, module = load(tmp_path, "noisy_walk_inline", text)
    with observe_scans() as seen:
        module.run()
    static = [f for f in check_paths([path]) if f.code.startswith("SCN1")]
    verdicts = join(static, Observation.collect(seen))
    assert [(v.finding.code, v.runtime, v.origin) for v in verdicts] == [("SCN103", CONFIRMED, "static")]


def test_the_annotation_form_of_scn303_is_confirmed(tmp_path) -> None:
    with count_compiles() as counts:
        path, module = load(tmp_path, "annotated_static", ANNOTATED_STATIC)
        with pytest.raises(ValueError, match="Non-hashable static arguments"):  # the ground truth
            module.run()
    static = [f for f in check_paths([path]) if f.code == "SCN303"]
    definition_line = ANNOTATED_STATIC.splitlines().index("def rollout(x, decay: jax.Array):") + 1
    assert definition_line in [f.line for f in static]
    verdicts = join(static, Observation.collect(counts=counts))
    by_line = {v.finding.line: v for v in verdicts}
    assert by_line[definition_line].runtime == CONFIRMED
    assert "static argument decay was jax array float32[3]" in by_line[definition_line].evidence


PARAM_IN_A_HELPER = '''
import flax.linen as nn
import jax
import jax.numpy as jnp


def project(module, carry):
    kernel = module.param("kernel", nn.initializers.lecun_normal(), (3, 3))
    return carry @ kernel


class Walk(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            carry = project(self, carry) + x
            return carry, carry

        return jax.lax.scan(step, jnp.zeros((3,)), xs)


def init():
    return Walk().init(jax.random.PRNGKey(0), jnp.ones((4, 3)))
'''


def test_a_parameter_created_in_a_helper_is_a_runtime_only_finding(tmp_path) -> None:
    path, module = load(tmp_path, "param_walk", PARAM_IN_A_HELPER)
    with observe_scans() as seen:
        variables = module.init()  # init succeeds silently
    with pytest.raises(Exception, match="UnexpectedTracerError|Encountered an unexpected tracer"):
        module.Walk().apply(variables, jnp.ones((4, 3)))  # the ground truth: the leaked tracer
    static = [f for f in check_paths([path]) if f.code.startswith("SCN1")]
    runtime = [v for v in join(static, Observation.collect(seen)) if v.origin == "runtime"]
    assert [v.finding.code for v in runtime] == ["SCN906"]
    assert "params/kernel" in runtime[0].finding.message and runtime[0].finding.severity.value == "error"
