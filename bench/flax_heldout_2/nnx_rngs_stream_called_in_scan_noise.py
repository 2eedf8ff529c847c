# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 outside nnx.Rngs stream called inside the raw scan body to draw per-step noise
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    rngs = nnx.Rngs(noise=0)
    policy = nnx.Linear(3, 3, rngs=nnx.Rngs(1))

    def step(x, _):
        eps = jax.random.normal(rngs.noise(), x.shape)
        x = policy(x) + eps
        return x, eps

    _, eps = jax.lax.scan(step, jnp.zeros((3,)), None, length=5)
    return eps
