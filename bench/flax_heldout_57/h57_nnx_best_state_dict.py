# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the raw scan body stores the merged model's nnx.state in a Python dict for best-checkpoint tracking
"""Early stopping with a best checkpoint kept in a Python dict: the training scan itself
uses nnx.split/merge correctly, but the body also writes the current state into `best`, and
the caller restores it with nnx.update after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def main():
    model = Net(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.linspace(-1, 1, 32)[:, None]
    y = jnp.sin(3 * x)
    graphdef, state = nnx.split((model, optimizer))
    best = {"loss": None, "params": None}

    def epoch(state, _):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        best["loss"] = loss
        best["params"] = nnx.state(model, nnx.Param)
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(epoch, state, None, length=15)
    nnx.update((model, optimizer), state)
    nnx.update(model, best["params"])
    final = jnp.mean((model(x) - y) ** 2)
    final.block_until_ready()
    return None
