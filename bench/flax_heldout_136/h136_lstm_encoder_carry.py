# label: ok
# flax-error: none
# class: 2 the cell's params, a local of encode(), go into the scan body through the carry and are used with cell.apply
"""Sequence encoder: the same LSTM cell, initialised outside the loop and applied functionally.

The parameters ride along in the scan carry next to the LSTM state, so nothing is created or
stored inside the body.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Head(nn.Module):
    out_dim: int = 8

    @nn.compact
    def __call__(self, h):
        return nn.Dense(self.out_dim)(h)


def encode(cell, params, xs):
    carry0 = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)

    def step(state, x):
        params, carry = state
        carry, h = cell.apply(params, carry, x)
        return (params, carry), h

    (_, carry), hs = jax.lax.scan(step, (params, carry0), xs)
    return hs


def main():
    xs = jnp.ones((6, 2, 4))
    cell = nn.OptimizedLSTMCell(16)
    carry0 = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
    params = cell.init(jax.random.PRNGKey(1), carry0, xs[0])
    hs = encode(cell, params, xs)
    head = Head()
    head_params = head.init(jax.random.PRNGKey(2), hs[-1])
    out = head.apply(head_params, hs[-1])
    out.block_until_ready()
    return None
