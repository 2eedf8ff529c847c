# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 trainer.bundle.model and trainer.bundle.optimizer, created outside, are differentiated and updated inside the jax.lax.fori_loop body
"""Kelp farming: fits a nitrate-uptake model to the week's longline samples."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class UptakeModel(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x))).squeeze(-1)


@dataclass
class TrainBundle:
    model: UptakeModel
    optimizer: nnx.Optimizer


def mse(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class KelpTrainer:
    def __init__(self, bundle: TrainBundle, n_epochs: int):
        self.bundle = bundle
        self.n_epochs = n_epochs

    def fit(self, samples, uptake):
        def body(epoch, last_loss):
            batch = (samples[epoch % samples.shape[0]], uptake[epoch % uptake.shape[0]])
            loss, grads = nnx.value_and_grad(mse)(self.bundle.model, batch)
            self.bundle.optimizer.update(self.bundle.model, grads)
            return loss

        return jax.lax.fori_loop(0, self.n_epochs, body, jnp.zeros(()))


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    samples = jax.random.normal(k1, (4, 32, 6))  # longlines x samples x (nitrate, temp, light, ...)
    uptake = jax.random.normal(k2, (4, 32))
    model = UptakeModel(6, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(3e-3), wrt=nnx.Param)
    trainer = KelpTrainer(TrainBundle(model, optimizer), n_epochs=12)
    print("final loss", trainer.fit(samples, uptake))
    return None
