# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a Trainer owns an nnx.Optimizer and its model; the step function returned by make_step calls nnx.value_and_grad on them inside a raw jax.lax.scan over batches
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


def mse(model, batch):
    return jnp.mean((model(batch["x"]) - batch["y"]) ** 2)


def make_step(trainer):
    def step(carry, batch):
        loss, grads = nnx.value_and_grad(mse)(trainer.model, batch)
        trainer.optimizer.update(trainer.model, grads)
        return carry + 1, loss
    return step


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)

    def train_epoch(self, batches):
        _, losses = jax.lax.scan(make_step(self), 0, batches)
        return losses


def main():
    model = MLP(3, 16, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model, 1e-2)
    key = jax.random.key(1)
    batches = {"x": jax.random.normal(key, (4, 8, 3)), "y": jnp.zeros((4, 8, 1))}
    trainer.train_epoch(batches)
    return None
