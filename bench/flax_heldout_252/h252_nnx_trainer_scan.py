# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the scan body differentiates self.model and calls self.optimizer.update on the trainer's attributes
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.linear2(nnx.relu(self.linear1(x)))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, xs, ys):
        def train_step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse_loss)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(train_step, None, (xs, ys))
        return losses


def main():
    kx, kw = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (5, 8, 3))
    ys = xs @ jax.random.normal(kw, (3, 2))
    trainer = Trainer(MLP(3, 16, 2, rngs=nnx.Rngs(0)))
    losses = trainer.fit(xs, ys)
    jax.block_until_ready(losses)
