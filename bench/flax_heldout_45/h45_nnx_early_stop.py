# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 best validation loss and checkpoint written to a Python dict inside the raw while_loop body
"""Early stopping with a checkpoint: the body stores the best loss and params in a dict, as in PyTorch."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model)
    x = jnp.ones((8, 2))
    y = jnp.ones((8, 1))
    best = {"loss": jnp.inf, "params": params}

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def cond(state):
        step, p, patience = state
        return (step < 20) & (patience < 3)

    def body(state):
        step, p, patience = state
        loss, g = jax.value_and_grad(loss_fn)(p)
        improved = loss < best["loss"]
        best["loss"] = jnp.where(improved, loss, best["loss"])
        best["params"] = p
        p = jax.tree.map(lambda a, b: a - 0.1 * b, p, g)
        return step + 1, p, jnp.where(improved, 0, patience + 1)

    jax.lax.while_loop(cond, body, (0, params, 0))
    restored = nnx.merge(graphdef, best["params"])
    restored(x)
    return None
