# label: ok
# flax-error: none
# class: 5 make_worker (a factory) draws one key from the nnx.Rngs 'jobs' stream and returns a step function that folds the job id into it for each job drained by the lax.while_loop worker
"""Async-looking job runner: Monte Carlo lamp-life jobs for a lighthouse maintenance planner
are queued as step jobs and drained by one worker loop."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class LampLife(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.mean = nnx.Linear(3, 4, rngs=rngs)
        self.log_scale = nnx.Param(jnp.full((4,), -1.0))

    def sample(self, conditions, key):
        eps = jax.random.normal(key, (4,))
        return self.mean(conditions) + jnp.exp(self.log_scale[...]) * eps


def make_worker(model, rngs: nnx.Rngs):
    key = rngs.jobs()

    def run_job(job_id, conditions):
        return model.sample(conditions, jax.random.fold_in(key, job_id))

    return run_job


class WorkQueue:
    def __init__(self, jobs):
        self.jobs = jobs

    def drain(self, worker):
        total = self.jobs.shape[0]

        def has_work(state):
            return state[0] < total

        def take(state):
            head, done = state
            return head + 1, done.at[head].set(worker(head, self.jobs[head]))

        _, done = lax.while_loop(has_work, take, (jnp.int32(0), jnp.zeros((total, 4))))
        return done


def main():
    rngs = nnx.Rngs(params=0, jobs=1)
    model = LampLife(rngs=rngs)
    conditions = jnp.array([0.3, 1.2, -0.4])
    queue = WorkQueue(jnp.tile(conditions, (5, 1)))  # five samples of one lamp's conditions
    return queue.drain(make_worker(model, rngs))
