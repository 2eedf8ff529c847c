# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a helper method called from the scan body increments a step-counter Variable of the S5 block
import jax
import jax.numpy as jnp
from flax import nnx


class S5Block(nnx.Module):
    def __init__(self, h, p, rngs):
        self.Lambda = nnx.Param(-0.5 + 1j * jnp.arange(p, dtype=jnp.float32))
        self.B = nnx.Linear(h, p, use_bias=False, rngs=rngs)
        self.C = nnx.Linear(p, h, use_bias=False, rngs=rngs)
        self.log_dt = nnx.Param(jnp.full((p,), -2.0))
        self.seen = nnx.Variable(jnp.array(0))

    def _discretize_and_step(self, state, u):
        self.seen.value = self.seen.value + 1
        dt = jnp.exp(self.log_dt.value)
        lam_bar = jnp.exp(self.Lambda.value * dt)
        return lam_bar * state + dt * self.B(u)

    def __call__(self, us):
        def body(state, u):
            state = self._discretize_and_step(state, u)
            return state, self.C(state.real)

        _, ys = jax.lax.scan(body, jnp.zeros(self.log_dt.value.shape, jnp.complex64), us)
        return ys + us


def main():
    block = S5Block(4, 6, nnx.Rngs(1))
    out = block(jnp.ones((16, 4)))
    print(out.shape, block.seen.value)
    return None
