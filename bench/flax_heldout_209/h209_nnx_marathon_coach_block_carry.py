# label: ok
# flax-error: none
# class: 4 coach.trainer.model and coach.trainer.optimizer are split into the scan carry, merged inside the body and updated back after the loop
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
        graphdef, state = nnx.split((self.trainer.model, self.trainer.optimizer))

        def week(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(pace_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(week, state, (weeks, paces))
        nnx.update((self.trainer.model, self.trainer.optimizer), state)
        return losses


def main():
    config = BlockConfig()
    weeks = jax.random.uniform(jax.random.key(0), (config.n_weeks, config.runs_per_week, 4))
    paces = 5.5 - weeks[..., 0] * 0.8 + 0.1 * weeks[..., 3]
    coach = Coach(Trainer(PaceModel(nnx.Rngs(0)), config))
    coach.refit_block(weeks, paces)
    jax.block_until_ready(nnx.state(coach.trainer.model))
    return None
