# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the raw scan body reads the split params from an outer dict, takes a jax.grad step through nnx.merge, and writes the new params back to that dict instead of the carry
"""Few-shot adaptation (MAML-style inner loop) with a raw scan over support batches, in
the functional NNX style (split once, merge inside the loss, jax.grad on the params). The
adapted params are kept in a small mutable box, as in the PyTorch version that swaps
`fast_weights` in place; afterwards the model is updated from the box and evaluated."""
import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.nnx as nnx


class SineNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    model = SineNet(nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    box = {"params": params}
    xs = jnp.linspace(-3, 3, 5 * 10).reshape(5, 10, 1)
    ys = jnp.sin(xs)
    inner_lr = 0.01

    def loss_from_params(params, x, y):
        return mse(nnx.merge(graphdef, params), x, y)

    def inner_step(step, batch):
        x, y = batch
        loss, grads = jax.value_and_grad(loss_from_params)(box["params"], x, y)
        box["params"] = jax.tree.map(lambda p, g: p - inner_lr * g, box["params"], grads)
        return step + 1, loss

    _, losses = scan(inner_step, 0, (xs, ys))
    nnx.update(model, box["params"])
    query_loss = mse(model, xs[0], ys[0])
    query_loss.block_until_ready()
