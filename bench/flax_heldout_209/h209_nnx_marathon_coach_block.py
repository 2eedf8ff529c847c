# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the scan body takes gradients of coach.trainer.model and steps coach.trainer.optimizer, an nnx.Optimizer, both closed over from outside the loop
"""Marathon pacing advice: a coach refits the runner's pace model over a training block, one week per step."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    n_weeks: int = 6
    runs_per_week: int = 5
    learning_rate: float = 1e-2


class PaceModel(nnx.Module):
    """Predicts goal-race pace (min/km) from weekly mileage, long-run length, tempo share and rest days."""

    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return 5.0 + self.out(nnx.relu(self.hidden(x)))[..., 0]


def pace_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, config: BlockConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)


class Coach:
    def __init__(self, trainer):
        self.trainer = trainer

    def refit_block(self, weeks, paces):
        def week(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(pace_loss)(self.trainer.model, x, y)
            self.trainer.optimizer.update(self.trainer.model, grads)
            return total + loss, loss

        total, losses = jax.lax.scan(week, jnp.zeros(()), (weeks, paces))
        return losses


def main():
    config = BlockConfig()
    weeks = jax.random.uniform(jax.random.key(0), (config.n_weeks, config.runs_per_week, 4))
    paces = 5.5 - weeks[..., 0] * 0.8 + 0.1 * weeks[..., 3]
    coach = Coach(Trainer(PaceModel(nnx.Rngs(0)), config))
    coach.refit_block(weeks, paces)
    return None
