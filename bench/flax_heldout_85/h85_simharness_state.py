# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "sim_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the harness's RolloutRunner applies the dynamics model (which writes its "sim_state" collection) inside the while_loop body without mutable
"""Simulation-based testing harness: roll a learned dynamics model forward until a horizon."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class LatentDynamics(nn.Module):
    latent: int = 8

    @nn.compact
    def __call__(self, action):
        h = self.variable("sim_state", "h", jnp.zeros, (self.latent,))
        h.value = nn.tanh(nn.Dense(self.latent)(jnp.concatenate([h.value, action])))
        return nn.Dense(2, name="obs_head")(h.value)


@dataclasses.dataclass
class Scenario:
    name: str
    horizon: int
    action: jnp.ndarray


class RolloutRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def rollout(self, scenario):
        def cond(carry):
            t, _ = carry
            return t < scenario.horizon

        def body(carry):
            t, max_obs = carry
            obs = self.model.apply(self.variables, scenario.action)
            return t + 1, jnp.maximum(max_obs, jnp.abs(obs).max())

        _, max_obs = jax.lax.while_loop(cond, body, (0, jnp.zeros(())))
        return max_obs


class SimulationHarness:
    def __init__(self, seed=0):
        model = LatentDynamics()
        variables = model.init(jax.random.PRNGKey(seed), jnp.zeros((2,)))
        self.runner = RolloutRunner(model, variables)

    def check(self, scenario, bound=10.0):
        max_obs = self.runner.rollout(scenario)
        return bool(max_obs < bound)


def main():
    harness = SimulationHarness()
    harness.check(Scenario("push_left", 6, jnp.array([-1.0, 0.0])))
    return None
