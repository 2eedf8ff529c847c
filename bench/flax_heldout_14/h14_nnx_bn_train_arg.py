# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a model in train mode passed as an argument to the function running the raw loop; its BatchNorm updates batch stats in the body
import jax
import jax.numpy as jnp
from flax import nnx


def unroll(model, x0, steps):
    def body(i, x):
        return x + 0.1 * model(x)
    return jax.lax.fori_loop(0, steps, body, x0)


def main():
    model = nnx.Sequential(
        nnx.Linear(4, 4, rngs=nnx.Rngs(0)),
        nnx.BatchNorm(4, rngs=nnx.Rngs(0)),
    )
    x = unroll(model, jnp.ones((8, 4)), 5)
    return None
