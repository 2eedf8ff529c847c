# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the raw jax.lax.scan step carries the split state correctly but also rebinds the outer `model` to the module it merged inside the body, which is used after the scan
"""Linear regression trained with jax.lax.scan over epochs. The state goes through the
carry, but the step also rebinds the enclosing `model` (nonlocal) to the module it merged,
expecting `model` to be the trained one afterwards, as it would be in PyTorch."""
import jax
import jax.numpy as jnp
from flax import nnx


class LinearRegression(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


def main():
    model = LinearRegression(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (64, 2))
    y = x @ jnp.array([[2.0], [-1.0]]) + 0.5
    graphdef, state = nnx.split(model)

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def epoch(state, _):
        nonlocal model
        model = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - 0.1 * g, params, grads))
        return nnx.state(model), loss

    state, losses = jax.lax.scan(epoch, state, None, length=20)
    preds = model(x)
    preds.block_until_ready()
