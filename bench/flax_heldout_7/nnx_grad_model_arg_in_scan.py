# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 2 the model is an argument of the training function; nnx.grad of it runs inside the raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Probe(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x).squeeze(-1)


def fit(model, xs, ys, lr=0.05):
    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def sgd_step(carry, batch):
        x, y = batch
        grads = nnx.grad(loss_fn)(model, x, y)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return carry, loss_fn(model, x, y)

    return jax.lax.scan(sgd_step, None, (xs, ys))[1]


def main():
    model = Probe(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 16, 6))
    ys = xs.sum(-1)
    losses = fit(model, xs, ys)
    losses.block_until_ready()
    return None
