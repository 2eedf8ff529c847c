# label: ok
# flax-error: none
# class: 2 lifted nnx.scan with the submodule self.ssm broadcast (in_axes None)
"""Mamba-flavoured selective SSM block (NNX) whose recurrence uses nnx.scan with the module broadcast."""
import jax
import jax.numpy as jnp
from flax import nnx


class SelectiveSSM(nnx.Module):
    def __init__(self, d_model, d_state, rngs):
        self.A_log = nnx.Param(jnp.log(jnp.arange(1, d_state + 1, dtype=jnp.float32)) * jnp.ones((d_model, 1)))
        self.to_B = nnx.Linear(d_model, d_state, rngs=rngs)
        self.to_C = nnx.Linear(d_model, d_state, rngs=rngs)
        self.to_dt = nnx.Linear(d_model, d_model, rngs=rngs)

    def step(self, h, x):
        dt = jax.nn.softplus(self.to_dt(x))[:, None]
        A = -jnp.exp(self.A_log[...])
        h = jnp.exp(dt * A) * h + dt * self.to_B(x)[None, :] * x[:, None]
        return h, h @ self.to_C(x)


class MambaBlock(nnx.Module):
    def __init__(self, d_model=6, d_state=4, rngs=None):
        self.ssm = SelectiveSSM(d_model, d_state, rngs)
        self.d_state = d_state
        self.out = nnx.Linear(d_model, d_model, rngs=rngs)

    def __call__(self, xs):
        @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def recur(ssm, h, x):
            return ssm.step(h, x)

        h0 = jnp.zeros((xs.shape[-1], self.d_state))
        _, ys = recur(self.ssm, h0, xs)
        return self.out(ys) + xs


def main():
    block = MambaBlock(rngs=nnx.Rngs(0))
    ys = block(jax.random.normal(jax.random.key(1), (7, 6)))
    return None
