# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an outside nnx.Rngs stream called in an inline scan body
import jax
import jax.numpy as jnp
from flax import nnx

rngs = nnx.Rngs(0, noise=3)


def main():
    def step(x, _):
        dx = jax.random.normal(rngs.noise(), x.shape)
        return x + dx, dx

    x, dxs = jax.lax.scan(step, jnp.zeros(2), None, length=5)
    print(dxs)
    return dxs
