# label: ok
# flax-error: none
# class: 3 the harness's RolloutRunner carries the "sim_state" collection through the while_loop and applies the model with mutable=["sim_state"]
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
        self.params = variables["params"]
        self.sim_state = variables["sim_state"]

    def rollout(self, scenario):
        def cond(carry):
            t, _, _ = carry
            return t < scenario.horizon

        def body(carry):
            t, max_obs, sim_state = carry
            obs, mutated = self.model.apply(
                {"params": self.params, "sim_state": sim_state}, scenario.action, mutable=["sim_state"])
            return t + 1, jnp.maximum(max_obs, jnp.abs(obs).max()), mutated["sim_state"]

        _, max_obs, _ = jax.lax.while_loop(cond, body, (0, jnp.zeros(()), self.sim_state))
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
