# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scheduler reaches the forecaster through job -> forecaster -> model, left in train() mode, inside the while_loop body
"""Inventory demand forecaster run by a scheduler: a job forecasts day by day with
jax.lax.while_loop until the projected stock runs out; the forecaster has BatchNorm and was last
used for training."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class DemandNet(nnx.Module):
    def __init__(self, n_feat, rngs):
        self.l1 = nnx.Linear(n_feat, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.l2(nnx.relu(self.bn(self.l1(x)))))[..., 0]


class Forecaster:
    def __init__(self, n_feat=6, seed=0):
        self.model = DemandNet(n_feat, nnx.Rngs(seed))
        self.model.train()

    def demand(self, feats):
        return self.model(feats).sum()


@dataclass
class StockoutJob:
    forecaster: Forecaster
    horizon: int = 14

    def run(self, stock, feats):
        def cond(c):
            day, level = c
            return (day < self.horizon) & (level > 0)

        def body(c):
            day, level = c
            return day + 1, level - self.forecaster.demand(feats[day])

        return jax.lax.while_loop(cond, body, (0, stock))


class Scheduler:
    def __init__(self):
        self.jobs = []

    def submit(self, job, *args):
        self.jobs.append((job, args))

    def run_all(self):
        return [job.run(*args) for job, args in self.jobs]


def main():
    sched = Scheduler()
    feats = jax.random.normal(jax.random.key(1), (14, 8, 6))
    sched.submit(StockoutJob(Forecaster()), jnp.float32(50.0), feats)
    jax.block_until_ready(sched.run_all())
    return None
