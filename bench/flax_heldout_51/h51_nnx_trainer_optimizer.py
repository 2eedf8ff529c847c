# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 the trainer's model and nnx.Optimizer are read from self inside the scan body and differentiated/updated there
"""NNX trainer: an epoch is one jax.lax.scan over stacked batches; the body computes gradients of
the model held by the trainer and applies them with the trainer's nnx.Optimizer."""
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
        def body(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return carry + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    model = MLP(8, 32, 4, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    xs = jax.random.normal(jax.random.key(1), (5, 16, 8))
    ys = jax.random.randint(jax.random.key(2), (5, 16), 0, 4)
    trainer.train_epoch(xs, ys)
