# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 3 the trainer's model and optimizer attributes are differentiated and updated inside the fori_loop body
"""Compressor-load regression for a cold-storage chiller plant, trained in a fused loop."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class CompressorLoad(nnx.Module):
    def __init__(self, sensors: int, hidden: int, *, rngs: nnx.Rngs):
        self.inlet = nnx.Linear(sensors, hidden, rngs=rngs)
        self.load = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.load(nnx.gelu(self.inlet(x))).squeeze(-1)


@dataclass(frozen=True)
class TrainPlan:
    steps: int = 4
    learning_rate: float = 0.05
    sensors: int = 3
    hidden: int = 8


def load_batches(plan: TrainPlan, batch: int = 6):
    temps = jnp.linspace(-30.0, -5.0, plan.steps * batch * plan.sensors) / 30.0
    x = temps.reshape(plan.steps, batch, plan.sensors)
    return x, x.sum(-1) * 0.5


class ChillerTrainer:
    def __init__(self, plan: TrainPlan, seed: int = 0):
        self.plan = plan
        self.model = CompressorLoad(plan.sensors, plan.hidden, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(plan.learning_rate), wrt=nnx.Param)

    @staticmethod
    def _loss(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def fit(self, xs, ys):
        def step(i, running):
            loss, grads = nnx.value_and_grad(self._loss)(self.model, xs[i], ys[i])
            self.optimizer.update(self.model, grads)
            return running + loss

        return jax.lax.fori_loop(0, self.plan.steps, step, jnp.zeros(()))


def main():
    plan = TrainPlan()
    trainer = ChillerTrainer(plan)
    xs, ys = load_batches(plan)
    total = trainer.fit(xs, ys)
    jax.block_until_ready((total, trainer.model(xs[0])))
    return None
