# label: same-values
# flax-error: none
# class: 3 a factory make_replay_step(model, key) returns a closure used as the scan body; the closure samples the replay mask with the captured key each step
"""Continual learning (NNX): mix current-task batches with random replay samples."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Encoder(nnx.Module):
    def __init__(self, d, *, rngs):
        self.lin = nnx.Linear(d, 16, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.lin(x))


def make_replay_step(model, key, replay_x, p_replay=0.3):
    def step(feat_sum, x_new):
        mask = jax.random.bernoulli(key, p_replay, (x_new.shape[0],))
        x = jnp.where(mask[:, None], replay_x, x_new)
        return feat_sum + model(x).sum(0), mask

    return step


def main():
    model = Encoder(5, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.PRNGKey(1), (6, 12, 5))
    replay_x = jax.random.normal(jax.random.PRNGKey(2), (12, 5))
    step = make_replay_step(model, jax.random.PRNGKey(9), replay_x)
    _, masks = jax.lax.scan(step, jnp.zeros(16), stream)
    return masks
