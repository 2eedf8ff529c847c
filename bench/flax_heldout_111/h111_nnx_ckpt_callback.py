# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the MeltTrainer carries nnx.split state through the scan; its LastCheckpoint callback keeps the nnx.state taken inside the body, which is nnx.update'd into the model after the loop
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
            for callback in self.callbacks:
                callback.on_step(loss, state)
            return state, loss

        _, losses = jax.lax.scan(train_step, state, (xs, ys))
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
