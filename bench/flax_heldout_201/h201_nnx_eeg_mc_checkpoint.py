# label: same-values
# flax-error: none
# class: 5 StageScorer.forward is jax.checkpoint(functools.partial(_forward, graphdef)) called in the scan body with the scorer's split state, which it never returns
"""Sleep-stage scoring of EEG epochs with Monte-Carlo dropout.

The scorer keeps the model split into graphdef/state and a rematerialised pure
forward function (the production model is deep). For uncertain epochs it draws
several stochastic forward passes and returns the per-draw stage probabilities.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

N_STAGES = 5


class StageNet(nnx.Module):
    def __init__(self, n_samples, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(7,), strides=(4,), rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(4 * (n_samples // 4), N_STAGES, rngs=rngs)

    def __call__(self, epoch):
        h = nnx.relu(self.conv(epoch[:, None]))
        return jax.nn.softmax(self.head(self.drop(h.reshape(-1))))


def _forward(graphdef, state, epoch):
    model = nnx.merge(graphdef, state)
    return model(epoch)


class StageScorer:
    def __init__(self, model):
        graphdef, self.state = nnx.split(model)
        self.forward = jax.checkpoint(functools.partial(_forward, graphdef))

    def mc_draws(self, epoch, n_draws):
        def draw(carry, _):
            return carry, self.forward(self.state, epoch)

        _, probs = jax.lax.scan(draw, None, None, length=n_draws)
        return probs


def main():
    model = StageNet(128, rngs=nnx.Rngs(params=0, dropout=5))
    t = jnp.arange(128) / 128.0
    epoch = jnp.sin(2 * jnp.pi * 10 * t) + 0.3 * jax.random.normal(jax.random.PRNGKey(1), (128,))
    probs = StageScorer(model).mc_draws(epoch, 6)
    return probs
