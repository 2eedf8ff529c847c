# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the fori_loop body reads self.model and self.optimizer, attributes of the Trainer, and updates them inside the body
"""A few SGD steps on a regression MLP with an NNX optimizer, written as a raw fori_loop.

Modelled on "can I use jax.lax.fori_loop for my NNX training loop?": the trainer keeps the
model and nnx.Optimizer as attributes and the loop body calls nnx.value_and_grad and
optimizer.update on them.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.gelu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit(self, x, y, steps):
        def body(i, losses):
            loss, grads = nnx.value_and_grad(loss_fn)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return losses.at[i].set(loss)

        return jax.lax.fori_loop(0, steps, body, jnp.zeros(steps))


def main():
    x = jax.random.uniform(jax.random.key(0), (32, 2))
    y = jnp.sin(3 * x[:, :1]) + x[:, 1:]
    trainer = Trainer(MLP(nnx.Rngs(0)), 1e-2)
    losses = trainer.fit(x, y, 20)
    print(losses[0], losses[-1])
    return None
