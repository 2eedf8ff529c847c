# label: ok
# flax-error: none
# class: 4 trainer.bundle.model and trainer.bundle.optimizer are split once, their state rides in the fori_loop carry and is merged in the body, then nnx.update writes it back after the loop
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
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def body(i, carry):
            state, running = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self.loss_fn)(model, self.probes, self.moisture)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, running + loss

        state, total = lax.fori_loop(0, steps, body, (state, jnp.zeros(())))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        return total / steps


def main():
    probes = jax.random.normal(jax.random.key(0), (32, 5))
    moisture = jax.random.uniform(jax.random.key(1), (32,))
    bundle = TrainBundle(SoilMoistureNet(5, nnx.Rngs(2)), learning_rate=1e-2)
    IrrigationTrainer(bundle, probes, moisture).fit(steps=4)
    bundle.model(probes).block_until_ready()
    return None
