# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 1 the model and nnx.Optimizer built outside are closed over by a jax.lax.fori_loop body that calls nnx.grad and optimizer.update
"""NNX MNIST-style tutorial with the epoch loop moved into jax.lax.fori_loop to avoid Python
dispatch; the train step body still uses the model and optimizer from the enclosing scope."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(4, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    ys = jax.random.randint(jax.random.PRNGKey(2), (5, 8), 0, 3)

    def loss_fn(model, x, y):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    def body(i, total):
        loss, grads = nnx.value_and_grad(loss_fn)(model, xs[i], ys[i])
        optimizer.update(model, grads)
        return total + loss

    total = jax.lax.fori_loop(0, xs.shape[0], body, 0.0)
    print(total)
