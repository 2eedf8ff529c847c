# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 JobScheduler -> InkStage -> stage.model.apply(stage.variables, train=True) called from the fori_loop body without a mutable collection
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

    def estimate(self, job):
        return self.model.apply(self.variables, job, train=True)


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

        def schedule(i, totals):
            return totals + ink.estimate(jobs[i]) + paper.estimate(jobs[i])

        return lax.fori_loop(0, jobs.shape[0], schedule, jnp.zeros((4,)))


def main():
    model = InkEstimator()
    jobs = jax.random.uniform(jax.random.key(2), (9, 7))
    variables = model.init(jax.random.key(0), jobs[0])
    scheduler = JobScheduler([PaperStage(), InkStage(model, variables)])
    scheduler.plan(jobs)
    return None
