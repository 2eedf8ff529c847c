# label: ok
# flax-error: none
# class: 4 the MeltTrainer carries nnx.split state through the scan and returns each step's nnx.state as ys; its LastCheckpoint callback takes the last one after the loop, nnx.update'd into the model
"""Glacier meltwater forecasting: trains the runoff forecaster on the season's daily gauge data
with plain SGD, checkpointing through a callback and restoring the checkpoint for evaluation."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class MeltConfig:
    n_feats: int = 5
    n_steps: int = 6
    batch: int = 10
    lr: float = 0.05


class MeltForecaster(nnx.Module):
    def __init__(self, cfg: MeltConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(cfg.n_feats, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x))).squeeze(-1)


def runoff_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class LastCheckpoint:
    def __init__(self):
        self.state = None

    def on_step(self, loss, state):
        self.state = state


class MeltTrainer:
    def __init__(self, model, cfg: MeltConfig, callbacks):
        self.model = model
        self.cfg = cfg
        self.callbacks = callbacks

    def fit(self, xs, ys):
        graphdef, state = nnx.split(self.model)

        def train_step(state, batch):
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(runoff_loss)(model, *batch)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.cfg.lr * g, params, grads))
            state = nnx.state(model)
            return state, (loss, state)

        _, (losses, states) = jax.lax.scan(train_step, state, (xs, ys))
        last = jax.tree.map(lambda leaf: leaf[-1], states)
        for callback in self.callbacks:
            callback.on_step(losses[-1], last)
        return losses


def main():
    cfg = MeltConfig()
    model = MeltForecaster(cfg, nnx.Rngs(0))
    ckpt = LastCheckpoint()
    trainer = MeltTrainer(model, cfg, [ckpt])
    xs = jax.random.normal(jax.random.key(1), (cfg.n_steps, cfg.batch, cfg.n_feats))
    ys = xs.sum(-1)
    trainer.fit(xs, ys)
    nnx.update(model, ckpt.state)
    print(float(runoff_loss(model, xs[0], ys[0])))
    return None
