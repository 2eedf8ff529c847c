# label: same-values
# flax-error: none
# class: 3 sampler.key, drawn once from the sampler's nnx.Rngs 'forage' stream when the sampler is built, is used at every while_loop step together with sampler.model
"""Pollinator foraging simulation: a small NNX flight model turns wind noise into
a displacement for a bee at each simulated second."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class FlightModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.gust = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, noise):
        return 0.1 * jnp.tanh(self.gust(noise))


class ForageSampler:
    def __init__(self, model, rngs: nnx.Rngs):
        self.model = model
        self.rngs = rngs
        self.key = rngs.forage()

    def displacements(self, steps):
        def cond(carry):
            return carry[0] < steps

        def body(carry):
            i, out = carry
            noise = jax.random.normal(self.key, (3,))
            return i + 1, out.at[i].set(self.model(noise))

        _, out = lax.while_loop(cond, body, (0, jnp.zeros((steps, 3))))
        return out


def main():
    rngs = nnx.Rngs(params=0, forage=1)
    sampler = ForageSampler(FlightModel(rngs), rngs)
    moves = sampler.displacements(steps=8)
    return moves
