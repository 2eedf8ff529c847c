# label: same-values
# flax-error: none
# class: 1 ScenarioGenerator.__call__ runs the scan itself and calls self.make_rng("weather") in the body
"""Orchard frost protection: generate hourly sensor perturbation scenarios that the sprinkler
scheduler is stress-tested against."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ScenarioGenerator(nn.Module):
    sensors: int = 6
    hours: int = 10

    @nn.compact
    def __call__(self, base_temp):
        scale = self.param("scale", lambda k, s: jnp.full(s, 0.5), (self.sensors,))

        def hour(prev, _):
            noise = jax.random.normal(self.make_rng("weather"), (self.sensors,))
            return prev, base_temp + scale * noise

        _, temps = lax.scan(hour, jnp.zeros(()), None, length=self.hours)
        return temps


def main():
    gen = ScenarioGenerator()
    base = jnp.full((6,), 1.5)
    variables = gen.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, base)
    return gen.apply(variables, base, rngs={"weather": jax.random.key(2)})
