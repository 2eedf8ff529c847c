# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 'cache' variable of a selective-scan block written by the module's own step method passed to lax.scan
"""Mamba-style selective SSM block for autoregressive decoding. The hidden state lives in a
'cache' collection; the block's `step` method writes it and is handed straight to lax.scan."""
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

    def step(self, carry, x_t):
        dt = jax.nn.softplus(self.dt_proj(x_t))
        b, c = jnp.split(self.bc_proj(x_t), 2)
        a_bar = jnp.exp(-jnp.exp(self.a_log) * dt[:, None])
        h = a_bar * self.ssm_state.value + dt[:, None] * b[None, :] * x_t[:, None]
        self.ssm_state.value = h
        return carry, h @ c

    def decode_one(self, x_t):
        return self.step(None, x_t)[1]

    def __call__(self, xs):
        _, ys = lax.scan(self.step, None, xs)
        return ys


def main():
    block = SelectiveSSM()
    xs = jnp.ones((5, 6))
    variables = block.init(jax.random.key(0), xs[0], method=SelectiveSSM.decode_one)
    ys, cache = block.apply(variables, xs, mutable=["cache"])
    jnp.sum(cache["cache"]["ssm_state"]).block_until_ready()
    return None
