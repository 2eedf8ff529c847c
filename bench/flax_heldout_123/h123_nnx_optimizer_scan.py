# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 the scan body reaches trainer.model and trainer.optimizer, attributes of one Trainer object, takes grads and calls optimizer.update
"""Training a small NNX regression net with the epoch written as jax.lax.scan over minibatches.
A Trainer object holds the model and its nnx.Optimizer; the scan body calls
nnx.value_and_grad on trainer.model and trainer.optimizer.update(trainer.model, grads)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

STEPS, BATCH = 10, 32


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def main():
    key = jax.random.PRNGKey(0)
    xs = jax.random.uniform(key, (STEPS, BATCH, 1), minval=-3, maxval=3)
    ys = jnp.sin(xs)
    trainer = Trainer(MLP(nnx.Rngs(0)), 1e-2)

    def train_step(carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(loss_fn)(trainer.model, x, y)
        trainer.optimizer.update(trainer.model, grads)
        return carry, loss

    _, losses = jax.lax.scan(train_step, None, (xs, ys))
    print(losses)
    return None


if __name__ == "__main__":
    main()
