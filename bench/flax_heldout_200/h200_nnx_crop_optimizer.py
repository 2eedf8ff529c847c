# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 4 CropYieldTrainer.model and CropYieldTrainer.optimizer (nnx.Optimizer) are differentiated and updated inside the fori_loop body
"""Crop-yield regression trainer; the warmup-cosine schedule is described by a frozen config dataclass."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    peak_lr: float = 1e-2
    warmup_steps: int = 3
    total_steps: int = 12
    weight_decay: float = 1e-4

    def schedule(self):
        return optax.warmup_cosine_decay_schedule(0.0, self.peak_lr, self.warmup_steps, self.total_steps)

    def optimizer(self):
        return optax.adamw(self.schedule(), weight_decay=self.weight_decay)


class YieldRegressor(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(features, 24, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x))).squeeze(-1)


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class CropYieldTrainer:
    def __init__(self, config: TrainConfig, model: YieldRegressor):
        self.config = config
        self.model = model
        self.optimizer = nnx.Optimizer(model, config.optimizer(), wrt=nnx.Param)

    def fit(self, xs, ys):
        n = xs.shape[0]

        def train_step(i, loss_sum):
            loss, grads = nnx.value_and_grad(mse)(self.model, xs[i % n], ys[i % n])
            self.optimizer.update(self.model, grads)
            return loss_sum + loss

        total = lax.fori_loop(0, self.config.total_steps, train_step, jnp.zeros(()))
        return total / self.config.total_steps


def main():
    xs = jax.random.normal(jax.random.key(2), (4, 20, 6))
    ys = xs @ jnp.linspace(-1.0, 1.0, 6)
    trainer = CropYieldTrainer(TrainConfig(), YieldRegressor(6, nnx.Rngs(0)))
    mean_loss = trainer.fit(xs, ys)
    print("mean loss", float(mean_loss), "steps", int(trainer.optimizer.step.value))
    return None
