# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body in YieldTrainer calls the attribute self.optimizer, whose update writes the model and its own state
"""Root-yield regressor for the beet campaign: a few Adam steps on the week's field plots."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CampaignWeek:
    plots: int = 6
    covariates: int = 3
    steps: int = 3
    lr: float = 1e-2


class YieldRegressor(nnx.Module):
    def __init__(self, covariates: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(covariates, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))[..., 0]


class YieldTrainer:
    def __init__(self, week: CampaignWeek, seed: int = 0):
        self.week = week
        self.model = YieldRegressor(week.covariates, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(week.lr), wrt=nnx.Param)

    def loss_of(self, params, x, y):
        graphdef, _, rest = nnx.split(self.model, nnx.Param, ...)
        model = nnx.merge(graphdef, params, rest, copy=True)
        return jnp.mean((model(x) - y) ** 2)

    def run_week(self, x, y):
        def step(i, last):
            params = nnx.state(self.model, nnx.Param)
            loss, grads = jax.value_and_grad(self.loss_of)(params, x, y)
            self.optimizer.update(self.model, grads)
            return loss

        return jax.lax.fori_loop(0, self.week.steps, step, jnp.zeros(()))


def main():
    week = CampaignWeek()
    x = jnp.linspace(0.0, 1.0, week.plots * week.covariates).reshape(week.plots, week.covariates)
    y = 60.0 + 20.0 * x.mean(axis=1)
    loss = YieldTrainer(week).run_week(x, y)
    jax.block_until_ready(loss)
    return None
