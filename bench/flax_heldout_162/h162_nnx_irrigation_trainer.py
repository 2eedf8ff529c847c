# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 trainer.bundle.model and trainer.bundle.optimizer (an nnx.Optimizer) are reached in the fori_loop body through IrrigationTrainer.fit, which calls nnx.value_and_grad and optimizer.update on them
"""Precision irrigation: a soil-moisture regressor is fine-tuned on each field's
probe data by a small trainer object before the watering schedule is planned."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class SoilMoistureNet(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


class TrainBundle:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)


class IrrigationTrainer:
    def __init__(self, bundle: TrainBundle, probes, moisture):
        self.bundle = bundle
        self.probes = probes
        self.moisture = moisture

    @staticmethod
    def loss_fn(model, x, y):
        return ((model(x) - y) ** 2).mean()

    def fit(self, steps):
        def body(i, running):
            loss, grads = nnx.value_and_grad(self.loss_fn)(self.bundle.model, self.probes, self.moisture)
            self.bundle.optimizer.update(self.bundle.model, grads)
            return running + loss

        return lax.fori_loop(0, steps, body, jnp.zeros(())) / steps


def main():
    probes = jax.random.normal(jax.random.key(0), (32, 5))
    moisture = jax.random.uniform(jax.random.key(1), (32,))
    bundle = TrainBundle(SoilMoistureNet(5, nnx.Rngs(2)), learning_rate=1e-2)
    IrrigationTrainer(bundle, probes, moisture).fit(steps=4)
    bundle.model(probes).block_until_ready()
    return None
