# label: same-values
# flax-error: none
# class: 5 make_step_fn returns a step closing over functools.partial(model.apply, variables, rngs={'dropout': key}); JobRunner drains the queue with jax.lax.while_loop
"""Async-looking job runner: Monte Carlo dropout requests for a parcel-volume estimator are
queued as step jobs and drained by a worker loop on the accelerator."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class VolumeEstimator(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, scan_points, train: bool = False):
        h = nn.relu(nn.Dense(self.width)(scan_points))
        h = nn.Dropout(rate=0.5, deterministic=not train)(h)
        return h


@dataclasses.dataclass(frozen=True)
class JobQueue:
    payloads: jax.Array  # [num_jobs, features]

    @property
    def size(self):
        return self.payloads.shape[0]


def make_step_fn(model, variables, rng):
    sample = functools.partial(model.apply, variables, rngs={"dropout": rng}, train=True)

    def step(job_index, payload):
        return sample(payload)

    return step


class JobRunner:
    def __init__(self, step_fn, width):
        self.step_fn = step_fn
        self.width = width

    def drain(self, queue: JobQueue):
        def pending(state):
            cursor, _ = state
            return cursor < queue.size

        def work(state):
            cursor, results = state
            out = self.step_fn(cursor, queue.payloads[cursor])
            return cursor + 1, results.at[cursor].set(out)

        init = (jnp.int32(0), jnp.zeros((queue.size, self.width)))
        _, results = jax.lax.while_loop(pending, work, init)
        return results


def main():
    model = VolumeEstimator()
    request = jnp.linspace(0.1, 1.0, 4)
    queue = JobQueue(jnp.tile(request, (6, 1)))  # six samples of the same request
    variables = model.init(jax.random.key(0), request)
    step = make_step_fn(model, variables, jax.random.key(99))
    return JobRunner(step, model.width).drain(queue)
