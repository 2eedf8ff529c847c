# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/RunningNormalizer_0" because collection "pipeline_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the evaluator gets the variables and an update_stats flag through a JobConfig and a FeaturePipeline; the fori_loop body applies with no mutable collections
"""Churn prediction: a feature pipeline with running normalisation, reused by the hold-out evaluator."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RunningNormalizer(nn.Module):
    update_stats: bool
    momentum: float = 0.99

    @nn.compact
    def __call__(self, x):
        mean = self.variable("pipeline_stats", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("pipeline_stats", "var", jnp.ones, x.shape[-1:])
        if self.update_stats and not self.is_initializing():
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
            var.value = self.momentum * var.value + (1 - self.momentum) * x.var(0)
        return (x - mean.value) / jnp.sqrt(var.value + 1e-5)


class ChurnClassifier(nn.Module):
    update_stats: bool

    @nn.compact
    def __call__(self, x):
        x = RunningNormalizer(self.update_stats)(x)
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))[..., 0]


@dataclasses.dataclass
class JobConfig:
    update_stats: bool = True
    n_folds: int = 4


class FeaturePipeline:
    def __init__(self, config: JobConfig):
        self.model = ChurnClassifier(update_stats=config.update_stats)
        self.variables = None

    def fit_init(self, x):
        self.variables = self.model.init(jax.random.key(0), x)

    def logits(self, x):
        return self.model.apply(self.variables, x)


class HoldoutEvaluator:
    def __init__(self, pipeline: FeaturePipeline, config: JobConfig):
        self.pipeline, self.config = pipeline, config

    def evaluate(self, folds_x, folds_y):
        def body(i, correct):
            pred = self.pipeline.logits(folds_x[i]) > 0
            return correct + jnp.sum(pred == folds_y[i])

        return lax.fori_loop(0, self.config.n_folds, body, jnp.int32(0))


def main():
    cfg = JobConfig()
    xs = jax.random.normal(jax.random.key(1), (4, 32, 5))
    ys = xs[..., 1] > 0
    pipeline = FeaturePipeline(cfg)
    pipeline.fit_init(xs[0])
    HoldoutEvaluator(pipeline, cfg).evaluate(xs, ys).block_until_ready()
    return None
