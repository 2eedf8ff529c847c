# label: ok
# flax-error: none
# class: 3 a Trainer owns an nnx.Optimizer and its model; make_step splits them to graphdef/state, the raw jax.lax.scan carries the state and the body merges, updates and re-splits
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


def make_step(graphdef):
    def step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(mse)(model, batch)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss
    return step


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)

    def train_epoch(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))
        state, losses = jax.lax.scan(make_step(graphdef), state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = MLP(3, 16, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model, 1e-2)
    key = jax.random.key(1)
    batches = {"x": jax.random.normal(key, (4, 8, 3)), "y": jnp.zeros((4, 8, 1))}
    trainer.train_epoch(batches)
    return None
