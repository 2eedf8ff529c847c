# label: ok
# flax-error: none
# class: 3 trainer.model and trainer.optimizer, attributes of one Trainer object, are split; their state is the scan carry and is merged in the body
"""Training a small NNX regression net with a jax.lax.scan epoch, fixed: the Trainer's
(model, optimizer) pair is split once, its state is the scan carry, the body merges it, updates
and returns the new state, and nnx.update writes the result back after the loop."""
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
    graphdef, state = nnx.split((trainer.model, trainer.optimizer))

    def train_step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    nnx.update((trainer.model, trainer.optimizer), state)
    print(losses)
    return None


if __name__ == "__main__":
    main()
