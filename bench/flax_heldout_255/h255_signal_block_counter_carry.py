# label: ok
# flax-error: none
# class: 5 the aspect model comes from the module-level MODELS dict and its params are bound into a module-level step by functools.partial; the telemetry collection travels in the while_loop carry
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax.lax import while_loop
from flax import linen as nn

MODELS: dict = {}
ASPECTS = ("danger", "caution", "preliminary_caution", "clear")


class SignalAspectNet(nn.Module):
    """Scores the four signal aspects of a block section from its track-circuit readings."""

    hidden: int = 10

    @nn.compact
    def __call__(self, circuits):
        passes = self.variable("telemetry", "passes", jnp.zeros, (), jnp.int32)
        passes.value = passes.value + 1
        h = nn.relu(nn.Dense(self.hidden)(circuits))
        return nn.Dense(len(ASPECTS))(h)


def register_models(seed: int = 2):
    model = SignalAspectNet()
    variables = model.init(jax.random.PRNGKey(seed), jnp.zeros((1, 3)))
    MODELS["aspect"] = (model, variables)


def _interlock_step(params, circuits, state):
    section, occupancy, telemetry = state
    model, _ = MODELS["aspect"]
    logits, updated = model.apply(
        {"params": params, "telemetry": telemetry}, circuits, mutable=["telemetry"]
    )
    restrictive = jax.nn.softmax(logits)[..., 0].mean()
    return section + 1, occupancy + restrictive, updated["telemetry"]


def _sections_left(n_sections, state):
    return state[0] < n_sections


def sweep_line(circuits, n_sections: int = 4):
    model, variables = MODELS["aspect"]
    step = functools.partial(_interlock_step, variables["params"], circuits)
    keep_going = functools.partial(_sections_left, n_sections)
    init = (jnp.int32(0), jnp.float32(0.0), variables["telemetry"])
    _, occupancy, telemetry = while_loop(keep_going, step, init)
    MODELS["aspect"] = (model, {**variables, "telemetry": telemetry})
    return occupancy, telemetry["passes"]


def main():
    register_models()
    circuits = jnp.array([[0.9, 0.1, 0.0], [0.2, 0.7, 0.3], [0.0, 0.1, 0.95]])
    occupancy, passes = sweep_line(circuits)
    jax.block_until_ready((occupancy, passes))
    return None
