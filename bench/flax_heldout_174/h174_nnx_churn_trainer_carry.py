# label: ok
# flax-error: none
# class: 4 Trainer.components holds the model and nnx.Optimizer; Trainer.fit_epoch nnx.splits them, carries the state through lax.scan, merges it in _train_step and nnx.updates them afterwards
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

    def _train_step(self, graphdef, state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(bce_loss)(model, batch)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    def fit_epoch(self, batches):
        pair = (self.components.model, self.components.optimizer)
        graphdef, state = nnx.split(pair)

        def body(state, batch):
            return self._train_step(graphdef, state, batch)

        state, losses = lax.scan(body, state, batches)
        nnx.update(pair, state)
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
