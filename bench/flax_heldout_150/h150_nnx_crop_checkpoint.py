# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an lru_cache build_train_step(graphdef, cfg) factory's step merges the carried nnx state and hands nnx.state(model) to a SnapshotKeeper hook inside the scan body; nnx.update(model, keeper.latest) after the loop
"""Crop-yield forecasting: a season of field plots is fitted step by step, keeping the latest snapshot."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class YieldModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.soil = nnx.Linear(7, 10, rngs=rngs)
        self.head = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, plots):
        return self.head(nnx.gelu(self.soil(plots)))[..., 0]


@dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 0.05


class SnapshotKeeper:
    def __init__(self):
        self.latest = None

    def __call__(self, state):
        self.latest = state


@functools.lru_cache(maxsize=None)
def build_train_step(graphdef, cfg: TrainConfig):
    def train_step(state, batch, on_snapshot):
        model = nnx.merge(graphdef, state)
        plots, yields = batch
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(plots) - yields) ** 2))(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads))
        state = nnx.state(model)
        on_snapshot(state)
        return state, loss

    return train_step


class SeasonTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.keeper = SnapshotKeeper()
        self.graphdef, self.state = nnx.split(model)
        self.step = build_train_step(self.graphdef, cfg)

    def fit(self, batches):
        def body(state, batch):
            return self.step(state, batch, self.keeper)

        self.state, losses = jax.lax.scan(body, self.state, batches)
        nnx.update(self.model, self.keeper.latest)
        return losses


def main():
    trainer = SeasonTrainer(YieldModel(nnx.Rngs(0)), TrainConfig())
    plots = jax.random.normal(jax.random.key(1), (6, 12, 7))
    yields = jax.random.normal(jax.random.key(2), (6, 12))
    trainer.fit((plots, yields))
    trainer.model(plots[0]).block_until_ready()
    return None
