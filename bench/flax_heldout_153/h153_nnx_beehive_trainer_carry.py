# label: ok
# flax-error: none
# class: 4 Trainer holds a TrainState holding the model and an nnx.Optimizer; nnx.split before the scan puts their state in the carry, the body merges, steps and returns nnx.state, and nnx.update writes it back
"""Beehive acoustic monitoring: a small network maps spectral bands of hive sound to colony
activity; the trainer fits one epoch of recordings with a raw scan over batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class HiveAcousticsNet(nnx.Module):
    def __init__(self, n_bands, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_bands, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, spectra):
        return self.head(nnx.gelu(self.encoder(spectra)))[..., 0]


class TrainState:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.epoch = 0


class Trainer:
    def __init__(self, state, learning_rate):
        self.state = state
        self.learning_rate = learning_rate

    @classmethod
    def create(cls, n_bands, learning_rate=1e-2, seed=0):
        model = HiveAcousticsNet(n_bands, nnx.Rngs(seed))
        optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)
        return cls(TrainState(model, optimizer), learning_rate)

    def fit_epoch(self, spectra, activity):
        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        graphdef, state = nnx.split((self.state.model, self.state.optimizer))

        def train_step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = jax.lax.scan(train_step, (jnp.zeros(()), state),
                                              (spectra, activity))
        nnx.update((self.state.model, self.state.optimizer), state)
        self.state.epoch += 1
        return losses


def main():
    trainer = Trainer.create(n_bands=12)
    spectra = jnp.sin(jnp.linspace(0.0, 9.0, 5 * 8 * 12)).reshape(5, 8, 12)
    activity = jnp.cos(jnp.linspace(0.0, 3.0, 5 * 8)).reshape(5, 8)
    losses = trainer.fit_epoch(spectra, activity)
    jax.block_until_ready(losses)
    return None
