# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a PowerTrainer built from a TrainConfig dataclass holds the NNX model; the fori_loop body computes new params functionally and calls nnx.update on the model
"""Power-grid load forecaster trainer: a few inner SGD steps per region fused into a fori_loop."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    lr: float = 0.05
    inner_steps: int = 4
    din: int = 8


class LoadModel(nnx.Module):
    def __init__(self, din, *, rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class PowerTrainer:
    def __init__(self, cfg: TrainConfig, seed=0):
        self.cfg = cfg
        self.model = LoadModel(cfg.din, rngs=nnx.Rngs(seed))
        self.graphdef, _ = nnx.split(self.model)

    def _loss(self, params, x, y):
        model = nnx.merge(self.graphdef, params)
        return jnp.mean((model(x) - y) ** 2)

    def adapt(self, x, y):
        def inner(i, carry):
            params = nnx.state(self.model, nnx.Param)
            grads = jax.grad(self._loss)(params, x, y)
            new_params = jax.tree.map(lambda p, g: p - self.cfg.lr * g, params, grads)
            nnx.update(self.model, new_params)
            return carry + 1

        lax.fori_loop(0, self.cfg.inner_steps, inner, 0)


def main():
    trainer = PowerTrainer(TrainConfig())
    trainer.adapt(jnp.ones((32, 8)), jnp.ones((32, 1)))
    return None
