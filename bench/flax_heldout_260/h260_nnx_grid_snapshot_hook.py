# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan carries the split state of self.engine.model and the body hands each new state to the snapshot hook held in self.hooks
"""Transmission-zone load model: short fine-tuning run with a snapshot hook for rollback."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ZoneModel(nnx.Module):
    def __init__(self, d_in: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d_in, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.proj(x))))[..., 0]


class SnapshotHook:
    def __init__(self):
        self.latest = None

    def on_step(self, step, state):
        self.latest = state


class ModelEngine:
    def __init__(self, model: ZoneModel, lr: float):
        self.model = model
        self.lr = lr


class FineTuneJob:
    def __init__(self, engine: ModelEngine, hooks):
        self.engine = engine
        self.hooks = hooks

    def run(self, xs, ys):
        graphdef, params, rest = nnx.split(self.engine.model, nnx.Param, ...)

        def loss_fn(p, x, y):
            model = nnx.merge(graphdef, p, rest)
            return jnp.mean((model(x) - y) ** 2)

        def train_step(carry, batch):
            step, p = carry
            loss, grads = jax.value_and_grad(loss_fn)(p, *batch)
            p = jax.tree.map(lambda w, g: w - self.engine.lr * g, p, grads)
            for hook in self.hooks:
                hook.on_step(step, p)
            return (step + 1, p), loss

        (_, final_params), losses = lax.scan(train_step, (0, params), (xs, ys))
        return losses

    def rollback_to_snapshot(self):
        nnx.update(self.engine.model, self.hooks[0].latest)


def main():
    k1, k2 = jax.random.split(jax.random.key(6))
    xs = jax.random.normal(k1, (5, 16, 6))
    ys = xs[..., 0] * 2.0 + 0.1 * jax.random.normal(k2, (5, 16))
    engine = ModelEngine(ZoneModel(6, nnx.Rngs(0)), lr=0.05)
    job = FineTuneJob(engine, [SnapshotHook()])
    jax.block_until_ready(job.run(xs, ys))
    job.rollback_to_snapshot()
    jax.block_until_ready(engine.model(xs[0]))
    return None
