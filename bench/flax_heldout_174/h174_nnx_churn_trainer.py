# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 Trainer.components holds the model and nnx.Optimizer; the lax.scan body calls Trainer._train_step, which takes nnx.value_and_grad of self.components.model and updates self.components.optimizer
"""Churn model retraining job: one epoch of subscription batches per scan."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class ChurnClassifier(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.hidden(x)))).squeeze(-1)


@dataclasses.dataclass
class Components:
    model: ChurnClassifier
    optimizer: nnx.Optimizer


def bce_loss(model, batch):
    logits = model(batch["features"])
    return optax.sigmoid_binary_cross_entropy(logits, batch["churned"]).mean()


class Trainer:
    def __init__(self, components: Components):
        self.components = components

    def _train_step(self, batch):
        loss, grads = nnx.value_and_grad(bce_loss)(self.components.model, batch)
        self.components.optimizer.update(self.components.model, grads)
        return loss

    def fit_epoch(self, batches):
        def body(carry, batch):
            return carry, self._train_step(batch)

        _, losses = lax.scan(body, None, batches)
        return losses


def main():
    n_features = 10
    key_x, key_y = jax.random.split(jax.random.key(0))
    batches = {
        "features": jax.random.normal(key_x, (4, 16, n_features)),
        "churned": jax.random.bernoulli(key_y, 0.2, (4, 16)).astype(jnp.float32),
    }
    model = ChurnClassifier(n_features, nnx.Rngs(1))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    Trainer(Components(model, optimizer)).fit_epoch(batches)
    return None
