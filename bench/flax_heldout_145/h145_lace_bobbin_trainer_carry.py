# label: ok
# flax-error: none
# class: 4 batch_stats from trainer.store enter the scan through the carry and are written back after the loop
"""Bobbin-lace pillow tension trainer.

A BatchNorm regressor predicts thread tension from pricking-card readings. The trainer keeps
params and running statistics in a StateStore shared with the reporting code.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class BobbinConfig:
    features: int = 8
    steps: int = 4
    learning_rate: float = 0.05


class PrickingNet(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


class StateStore:
    """Holds the latest variables; the dashboard reads from here."""

    def __init__(self, params, batch_stats):
        self.params = params
        self.batch_stats = batch_stats


class BobbinTrainer:
    def __init__(self, cfg: BobbinConfig, model: nn.Module, store: StateStore):
        self.cfg = cfg
        self.model = model
        self.store = store
        self.tx = optax.sgd(cfg.learning_rate)

    def _loss(self, params, batch_stats, batch):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats},
            batch["pillow"], train=True, mutable=["batch_stats"])
        return jnp.mean((pred - batch["tension"]) ** 2), updates

    def _step(self, carry, batch):
        params, batch_stats, opt_state = carry
        grad_fn = jax.value_and_grad(self._loss, has_aux=True)
        (loss, updates), grads = grad_fn(params, batch_stats, batch)
        deltas, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, deltas)
        return (params, updates["batch_stats"], opt_state), loss

    def fit(self, batches):
        carry = (self.store.params, self.store.batch_stats, self.tx.init(self.store.params))
        (params, batch_stats, _), losses = lax.scan(self._step, carry, batches)
        self.store.params = params
        self.store.batch_stats = batch_stats
        return losses


def tension_report(store: StateStore) -> float:
    return float(jnp.mean(store.batch_stats["BatchNorm_0"]["mean"]))


def main():
    cfg = BobbinConfig()
    model = PrickingNet(cfg.features)
    variables = model.init(jax.random.key(0), jnp.ones((6, 5)), train=False)
    store = StateStore(variables["params"], variables["batch_stats"])
    trainer = BobbinTrainer(cfg, model, store)
    batches = {
        "pillow": jax.random.normal(jax.random.key(1), (cfg.steps, 6, 5)),
        "tension": jnp.ones((cfg.steps, 6, 1)),
    }
    trainer.fit(batches)
    print("running tension mean", tension_report(store))
    return None
