# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 module-level imagine() receives the NNX world model; the raw scan body calls it and its nnx.Dropout advances the Rngs counter
"""Recurrent world model for planning (NNX): imagined rollouts under a candidate action sequence."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RSSM(nnx.Module):
    def __init__(self, latent, act_dim, *, rngs: nnx.Rngs):
        self.gru = nnx.GRUCell(act_dim, latent, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.reward = nnx.Linear(latent, 1, rngs=rngs)

    def __call__(self, h, a):
        h, _ = self.gru(h, a)
        h = self.drop(h)
        return h, self.reward(h)[..., 0]


def imagine(model, h0, actions):
    def step(h, a):
        h, r = model(h, a)
        return h, r

    _, rewards = jax.lax.scan(step, h0, actions)
    return rewards.sum(0)


def main():
    model = RSSM(16, 3, rngs=nnx.Rngs(params=0, dropout=1))
    actions = jax.random.normal(jax.random.PRNGKey(2), (10, 4, 3))
    ret = imagine(model, jnp.zeros((4, 16)), actions)
    print(ret.shape)
    return None
