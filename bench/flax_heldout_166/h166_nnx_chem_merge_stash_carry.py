# label: ok
# flax-error: none
# class: 5 make_train_step() returns a scan body that merges the graphdef with the carried state and returns the updated state; the CheckpointHook gets a model merged from the final carry after the loop
"""Chemistry: fine-tuning a reaction-yield regressor with a hook that keeps the latest model for export."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class YieldConfig:
    descriptor_dim: int = 12
    hidden: int = 16
    steps: int = 5
    batch: int = 8
    lr: float = 0.05


class YieldRegressor(nnx.Module):
    def __init__(self, cfg, rngs):
        self.l1 = nnx.Linear(cfg.descriptor_dim, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(nnx.relu(self.l1(x)))).squeeze(-1)


class CheckpointHook:
    def __init__(self):
        self.latest = None
        self.last_loss = None

    def on_step(self, model, loss):
        self.latest = model
        self.last_loss = loss

    def export(self, probe):
        return self.latest(probe)


def make_train_step(graphdef, lr):
    def mse(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def step(state, batch):
        model = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(mse)(model, *batch)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return nnx.state(model), loss

    return step


def main():
    cfg = YieldConfig()
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.normal(k1, (cfg.steps, cfg.batch, cfg.descriptor_dim))
    y = jax.random.uniform(k2, (cfg.steps, cfg.batch))
    graphdef, state = nnx.split(YieldRegressor(cfg, nnx.Rngs(0)))
    hook = CheckpointHook()
    state, losses = scan(make_train_step(graphdef, cfg.lr), state, (x, y))
    hook.on_step(nnx.merge(graphdef, state), losses[-1])
    exported = hook.export(x[0])
    (losses.sum() + exported.sum()).block_until_ready()
    return None
