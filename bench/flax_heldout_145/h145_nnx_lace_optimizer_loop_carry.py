# label: ok
# flax-error: none
# class: 4 trainer.model and trainer.optimizer are nnx.split into the scan carry, merged in the body and nnx.update-d after the loop
"""Lace workshop: fit a picot-spacing regressor with an NNX trainer.

The trainer owns the model and an nnx.Optimizer; fitting scans over a stack of mini-batches.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class PicotRegressor(nnx.Module):
    def __init__(self, din: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def spacing_loss(model, batch):
    pred = model(batch["edge"])
    return jnp.mean((pred - batch["spacing"]) ** 2)


class LaceTrainer:
    def __init__(self, model: PicotRegressor, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(spacing_loss)(model, batch)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = lax.scan(step, (state, jnp.zeros(())), batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = PicotRegressor(4, nnx.Rngs(0))
    trainer = LaceTrainer(model, learning_rate=1e-2)
    key = jax.random.key(1)
    batches = {
        "edge": jax.random.normal(key, (5, 8, 4)),
        "spacing": jnp.full((5, 8, 1), 0.25),
    }
    losses = trainer.fit(batches)
    print("final spacing loss", float(losses[-1]))
    return None
