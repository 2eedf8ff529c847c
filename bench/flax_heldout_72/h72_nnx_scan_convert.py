# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 split state carried through the raw lax.scan, but the model merged in the body is kept in an outer dict and used after
"""'UnexpectedTracerError after converting my for loop to scan' (NNX): the loop body rebinds the model."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Sequential(nnx.Linear(4, 8, rngs=nnx.Rngs(0)), nnx.tanh, nnx.Linear(8, 1, rngs=nnx.Rngs(1)))
    tx = optax.sgd(0.1)
    graphdef, params = nnx.split(model, nnx.Param)
    opt_state = tx.init(params)
    xs = jnp.ones((5, 3, 4))
    ys = jnp.zeros((5, 3, 1))
    trained = {"model": model}

    def step(carry, batch):
        params, opt_state = carry
        x, y = batch
        m = nnx.merge(graphdef, params)
        loss, grads = nnx.value_and_grad(lambda m: ((m(x) - y) ** 2).mean())(m)
        updates, opt_state = tx.update(grads, opt_state, params)
        nnx.update(m, optax.apply_updates(params, updates))
        trained["model"] = m  # was: model = m inside the Python for loop
        return (nnx.state(m, nnx.Param), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), (xs, ys))
    test_pred = trained["model"](jnp.ones((2, 4)))
    return None
