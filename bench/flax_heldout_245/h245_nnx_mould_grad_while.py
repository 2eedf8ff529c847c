# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 2 the mould model is a local of fit_mould_model and is differentiated with nnx.value_and_grad inside the while_loop body
"""Mould temperature model of the press-and-blow machine: refitted at the start of each job until
the predicted swab temperatures are within tolerance or the iteration budget is spent."""

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class MouldJob:
    sections: int = 4
    gob_features: int = 3
    learning_rate: float = 0.1
    tolerance: float = 1e-3
    max_iterations: int = 8
    seed: int = 19


class MouldTemperatureModel(nnx.Module):
    def __init__(self, job: MouldJob, rngs: nnx.Rngs):
        self.section_bias = nnx.Param(jnp.zeros((job.sections,)))
        self.gob = nnx.Linear(job.gob_features, job.sections, rngs=rngs)

    def __call__(self, gobs):
        return self.gob(gobs) + self.section_bias[...]


def swab_error(model, gobs, measured):
    return jnp.mean((model(gobs) - measured) ** 2)


def sgd(model, grads, lr):
    params = nnx.state(model, nnx.Param)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))


def fit_mould_model(job: MouldJob, gobs, measured):
    model = MouldTemperatureModel(job, nnx.Rngs(job.seed))

    def keep_going(carry):
        iteration, error = carry
        return (iteration < job.max_iterations) & (error > job.tolerance)

    def refine(carry):
        iteration, _ = carry
        error, grads = nnx.value_and_grad(swab_error)(model, gobs, measured)
        sgd(model, grads, job.learning_rate)
        return iteration + 1, error

    iterations, error = jax.lax.while_loop(keep_going, refine, (0, jnp.inf))
    return model, iterations, error


def job_measurements(job: MouldJob):
    k1, k2 = jax.random.split(jax.random.key(job.seed + 2))
    gobs = jax.random.normal(k1, (10, job.gob_features))
    return gobs, jax.random.normal(k2, (10, job.sections)) * 0.1


def main():
    job = MouldJob()
    model, iterations, error = fit_mould_model(job, *job_measurements(job))
    jax.block_until_ready((iterations, error))
    return None
