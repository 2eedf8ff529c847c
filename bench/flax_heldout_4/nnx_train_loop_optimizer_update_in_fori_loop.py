# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 NNX training written as lax.fori_loop over batches: nnx.value_and_grad then optimizer.update on outside model/optimizer
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def train_epoch(model, optimizer, xs, ys):
    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, total):
        loss, grads = nnx.value_and_grad(loss_fn)(model, xs[i], ys[i])
        optimizer.update(model, grads)
        return total + loss

    return jax.lax.fori_loop(0, xs.shape[0], body, 0.0)


def main():
    model = MLP(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    total = train_epoch(model, optimizer, xs, ys)
    print(total, model(xs[0]).shape)
    return None
