# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body assigns the module it nnx.merge'd to the enclosing function's local `trained` (nonlocal), used after the loop
"""Keep a handle on the trained NNX model from inside a lax.scan training loop."""
import jax
import jax.numpy as jnp
from flax import nnx

scan = jax.lax.scan


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(2, 16, rngs=rngs)
        self.fc2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.tanh(self.fc1(x)))


def main():
    model = Net(nnx.Rngs(0))
    xs = jax.random.uniform(jax.random.PRNGKey(1), (30, 8, 2))
    ys = jnp.prod(xs, -1, keepdims=True)
    graphdef, state = nnx.split(model)
    trained = None
    lr = 0.1

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def step(state, batch):
        nonlocal trained
        m = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m, *batch)
        params = nnx.state(m, nnx.Param)
        nnx.update(m, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        trained = m
        return nnx.state(m), loss

    state, losses = scan(step, state, (xs, ys))
    test = jnp.array([[0.5, 0.5]])
    print(losses[-1], trained(test))
    return None
