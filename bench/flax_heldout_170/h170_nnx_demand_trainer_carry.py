# label: ok
# flax-error: none
# class: 4 PlanningService.retrain -> self.trainer (Trainer) -> nnx.split((model, optimizer)) state carried through the scan, merged in the body, nnx.update after
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

    @staticmethod
    def train_step(model, optimizer, batch):
        loss, grads = nnx.value_and_grad(poisson_loss)(model, batch)
        optimizer.update(model, grads)
        return loss

    def fit_epoch(self, features, units):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(body, state, (features, units))
        nnx.update((self.model, self.optimizer), state)
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
