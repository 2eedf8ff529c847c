# label: ok
# flax-error: none
# class: 2 the block's own step method passed to lax.scan gets per-step dropout keys, drawn from the block's Rngs before the loop, as xs
"""Mamba-style selective scan in NNX with dropout on the per-step output; `step` is a method of
the block and is passed to lax.scan directly. The dropout keys are drawn before the loop and
scanned over together with the inputs."""
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
        self.drop = nnx.Dropout(0.1)
        self.rngs = rngs

    def step(self, h, inputs):
        x_t, key = inputs
        dt = jax.nn.softplus(self.dt_proj(x_t))
        a_bar = jnp.exp(-jnp.exp(self.a_log[...]) * dt[:, None])
        h = a_bar * h + (dt * x_t)[:, None] * self.b_proj(x_t)[None, :]
        y = h @ self.c_proj(x_t)
        return h, self.drop(y, rngs=key)

    def __call__(self, xs):
        h0 = jnp.zeros(self.a_log.shape)
        keys = jax.random.split(self.rngs.dropout(), xs.shape[0])
        _, ys = lax.scan(self.step, h0, (xs, keys))
        return ys


def main():
    block = SelectiveScan(6, 4, rngs=nnx.Rngs(0, dropout=1))
    ys = block(jnp.ones((5, 6)))
    ys.block_until_ready()
    return None
