# label: ok
# flax-error: none
# class: 5 make_calibration_step() builds the fori_loop body from the graphdef of (DelayCalibrator, nnx.Optimizer); their state is threaded through the carry and written back after the loop
from __future__ import annotations

from dataclasses import dataclass

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax
from jax.lax import fori_loop


@dataclass(frozen=True)
class ShotRecord:
    charges_kg: tuple[float, ...]
    measured_ppv_mm_s: tuple[float, ...]


class DelayCalibrator(nnx.Module):
    def __init__(self, holes: int, rngs: nnx.Rngs):
        self.timing = nnx.Linear(holes, holes, rngs=rngs)
        self.out = nnx.Linear(holes, 1, rngs=rngs)

    def __call__(self, charges):
        return self.out(nnx.tanh(self.timing(charges)))[..., 0]


def make_calibration_step(graphdef, charges, measured):
    def loss_fn(m):
        return jnp.mean((m(charges) - measured) ** 2)

    def step(epoch, carry):
        state, running = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), running + loss

    return step


class CalibrationJob:
    def __init__(self, record: ShotRecord, epochs: int = 4, seed: int = 0):
        holes = len(record.charges_kg)
        self.charges = jnp.asarray(record.charges_kg, jnp.float32).reshape(1, holes) / 50.0
        self.measured = jnp.asarray(record.measured_ppv_mm_s[:1], jnp.float32)
        self.model = DelayCalibrator(holes, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-2), wrt=nnx.Param)
        self.epochs = epochs

    def __call__(self):
        graphdef, state = nnx.split((self.model, self.optimizer))
        step = make_calibration_step(graphdef, self.charges, self.measured)
        state, total = fori_loop(0, self.epochs, step, (state, jnp.float32(0.0)))
        nnx.update((self.model, self.optimizer), state)
        return total / self.epochs


class JobHandle:
    def __init__(self, job):
        self._job = job
        self._outcome = None

    def result(self):
        if self._outcome is None:
            self._outcome = self._job()
        return self._outcome


class SiteExecutor:
    def __init__(self):
        self.submitted: list[JobHandle] = []

    def submit(self, job) -> JobHandle:
        handle = JobHandle(job)
        self.submitted.append(handle)
        return handle


def main():
    record = ShotRecord((42.0, 40.0, 44.0, 38.0, 41.0), (6.2,))
    executor = SiteExecutor()
    job = CalibrationJob(record)
    mean_loss = executor.submit(job).result()
    jax.block_until_ready((mean_loss, job.model(job.charges)))
    return None
