# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 4 the model and the nnx.Optimizer held by a HeaterTrainer are reached through trainer.state in the scan body
"""Tram overhead line icing: learn the heating current a de-icing substation must
apply to the contact wire, from logged weather and wire temperature."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class HeaterPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.softplus(self.out(nnx.tanh(self.hidden(weather))))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: HeaterPolicy
    optimizer: nnx.Optimizer


def heating_loss(model, weather, target_amps):
    return jnp.mean((model(weather) - target_amps) ** 2)


class HeaterTrainer:
    def __init__(self, model, learning_rate):
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param))

    def fit_epoch(self, batches, targets):
        def body(carry, batch):
            weather, amps = batch
            loss, grads = nnx.value_and_grad(heating_loss)(self.state.model, weather, amps)
            self.state.optimizer.update(self.state.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (batches, targets))
        return losses


def main():
    trainer = HeaterTrainer(HeaterPolicy(nnx.Rngs(0)), learning_rate=1e-2)
    batches = jax.random.normal(jax.random.key(1), (6, 16, 4))
    targets = jnp.abs(batches[..., 0]) * 40.0
    trainer.fit_epoch(batches, targets)
    return None
