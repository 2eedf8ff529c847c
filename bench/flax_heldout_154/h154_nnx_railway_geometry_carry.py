# label: ok
# flax-error: none
# class: 4 MaintenancePipeline.stages["fit"] -> TrackTrainer.model / TrackTrainer.optimizer; nnx.split state rides in the scan carry, nnx.merge in the body, nnx.update after the loop
"""Railway track-geometry defect regressor, refit nightly.

The maintenance pipeline is a list of named stages; the fit stage owns a
trainer with the model and its nnx.Optimizer and runs one epoch over the
measurement-car batches with a scan.
"""
import optax

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GeometryRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.hidden(x)))[:, 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class TrackTrainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = jax.lax.scan(train_step, (jnp.zeros(()), state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


class MaintenancePipeline:
    def __init__(self):
        self.stages = {}

    def add(self, name, stage):
        self.stages[name] = stage
        return self

    def nightly(self, xs, ys):
        return self.stages["fit"].fit_epoch(xs, ys)


def main():
    trainer = TrackTrainer(GeometryRegressor(nnx.Rngs(0)), 1e-3)
    pipeline = MaintenancePipeline().add("fit", trainer)
    xs = jax.random.normal(jax.random.key(1), (5, 8, 6))
    ys = jnp.sum(xs, axis=-1) * 0.1
    pipeline.nightly(xs, ys)
    return None
