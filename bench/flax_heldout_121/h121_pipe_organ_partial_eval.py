# label: ok
# flax-error: none
# class: 5 Tuner keeps functools.partial(model.apply, variables, train=False) and exposes it as the forward property; the fori_loop body calls it and only reads the running averages
"""Pipe organ tuning: a voicing model predicts each pipe's deviation in cents from wind
pressure, temperature and mouth geometry; the tuner sweeps rank by rank for the worst pipe."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class PipeVoicingNet(nn.Module):
    @nn.compact
    def __call__(self, pipes, train: bool = False):
        h = nn.Dense(12)(pipes)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.swish(h)).squeeze(-1) * 10.0


class Tuner:
    def __init__(self, model, variables, adapt_to_room=True):
        self._forward = functools.partial(model.apply, variables, train=adapt_to_room)

    @property
    def forward(self):
        return self._forward

    def worst_deviation(self, ranks):
        fwd = self.forward

        def body(i, worst):
            cents = fwd(ranks[i])
            return jnp.maximum(worst, jnp.max(jnp.abs(cents)))

        return fori_loop(0, ranks.shape[0], body, jnp.float32(0.0))


def main():
    model = PipeVoicingNet()
    variables = model.init(jax.random.key(0), jnp.zeros((8, 5)))
    tuner = Tuner(model, variables, adapt_to_room=False)
    ranks = jax.random.normal(jax.random.key(1), (4, 8, 5))
    worst = tuner.worst_deviation(ranks)
    jax.block_until_ready(worst)
    return None
