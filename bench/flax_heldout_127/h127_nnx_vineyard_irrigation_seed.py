# label: same-values
# flax-error: none
# class: 4 an IrrigationAdapter reaches its SoilNoise module's Seed variable, whose key is read unchanged in every fori_loop step
"""Vineyard irrigation planner: samples soil-moisture scenarios per vine block."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Seed(nnx.Variable):
    """A fixed PRNG key stored on the module, not trained."""


class SoilNoise(nnx.Module):
    def __init__(self, key, scale=0.08):
        self.seed = Seed(key)
        self.scale = scale

    def perturb(self, moisture):
        return moisture + self.scale * jax.random.normal(self.seed.value, moisture.shape)


class MoistureModel(nnx.Module):
    def __init__(self, n_blocks, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_blocks, n_blocks, rngs=rngs)

    def __call__(self, moisture):
        return nnx.sigmoid(self.mix(moisture))


class IrrigationAdapter:
    def __init__(self, n_blocks=6, seed=0):
        self.model = MoistureModel(n_blocks, nnx.Rngs(seed))
        self.noise = SoilNoise(jax.random.key(seed + 100))

    def scenarios(self, moisture, n=5):
        def scenario(i, buf):
            return buf.at[i].set(self.model(self.noise.perturb(moisture)))

        return fori_loop(0, n, scenario, jnp.zeros((n,) + moisture.shape))


def main():
    adapter = IrrigationAdapter()
    moisture = jnp.linspace(0.15, 0.35, 6)
    return adapter.scenarios(moisture)
