# label: ok
# flax-error: none
# class: 2 the trainer splits (model, optimizer) before the scan, merges them in the body and updates them from the final carry
"""NNX trainer: an epoch is one jax.lax.scan over stacked batches; the trainer splits its model
and nnx.Optimizer into a graphdef and a state, the body merges them, steps, and returns the new
state in the carry, and nnx.update writes it back."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


class Trainer:
    def __init__(self, model, learning_rate=1e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            state, total = carry
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return (state, total + loss), loss

        (state, total), losses = jax.lax.scan(body, (state, jnp.zeros(())), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    model = MLP(8, 32, 4, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    xs = jax.random.normal(jax.random.key(1), (5, 16, 8))
    ys = jax.random.randint(jax.random.key(2), (5, 16), 0, 4)
    trainer.train_epoch(xs, ys)
