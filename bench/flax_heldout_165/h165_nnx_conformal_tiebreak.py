# label: same-values
# flax-error: none
# class: 4 CalibrationJob.calibrator.sampler.rngs: the while_loop body reads the nnx.Rngs stream's stored key (rngs.noise.key[...]) instead of drawing a new key
"""Calibration job: split-conformal calibration of a classifier with randomized tie-breaking;
the job repeats the randomized score pass several times and reports every pass's quantile so
the variance of the threshold can be monitored."""

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    seed: int
    passes: int


@dataclasses.dataclass(frozen=True)
class JobConfig:
    alpha: float
    sampler: SamplerConfig


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.logits = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.logits(nnx.tanh(self.hidden(x)))


class TieBreakSampler:
    def __init__(self, config: SamplerConfig):
        self.config = config
        self.rngs = nnx.Rngs(noise=config.seed)

    def current_key(self):
        return self.rngs.noise.key[...]


class ConformalCalibrator:
    def __init__(self, model, config: JobConfig):
        self.model = model
        self.config = config
        self.sampler = TieBreakSampler(config.sampler)

    def pass_quantiles(self, x, labels):
        passes = self.config.sampler.passes
        probs = jax.nn.softmax(self.model(x))
        true_p = jnp.take_along_axis(probs, labels[:, None], -1)[:, 0]

        def cond(carry):
            return carry[0] < passes

        def body(carry):
            i, quantiles = carry
            u = jax.random.uniform(self.sampler.current_key(), true_p.shape)
            scores = 1.0 - u * true_p
            return i + 1, quantiles.at[i].set(jnp.quantile(scores, 1.0 - self.config.alpha))

        _, quantiles = lax.while_loop(cond, body, (jnp.int32(0), jnp.zeros((passes,))))
        return quantiles


class CalibrationJob:
    def __init__(self, config: JobConfig):
        self.config = config
        self.model = Classifier(nnx.Rngs(0))
        self.calibrator = ConformalCalibrator(self.model, config)

    def run(self, x, labels):
        return self.calibrator.pass_quantiles(x, labels)


def main():
    config = JobConfig(alpha=0.1, sampler=SamplerConfig(seed=21, passes=5))
    x = jax.random.normal(jax.random.key(0), (40, 4))
    labels = jax.random.randint(jax.random.key(1), (40,), 0, 3)
    return CalibrationJob(config).run(x, labels)
