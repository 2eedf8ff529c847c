# label: ok
# flax-error: none
# class: 4 SlabTrainer keeps the model and an nnx.Optimizer; both are nnx.split before the scan, merged in the body for the _train_step helper, and nnx.update-d afterwards
"""Avalanche risk forecasting: online fitting of a slab-stability regressor on daily snow-pit batches.

Model and optimizer state are split, carried through the scan, and written back with nnx.update.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SlabStabilityNet(nnx.Module):
    def __init__(self, din: int, rngs: nnx.Rngs):
        self.profile = nnx.Linear(din, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.profile(x)))[..., 0]


def slab_loss(model, batch):
    pits, stability = batch
    return jnp.mean((model(pits) - stability) ** 2)


class SlabTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    @staticmethod
    def _apply_grads(model, optimizer, grads):
        optimizer.update(model, grads)

    def _train_step(self, model, optimizer, batch):
        loss, grads = nnx.value_and_grad(slab_loss)(model, batch)
        self._apply_grads(model, optimizer, grads)
        return loss

    def fit(self, pits, stability):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def day(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(day, state, (pits, stability))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    pits = jax.random.normal(jax.random.key(0), (10, 16, 6))  # days, pits, (depth, density, grain, ...)
    stability = jax.random.normal(jax.random.key(1), (10, 16))
    trainer = SlabTrainer(SlabStabilityNet(6, rngs=nnx.Rngs(0)))
    jax.block_until_ready(trainer.fit(pits, stability))
    return None
