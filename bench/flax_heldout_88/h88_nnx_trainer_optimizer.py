# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 a Trainer keeps the model and an nnx.Optimizer on self and calls optimizer.update from inside the body of a raw jax.lax.scan over batches
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit_epoch(self, xs, ys):
        def body(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    Trainer(Regressor(3, 1, rngs=nnx.Rngs(0))).fit_epoch(xs, ys)
    return None
