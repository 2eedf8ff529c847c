# label: ok
# flax-error: none
# class: 5 an nn.remat-wrapped block owned by the ensemble gets one split dropout key per sample as the scan xs of the ensemble's method
"""Vineyard irrigation planning: the water-need model is a rematerialised noisy block (it runs on
small edge devices). The planner takes the mean answer plus Monte-Carlo samples for each
vineyard block to size the irrigation reserve."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class NoisyBlock(nn.Module):
    width: int = 8
    rate: float = 0.25

    @nn.compact
    def __call__(self, x, deterministic: bool, rng=None):
        h = nn.gelu(nn.Dense(self.width)(x))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic, rng=rng)
        return nn.Dense(1)(h)[0]


class WaterNeedEnsemble(nn.Module):
    samples: int = 6

    @nn.compact
    def __call__(self, soil):
        block = nn.remat(NoisyBlock, static_argnums=(2,))(name="block")
        mean = block(soil, True)
        if self.is_initializing():
            return mean, jnp.zeros((self.samples,))

        def draw(carry, key):
            return carry, block(soil, False, key)

        keys = jax.random.split(self.make_rng("dropout"), self.samples)
        _, draws = scan(draw, None, keys)
        return mean, draws


class IrrigationPlanner:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.seed = seed

    def reserve(self, soil):
        mean, draws = self.model.apply(self.variables, soil,
                                       rngs={"dropout": jax.random.key(self.seed)})
        return mean + 2.0 * draws.std(), draws


def main():
    model = WaterNeedEnsemble()
    soil = jnp.array([0.21, 0.35, 18.0, 0.6])
    variables = model.init(jax.random.key(0), soil)
    _, draws = IrrigationPlanner(model, variables, seed=11).reserve(soil)
    return draws
