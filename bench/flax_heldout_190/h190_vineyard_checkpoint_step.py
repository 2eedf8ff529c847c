# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/SoilBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_train_step returns the step (wrapped in jax.checkpoint when TrainConfig.remat == "step") closing over TrainState.batch_stats, which the scan body applies in train mode
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


def make_train_step(model: MoistureModel, state: TrainState, cfg: TrainConfig):
    def loss_fn(params, x, y):
        pred = model.apply({"params": params, "batch_stats": state.batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def step(params, batch):
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        return jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads), loss

    return jax.checkpoint(step) if cfg.remat == "step" else step


def fit(model, state: TrainState, batches, cfg: TrainConfig):
    step = make_train_step(model, state, cfg)
    params, losses = scan(step, state.params, batches)
    return dataclasses.replace(state, params=params), losses


def main():
    cfg = TrainConfig()
    model = MoistureModel(remat_blocks=cfg.remat == "module")
    probes = jnp.linspace(0.1, 0.9, 6 * 8 * 4).reshape(6, 8, 4)
    targets = probes.mean(axis=-1) * 0.7
    variables = model.init(jax.random.key(0), probes[0], train=False)
    state = TrainState(variables["params"], variables["batch_stats"])
    fit(model, state, (probes, targets), cfg)
    return None
