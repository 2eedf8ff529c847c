# label: ok
# flax-error: none
# class: 2 'cache' variable of a selective-scan block read before lax.scan, the step method threads it as the carry, written back after
"""Mamba-style selective SSM block for autoregressive decoding. The hidden state lives in a
'cache' collection; `step` threads it through the scan carry and `__call__` writes it back."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SelectiveSSM(nn.Module):
    d_inner: int = 6
    d_state: int = 4

    def setup(self):
        self.dt_proj = nn.Dense(self.d_inner)
        self.bc_proj = nn.Dense(2 * self.d_state)
        self.a_log = self.param("A_log", nn.initializers.zeros, (self.d_inner, self.d_state))
        self.ssm_state = self.variable("cache", "ssm_state", jnp.zeros, (self.d_inner, self.d_state))

    def step(self, h, x_t):
        dt = jax.nn.softplus(self.dt_proj(x_t))
        b, c = jnp.split(self.bc_proj(x_t), 2)
        a_bar = jnp.exp(-jnp.exp(self.a_log) * dt[:, None])
        h = a_bar * h + dt[:, None] * b[None, :] * x_t[:, None]
        return h, h @ c

    def decode_one(self, x_t):
        return self.step(self.ssm_state.value, x_t)[1]

    def __call__(self, xs):
        h, ys = lax.scan(self.step, self.ssm_state.value, xs)
        self.ssm_state.value = h
        return ys


def main():
    block = SelectiveSSM()
    xs = jnp.ones((5, 6))
    variables = block.init(jax.random.key(0), xs[0], method=SelectiveSSM.decode_one)
    ys, cache = block.apply(variables, xs, mutable=["cache"])
    jnp.sum(cache["cache"]["ssm_state"]).block_until_ready()
    return None
