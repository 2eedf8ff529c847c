# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the block's own step method, using an nnx.Dropout that holds the block's Rngs, passed to lax.scan
"""Mamba-style selective scan in NNX with dropout on the per-step output; `step` is a method of
the block and is passed to lax.scan directly."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SelectiveScan(nnx.Module):
    def __init__(self, d_inner, d_state, *, rngs: nnx.Rngs):
        self.dt_proj = nnx.Linear(d_inner, d_inner, rngs=rngs)
        self.b_proj = nnx.Linear(d_inner, d_state, rngs=rngs)
        self.c_proj = nnx.Linear(d_inner, d_state, rngs=rngs)
        self.a_log = nnx.Param(jnp.zeros((d_inner, d_state)))
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def step(self, h, x_t):
        dt = jax.nn.softplus(self.dt_proj(x_t))
        a_bar = jnp.exp(-jnp.exp(self.a_log[...]) * dt[:, None])
        h = a_bar * h + (dt * x_t)[:, None] * self.b_proj(x_t)[None, :]
        y = h @ self.c_proj(x_t)
        return h, self.drop(y)

    def __call__(self, xs):
        h0 = jnp.zeros(self.a_log.shape)
        _, ys = lax.scan(self.step, h0, xs)
        return ys


def main():
    block = SelectiveScan(6, 4, rngs=nnx.Rngs(0, dropout=1))
    ys = block(jnp.ones((5, 6)))
    ys.block_until_ready()
    return None
