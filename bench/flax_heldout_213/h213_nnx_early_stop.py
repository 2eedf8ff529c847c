# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a dict held in a local of main receives nnx.state of the merged model inside the while_loop body and is used after the loop
"""Training with early stopping in a raw jax.lax.while_loop, NNX model and optimizer split
into the carry.

The body trains one step and validates; to restore the weights afterwards it keeps the
latest parameters in a snapshot dict, and the model is updated from it after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return ((model(x) - y) ** 2).mean()


def main():
    x = jax.random.normal(jax.random.key(0), (64, 4))
    y = jnp.sin(x).sum(-1, keepdims=True)
    (x_tr, y_tr), (x_val, y_val) = (x[:48], y[:48]), (x[48:], y[48:])
    model = MLP(nnx.Rngs(1))
    opt = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    graphdef, state = nnx.split((model, opt))
    snapshot = {}

    def cond(carry):
        step, _, _, bad = carry
        return (step < 50) & (bad < 3)

    def body(carry):
        step, state, best, bad = carry
        m, o = nnx.merge(graphdef, state)
        grads = nnx.grad(mse)(m, x_tr, y_tr)
        o.update(m, grads)
        val = mse(m, x_val, y_val)
        snapshot["params"] = nnx.state(m, nnx.Param)
        improved = val < best
        return step + 1, nnx.split((m, o))[1], jnp.minimum(val, best), jnp.where(improved, 0, bad + 1)

    lax.while_loop(cond, body, (0, state, jnp.inf, 0))
    nnx.update(model, snapshot["params"])
    print("restored validation loss", mse(model, x_val, y_val))
