# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the scan body differentiates trainer.model and steps trainer.optimizer (an nnx.Optimizer over that model) directly
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

    def _step(self, carry, batch):
        loss, grads = nnx.value_and_grad(spacing_loss)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return carry + loss, loss

    def fit(self, batches):
        total, losses = lax.scan(self._step, jnp.zeros(()), batches)
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
