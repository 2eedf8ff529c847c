# label: same-values
# flax-error: none
# class: 1 CulvertSurge.__call__ runs the scan itself and calls self.make_rng("rain") inside the body
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class CulvertSurge(nn.Module):
    """Simulates water level behind a culvert under perturbed rainfall."""

    capacity: float = 2.5

    @nn.compact
    def __call__(self, rainfall):
        inflow = nn.Dense(1, name="inflow")
        level0 = jnp.zeros(rainfall.shape[1:-1] + (1,))
        inflow(rainfall[0])

        def body(level, rain):
            gust = 0.2 * jax.random.normal(self.make_rng("rain"), rain.shape)
            level = jnp.minimum(0.85 * level + nn.softplus(inflow(rain + gust)), self.capacity)
            return level, gust

        _, gusts = scan(body, level0, rainfall)
        return gusts


def main():
    rainfall = jnp.tile(jnp.array([0.3, 0.1, 0.6, 0.2]), (8, 5, 1))
    model = CulvertSurge()
    variables = model.init({"params": jax.random.key(0), "rain": jax.random.key(1)}, rainfall)
    gusts = model.apply(variables, rainfall, rngs={"rain": jax.random.key(2)})
    return gusts
