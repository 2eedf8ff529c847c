# label: ok
# flax-error: none
# class: 4 JobScheduler -> InkStage -> model.apply(mutable=["batch_stats"]) with the statistics threaded through the fori_loop carry
"""Print shop ink planning: a scheduler walks the queued print jobs and asks each pipeline stage
for its ink estimate. The ink stage keeps its BatchNorm statistics adapting to the current paper
stock while jobs are scheduled."""
from typing import List, Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class InkEstimator(nn.Module):
    @nn.compact
    def __call__(self, job, train: bool = False):
        h = nn.Dense(12)(job)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h[None])[0]
        return nn.softplus(nn.Dense(4)(nn.relu(h)))


class InkStage:
    name = "ink"

    def __init__(self, model: InkEstimator, variables):
        self.model = model
        self.variables = variables

    def estimate(self, batch_stats, job):
        ink, updates = self.model.apply({"params": self.variables["params"], "batch_stats": batch_stats},
                                        job, train=True, mutable=["batch_stats"])
        return ink, updates["batch_stats"]


class PaperStage:
    name = "paper"

    def estimate(self, job):
        return jnp.full((4,), job[:2].sum())


class JobScheduler:
    def __init__(self, stages: Sequence):
        self.stages: List = list(stages)

    def _stage(self, name):
        return next(s for s in self.stages if s.name == name)

    def plan(self, jobs):
        ink = self._stage("ink")
        paper = self._stage("paper")

        def schedule(i, carry):
            totals, batch_stats = carry
            ink_needed, batch_stats = ink.estimate(batch_stats, jobs[i])
            return totals + ink_needed + paper.estimate(jobs[i]), batch_stats

        totals, batch_stats = lax.fori_loop(0, jobs.shape[0], schedule,
                                            (jnp.zeros((4,)), ink.variables["batch_stats"]))
        ink.variables = {"params": ink.variables["params"], "batch_stats": batch_stats}
        return totals


def main():
    model = InkEstimator()
    jobs = jax.random.uniform(jax.random.key(2), (9, 7))
    variables = model.init(jax.random.key(0), jobs[0])
    scheduler = JobScheduler([PaperStage(), InkStage(model, variables)])
    scheduler.plan(jobs)
    return None
