# label: same-values
# flax-error: none
# class: 3 the FoulingAugmenter's rngs attribute is read in the fori_loop body through its stream's key Variable (rngs.augment.key[...]) instead of drawing from the stream
"""Water treatment controller: synthetic membrane-fouling trajectories to stress-test the backwash model."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class TransmembraneModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.l2(nnx.tanh(self.l1(x))))[0]


class FoulingAugmenter:
    def __init__(self, model: TransmembraneModel, seed: int, scale: float = 0.2):
        self.model = model
        self.rngs = nnx.Rngs(augment=seed)
        self.scale = scale

    def perturb(self, base):
        key = self.rngs.augment.key[...]
        return base + self.scale * jax.random.normal(key, base.shape)

    def trajectories(self, base, count: int):
        def body(i, pressures):
            return pressures.at[i].set(self.model(self.perturb(base)))

        return lax.fori_loop(0, count, body, jnp.zeros(count))


def main():
    base = jnp.array([0.8, 1.2, 0.3, 25.0, 0.05])  # flux, feed pressure, turbidity, temperature, dose
    augmenter = FoulingAugmenter(TransmembraneModel(nnx.Rngs(0)), seed=8)
    return augmenter.trajectories(base, count=6)
