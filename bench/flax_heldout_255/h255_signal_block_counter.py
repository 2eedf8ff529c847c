# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "passes" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the aspect model comes from the module-level MODELS dict and its variables are bound into a module-level step by functools.partial, which the while_loop body calls
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


def _interlock_step(variables, circuits, state):
    section, occupancy = state
    model, _ = MODELS["aspect"]
    logits = model.apply(variables, circuits)
    restrictive = jax.nn.softmax(logits)[..., 0].mean()
    return section + 1, occupancy + restrictive


def _sections_left(n_sections, state):
    return state[0] < n_sections


def sweep_line(circuits, n_sections: int = 4):
    _, variables = MODELS["aspect"]
    step = functools.partial(_interlock_step, variables, circuits)
    keep_going = functools.partial(_sections_left, n_sections)
    _, occupancy = while_loop(keep_going, step, (jnp.int32(0), jnp.float32(0.0)))
    return occupancy


def main():
    register_models()
    circuits = jnp.array([[0.9, 0.1, 0.0], [0.2, 0.7, 0.3], [0.0, 0.1, 0.95]])
    occupancy = sweep_line(circuits)
    jax.block_until_ready(occupancy)
    return None
