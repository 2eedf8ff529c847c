# label: ok
# flax-error: none
# class: 1 ScenarioGenerator.__call__ runs the scan itself over keys split from one self.make_rng("weather") draw before the loop
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
        keys = jax.random.split(self.make_rng("weather"), self.hours)

        def hour(prev, key):
            noise = jax.random.normal(key, (self.sensors,))
            return prev, base_temp + scale * noise

        _, temps = lax.scan(hour, jnp.zeros(()), keys)
        return temps


def main():
    gen = ScenarioGenerator()
    base = jnp.full((6,), 1.5)
    variables = gen.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, base)
    return gen.apply(variables, base, rngs={"weather": jax.random.key(2)})
