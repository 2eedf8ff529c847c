# label: same-values
# flax-error: none
# class: 5 the scan body calls a functools.partial(model.apply, ..., rngs={'dropout': key}) kept on the estimator object
"""Customs cargo-manifest risk scoring with Monte Carlo dropout.

The inspection service scores a manifest several times with dropout switched
on and reports the spread of the scores as the model's uncertainty; manifests
with wide spreads are routed to a human inspector.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class ScreeningConfig:
    fields: int = 7
    hidden: int = 16
    dropout: float = 0.3
    passes: int = 5


class ManifestScorer(nn.Module):
    config: ScreeningConfig

    @nn.compact
    def __call__(self, manifest, train: bool = False):
        h = nn.relu(nn.Dense(self.config.hidden, name="embed")(manifest))
        h = nn.Dropout(self.config.dropout, deterministic=not train)(h)
        return nn.Dense(1, name="risk")(h)[..., 0]


class UncertaintyEstimator:
    def __init__(self, model, variables, key, passes):
        self.passes = passes
        self._stochastic = functools.partial(model.apply, variables, train=True, rngs={"dropout": key})

    def sample(self, manifest):
        def one_pass(carry, _):
            return carry, self._stochastic(manifest)

        _, scores = scan(one_pass, None, None, length=self.passes)
        return scores


def build_estimator(config: ScreeningConfig, seed: int) -> UncertaintyEstimator:
    model = ManifestScorer(config)
    variables = model.init(jax.random.key(seed), jnp.zeros((config.fields,)))
    return UncertaintyEstimator(model, variables, jax.random.key(seed + 1), config.passes)


class InspectionRouter:
    def __init__(self, estimator: UncertaintyEstimator, spread_limit: float = 0.2):
        self.estimator = estimator
        self.spread_limit = spread_limit

    def route(self, manifest):
        scores = self.estimator.sample(manifest)
        return scores, jnp.std(scores) > self.spread_limit


def main():
    router = InspectionRouter(build_estimator(ScreeningConfig(), seed=12))
    scores, _ = router.route(jnp.linspace(-1.0, 1.0, 7))
    return scores
