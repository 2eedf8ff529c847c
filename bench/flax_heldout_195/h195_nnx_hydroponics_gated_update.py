# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 DosingTrainer holds the model and an nnx.Optimizer; the scan body runs the data-quality gate, nnx.value_and_grad on trainer.model and trainer.optimizer.update
"""Hydroponic nutrient dosing: the dosing model is fine-tuned on the greenhouse's sensor batches.
A data-quality gate rejects batches with out-of-range EC/pH readings before each update."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class DosingModel(nnx.Module):
    def __init__(self, sensors: int, pumps: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(sensors, 16, rngs=rngs)
        self.out = nnx.Linear(16, pumps, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


@dataclasses.dataclass(frozen=True)
class GateLimits:
    ec_range: tuple = (0.5, 3.5)
    ph_range: tuple = (4.5, 7.5)


class DataQualityGate:
    def __init__(self, limits: GateLimits):
        self.limits = limits

    def passes(self, readings):
        ec, ph = readings[:, 0], readings[:, 1]
        ok = (ec >= self.limits.ec_range[0]) & (ec <= self.limits.ec_range[1])
        ok &= (ph >= self.limits.ph_range[0]) & (ph <= self.limits.ph_range[1])
        return ok.mean() > 0.9


def dosing_loss(model, readings, doses):
    return jnp.mean((model(readings) - doses) ** 2)


class DosingTrainer:
    def __init__(self, model: DosingModel, gate: DataQualityGate, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)
        self.gate = gate

    def fit(self, readings, doses):
        def update(count, batch):
            x, y = batch
            accepted = self.gate.passes(x)
            loss, grads = nnx.value_and_grad(dosing_loss)(self.model, x, y)
            grads = jax.tree.map(lambda g: jnp.where(accepted, g, 0.0), grads)
            self.optimizer.update(self.model, grads)
            return count + accepted, loss

        return lax.scan(update, jnp.zeros((), jnp.int32), (readings, doses))


def main():
    model = DosingModel(4, 3, nnx.Rngs(0))
    key_x, key_y = jax.random.split(jax.random.key(1))
    readings = jax.random.uniform(key_x, (8, 16, 4), minval=1.0, maxval=4.0).at[..., 1].add(2.5)
    doses = jax.random.uniform(key_y, (8, 16, 3))
    DosingTrainer(model, DataQualityGate(GateLimits())).fit(readings, doses)
    return None
