# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 PlanningService.retrain -> self.trainer (Trainer) -> trainer.model and trainer.optimizer (nnx.Optimizer) updated from inside the scan body
"""Retail demand planning service: nightly retraining of the store-SKU demand model."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class DemandModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_features, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.gelu(self.trunk(x))))[..., 0]


def poisson_loss(model, batch):
    features, units = batch
    rate = model(features) + 1e-6
    return jnp.mean(rate - units * jnp.log(rate))


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        loss, grads = nnx.value_and_grad(poisson_loss)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def fit_epoch(self, features, units):
        def body(carry, batch):
            return carry, self.train_step(batch)

        _, losses = lax.scan(body, None, (features, units))
        return losses


class PlanningService:
    def __init__(self, trainer: Trainer):
        self.trainer = trainer

    def retrain(self, features, units):
        losses = self.trainer.fit_epoch(features, units)
        return float(losses[-1])


def main():
    features = jax.random.uniform(jax.random.key(0), (6, 16, 8))  # batches x store-SKUs x features
    units = jnp.round(10 * features.sum(-1) / 8)
    service = PlanningService(Trainer(DemandModel(8, nnx.Rngs(0))))
    service.retrain(features, units)
    return None
