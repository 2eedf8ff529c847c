# label: same-values
# flax-error: none
# class: 3 a key drawn from the engine's nnx.Rngs stream self.rngs.snow once before the loop is used unchanged in the fori_loop body
"""Avalanche forecasting: perturb the snowpack observations of each slope cell and score the
slab release risk, one perturbed scenario per loop iteration."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SlabRisk(nnx.Module):
    def __init__(self, features, rngs):
        self.layer = nnx.Linear(features, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, cells):
        return nnx.sigmoid(self.out(nnx.tanh(self.layer(cells))))[..., 0]


class ScenarioEngine:
    def __init__(self, model, seed, spread=0.25):
        self.model = model
        self.rngs = nnx.Rngs(snow=seed)
        self.spread = spread

    def simulate(self, cells, n):
        key = self.rngs.snow()

        def body(i, out):
            noise = self.spread * jax.random.normal(key, cells.shape)
            return out.at[i].set(self.model(cells + noise))

        return lax.fori_loop(0, n, body, jnp.zeros((n, cells.shape[0])))


def main():
    cells = jax.random.normal(jax.random.key(0), (20, 6))  # slope cells x snowpack features
    engine = ScenarioEngine(SlabRisk(6, nnx.Rngs(1)), seed=11)
    return engine.simulate(cells, 9)
