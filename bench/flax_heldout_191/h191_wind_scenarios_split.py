# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on the scenario generator is called in the scan body with one key per step split before the loop
"""Wind-farm power scenario generator: a stochastic transition model rolled forward over the horizon."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class StochasticTransition(nn.Module):
    turbines: int = 6

    @nn.compact
    def __call__(self, power):
        eps = jax.random.normal(self.make_rng("noise"), power.shape)
        drift = nn.Dense(self.turbines, name="drift")(power)
        shock = nn.Dense(self.turbines, use_bias=False, name="shock")(eps)
        return jnp.clip(power + 0.1 * drift + 0.05 * shock, 0.0, 1.0), eps


class ScenarioGenerator:
    def __init__(self, model, variables, key):
        self.sample_fn = functools.partial(model.apply, variables)
        self.key = key

    def rollout(self, power0, horizon):
        def body(power, key):
            power, eps = self.sample_fn(power, rngs={"noise": key})
            return power, eps

        keys = jax.random.split(self.key, horizon)
        _, shocks = jax.lax.scan(body, power0, keys)
        return shocks


def main():
    model = StochasticTransition()
    power0 = jnp.full((6,), 0.4)
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, power0)
    generator = ScenarioGenerator(model, variables, jax.random.key(42))
    return generator.rollout(power0, horizon=8)
