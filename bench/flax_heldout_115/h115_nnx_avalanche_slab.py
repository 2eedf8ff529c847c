# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 SlabTrainer keeps the model and an nnx.Optimizer; the scan body calls self._train_step, whose helper _apply_grads runs self.optimizer.update(self.model, grads)
"""Avalanche risk forecasting: online fitting of a slab-stability regressor on daily snow-pit batches."""
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

    def _apply_grads(self, grads):
        self.optimizer.update(self.model, grads)

    def _train_step(self, batch):
        loss, grads = nnx.value_and_grad(slab_loss)(self.model, batch)
        self._apply_grads(grads)
        return loss

    def fit(self, pits, stability):
        def day(total, batch):
            loss = self._train_step(batch)
            return total + loss, loss

        _, losses = jax.lax.scan(day, jnp.zeros(()), (pits, stability))
        return losses


def main():
    pits = jax.random.normal(jax.random.key(0), (10, 16, 6))  # days, pits, (depth, density, grain, ...)
    stability = jax.random.normal(jax.random.key(1), (10, 16))
    trainer = SlabTrainer(SlabStabilityNet(6, rngs=nnx.Rngs(0)))
    jax.block_until_ready(trainer.fit(pits, stability))
    return None
