# label: trace-context
# flax-error: TraceContextError: Cannot mutate ReplayBuffer from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 persistent-chain sampler: raw fori_loop body (defined in a helper) writes a replay-buffer Variable
"""EBM training with a persistent replay buffer (Du & Mordatch, 2019): chains are refreshed
with Langevin steps and written back into the buffer slot by slot."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ReplayBuffer(nnx.Variable):
    pass


class EBM(nnx.Module):
    def __init__(self, dim, *, rngs, buffer_size=16):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)
        self.buffer = ReplayBuffer(jax.random.uniform(rngs.params(), (buffer_size, dim), minval=-1, maxval=1))

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).squeeze(-1)


def make_refresh(model, step_size=0.01, n_langevin=5):
    grad_e = jax.grad(lambda x: model(x).sum())

    def refresh_slot(i, key):
        x = model.buffer.value[i]
        for _ in range(n_langevin):
            key, sub = jax.random.split(key)
            x = x - 0.5 * step_size * grad_e(x[None])[0] + jnp.sqrt(step_size) * jax.random.normal(sub, x.shape)
        model.buffer.value = model.buffer.value.at[i].set(x)
        return key

    return refresh_slot


def main():
    model = EBM(2, rngs=nnx.Rngs(0))
    refresh = make_refresh(model)
    lax.fori_loop(0, 16, refresh, jax.random.key(3))
    model.buffer.value.sum().block_until_ready()
    return None
