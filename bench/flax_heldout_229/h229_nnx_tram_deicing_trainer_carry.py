# label: ok
# flax-error: none
# class: 4 the model and the nnx.Optimizer held by a HeaterTrainer are nnx.split before the scan; their state is the carry, merged in the body and nnx.update-d after
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
        graphdef, flat = nnx.split((self.state.model, self.state.optimizer))

        def body(flat, batch):
            weather, amps = batch
            model, optimizer = nnx.merge(graphdef, flat)
            loss, grads = nnx.value_and_grad(heating_loss)(model, weather, amps)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        flat, losses = jax.lax.scan(body, flat, (batches, targets))
        nnx.update((self.state.model, self.state.optimizer), flat)
        return losses


def main():
    trainer = HeaterTrainer(HeaterPolicy(nnx.Rngs(0)), learning_rate=1e-2)
    batches = jax.random.normal(jax.random.key(1), (6, 16, 4))
    targets = jnp.abs(batches[..., 0]) * 40.0
    trainer.fit_epoch(batches, targets)
    return None
