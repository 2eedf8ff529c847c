# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 fast weights carried through the fori_loop via split/merge, but the merged module is also stashed in an outer variable and used after the loop
"""First-order MAML with an NNX learner: the inner adaptation loop is a
jax.lax.fori_loop over the split state; the adapted learner is kept from the
last iteration to evaluate on the query set."""
import jax
import jax.numpy as jnp
from flax import nnx

INNER_STEPS, INNER_LR = 3, 0.1


class Learner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    meta_model = Learner(nnx.Rngs(0))
    x_s = jnp.linspace(-1, 1, 10)[:, None]
    y_s = jnp.sin(3 * x_s)
    x_q, y_q = x_s + 0.05, jnp.sin(3 * (x_s + 0.05))
    graphdef, params = nnx.split(meta_model, nnx.Param)
    adapted = {}

    def inner(i, params):
        learner = nnx.merge(graphdef, params)
        grads = nnx.grad(mse)(learner, x_s, y_s)
        params = jax.tree.map(lambda p, g: p - INNER_LR * g, params, grads)
        adapted["learner"] = nnx.merge(graphdef, params)
        return params

    jax.lax.fori_loop(0, INNER_STEPS, inner, params)
    query_loss = mse(adapted["learner"], x_q, y_q)
    query_loss.block_until_ready()
    return None
