# label: ok
# flax-error: none
# class: 3 a PowerTrainer built from a TrainConfig dataclass holds the NNX model; the params State is the fori_loop carry and nnx.update runs once after the loop
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
        def inner(i, params):
            grads = jax.grad(self._loss)(params, x, y)
            return jax.tree.map(lambda p, g: p - self.cfg.lr * g, params, grads)

        params = lax.fori_loop(0, self.cfg.inner_steps, inner, nnx.state(self.model, nnx.Param))
        nnx.update(self.model, params)


def main():
    trainer = PowerTrainer(TrainConfig())
    trainer.adapt(jnp.ones((32, 8)), jnp.ones((32, 1)))
    return None
