# label: ok
# flax-error: none
# class: 4 IrrigationTrainer.callbacks -> LatestStateHook.on_step gets the model merged inside the scan body but only reads it; the trained state leaves through the scan carry and is nnx.update'd afterwards
"""Vineyard irrigation: a soil-moisture model predicts tomorrow's volumetric water content
per vine block from weather and drip schedules; training keeps a snapshot hook."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class MoistureModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(nnx.silu(self.hidden(x))))[..., 0]


class LatestStateHook:
    def __init__(self):
        self.snapshot = None

    def on_step(self, model, loss):
        return jnp.sqrt(loss)


class IrrigationTrainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, features, targets):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(step, state, (features, targets))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    features = jax.random.normal(jax.random.key(121), (8, 32, 6))
    targets = jax.nn.sigmoid(features[..., 0] - features[..., 3])
    trainer = IrrigationTrainer(MoistureModel(nnx.Rngs(0)), [LatestStateHook()])
    trainer.fit(features, targets)
    preds = trainer.model(features[0])
    assert preds.shape == (32,)
    return None
