# label: ok
# flax-error: none
# class: 5 make_train_step returns the step (wrapped in jax.checkpoint when TrainConfig.remat == "step"); batch_stats enter and leave the scan body in the carry via mutable=["batch_stats"]
"""Soil-moisture model fitting for a vineyard irrigation controller.

Probe readings at several depths are regressed onto next-day moisture. The fitting loop
rematerialises either the whole step (jax.checkpoint) or the soil blocks (nn.remat), chosen by
a config flag, because the controller trains on a memory-starved edge box.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class SoilBlock(nn.Module):
    features: int
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(x)
        return nn.relu(x)


class MoistureModel(nn.Module):
    remat_blocks: bool = False

    @nn.compact
    def __call__(self, probes, train: bool):
        block = nn.remat(SoilBlock) if self.remat_blocks else SoilBlock
        h = block(16, train)(probes)
        return nn.Dense(1)(h)[..., 0]


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    lr: float = 0.05
    remat: str = "step"  # "step": jax.checkpoint the step; "module": nn.remat blocks; "none"


@dataclasses.dataclass(frozen=True)
class TrainState:
    params: dict
    batch_stats: dict


def make_train_step(model: MoistureModel, cfg: TrainConfig):
    def loss_fn(params, batch_stats, x, y):
        pred, updates = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                    train=True, mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def step(carry, batch):
        params, batch_stats = carry
        x, y = batch
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, x, y)
        params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
        return (params, batch_stats), loss

    return jax.checkpoint(step) if cfg.remat == "step" else step


def fit(model, state: TrainState, batches, cfg: TrainConfig):
    step = make_train_step(model, cfg)
    (params, batch_stats), losses = scan(step, (state.params, state.batch_stats), batches)
    return TrainState(params, batch_stats), losses


def main():
    cfg = TrainConfig()
    model = MoistureModel(remat_blocks=cfg.remat == "module")
    probes = jnp.linspace(0.1, 0.9, 6 * 8 * 4).reshape(6, 8, 4)
    targets = probes.mean(axis=-1) * 0.7
    variables = model.init(jax.random.key(0), probes[0], train=False)
    state = TrainState(variables["params"], variables["batch_stats"])
    fit(model, state, (probes, targets), cfg)
    return None
