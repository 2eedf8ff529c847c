# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 3 Trainer.train_epoch raw scan body runs nnx.value_and_grad on self.model and self.optimizer.update on the outside objects
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 8, rngs=rngs)
        self.out = nnx.Linear(8, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        grad_fn = nnx.value_and_grad(mse_loss)

        def body(carry, batch):
            xb, yb = batch
            loss, grads = grad_fn(self.model, xb, yb)
            self.optimizer.update(self.model, grads)
            return carry + loss, loss

        total, losses = lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    model = Regressor(3, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    xs = jnp.linspace(-1.0, 1.0, 4 * 5 * 3).reshape(4, 5, 3)
    ys = xs.sum(-1, keepdims=True)
    trainer.train_epoch(xs, ys)
    return None
