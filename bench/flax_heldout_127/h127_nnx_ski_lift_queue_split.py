# label: ok
# flax-error: none
# class: 2 a local QueueModel goes straight into the fori_loop body; the dropout key drawn from its local nnx.Rngs stream is split into one key per sample before the loop
"""Ski lift queue estimator: Monte Carlo dropout samples of the wait time at each lift."""
import jax
import jax.numpy as jnp
from flax import nnx


class QueueModel(nnx.Module):
    def __init__(self, n_feats, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_feats, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, key):
        h = self.drop(nnx.relu(self.hidden(x)), rngs=key)
        return nnx.softplus(self.out(h))[..., 0] * 10.0


def sample_waits(lifts, n_samples=8, seed=0):
    rngs = nnx.Rngs(params=seed, dropout=seed + 1)
    model = QueueModel(lifts.shape[-1], rngs)
    keys = jax.random.split(rngs.dropout(), n_samples)

    def draw(i, buf):
        return buf.at[i].set(model(lifts, keys[i]))

    return jax.lax.fori_loop(0, n_samples, draw, jnp.zeros((n_samples, lifts.shape[0])))


def main():
    lifts = jax.random.uniform(jax.random.key(7), (5, 6))
    return sample_waits(lifts)
