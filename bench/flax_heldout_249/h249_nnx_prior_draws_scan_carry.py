# label: ok
# flax-error: none
# class: 2 the graphdef and the split state of the local prior go into the scan (state as carry); the body merges them, samples, and carries the model's new state on

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

DETER, STOCH = 8, 4


class StochasticPrior(nnx.Module):
    def __init__(self, *, min_std=0.1, rngs: nnx.Rngs):
        self.net = nnx.Linear(DETER, 2 * STOCH, rngs=rngs)
        self.min_std = min_std
        self.rngs = rngs

    def __call__(self, deter):
        mean, raw_std = jnp.split(self.net(deter), 2, axis=-1)
        std = nnx.softplus(raw_std) + self.min_std
        return mean + std * jax.random.normal(self.rngs.sample(), mean.shape)


def main():
    prior = StochasticPrior(rngs=nnx.Rngs(params=0, sample=1))
    deter = jnp.ones((1, DETER))
    graphdef, state = nnx.split(prior)

    def draw(state, _):
        model = nnx.merge(graphdef, state)
        z = model(deter)
        return nnx.state(model), z

    state, latents = scan(draw, state, None, length=5)
    nnx.update(prior, state)
    return latents
