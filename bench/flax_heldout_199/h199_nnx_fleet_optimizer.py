# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 a FleetTrainer's nnx.Optimizer and the model held by its UnitBank are updated in the scan body
"""Capacity-fade model for a fleet of identical battery packs with per-unit offsets."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class UnitOffsets(nnx.Module):
    def __init__(self, n_units, dim):
        self.bias = nnx.Param(jnp.zeros((n_units, dim)))

    def __call__(self, unit_ids):
        return self.bias[...][unit_ids]


class CapacityFadeModel(nnx.Module):
    def __init__(self, n_units, n_feat, hidden, *, rngs: nnx.Rngs):
        self.shared = nnx.Linear(n_feat, hidden, rngs=rngs)
        self.units = UnitOffsets(n_units, hidden)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, feats, unit_ids):
        h = nnx.relu(self.shared(feats) + self.units(unit_ids))
        return self.head(h)[:, 0]


class UnitBank:
    def __init__(self, model):
        self.model = model


def fade_loss(model, feats, unit_ids, soh):
    return jnp.mean((model(feats, unit_ids) - soh) ** 2)


class FleetTrainer:
    def __init__(self, bank: UnitBank, lr=1e-2):
        self.bank = bank
        self.opt = nnx.Optimizer(bank.model, optax.adam(lr), wrt=nnx.Param)

    def fit(self, feats, unit_ids, soh):
        def step(carry, batch):
            f, u, y = batch
            loss, grads = nnx.value_and_grad(fade_loss)(self.bank.model, f, u, y)
            self.opt.update(self.bank.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(step, None, (feats, unit_ids, soh))
        return losses


def main():
    n_units, n_batches, batch = 8, 6, 16
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    feats = jax.random.normal(k1, (n_batches, batch, 5))  # cycles, temp, depth of discharge, ...
    unit_ids = jax.random.randint(k2, (n_batches, batch), 0, n_units)
    soh = 1.0 - 0.1 * jax.random.uniform(k3, (n_batches, batch))
    bank = UnitBank(CapacityFadeModel(n_units, 5, 16, rngs=nnx.Rngs(1)))
    FleetTrainer(bank).fit(feats, unit_ids, soh)
    return None
