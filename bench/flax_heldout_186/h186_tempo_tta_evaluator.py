# label: same-values
# flax-error: none
# class: 4 the 'tta' rng reaches the scan body through evaluator.policy.rng, next to evaluator.predict = functools.partial(model.apply, variables, train=True)
"""Music tempo (BPM) estimation with test-time augmentation: each clip is scored several times
under random gain and onset jitter, and the estimates are averaged by the catalogue service."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class TempoNet(nn.Module):
    @nn.compact
    def __call__(self, onset_env, train: bool = False):
        if train:
            rng = self.make_rng("tta")
            gain_rng, jitter_rng = jax.random.split(rng)
            onset_env = onset_env * jax.random.uniform(gain_rng, (), minval=0.8, maxval=1.2)
            onset_env = onset_env + 0.02 * jax.random.normal(jitter_rng, onset_env.shape)
        h = nn.relu(nn.Dense(32)(onset_env))
        return 60.0 + 120.0 * nn.sigmoid(nn.Dense(1)(h))[..., 0]


@dataclass
class TTAPolicy:
    rng: jax.Array
    views: int = 5


class TempoEvaluator:
    def __init__(self, model: TempoNet, variables, policy: TTAPolicy):
        self.predict = functools.partial(model.apply, variables, train=True)
        self.policy = policy

    def bpm_views(self, clips):
        def body(carry, _):
            bpm = self.predict(clips, rngs={"tta": self.policy.rng})
            return carry, bpm

        _, views = jax.lax.scan(body, 0, None, length=self.policy.views)
        return views


class CatalogueService:
    def __init__(self, evaluator: TempoEvaluator):
        self.evaluator = evaluator

    def tag(self, clips):
        views = self.evaluator.bpm_views(clips)
        return views, views.mean(axis=0)


def main():
    clips = jax.random.uniform(jax.random.key(0), (3, 40))
    model = TempoNet()
    variables = model.init(jax.random.key(1), clips)
    evaluator = TempoEvaluator(model, variables, TTAPolicy(rng=jax.random.key(2)))
    views, _ = CatalogueService(evaluator).tag(clips)
    return views
