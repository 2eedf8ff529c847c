# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables, train=False) built by a factory and kept on a GradingStation; the scan body calls the partial and BatchNorm only reads its running averages
"""Cheese-cave grading station: scores rind images wheel by wheel along a shelf and keeps a running
count of wheels that pass. The scoring function is prepared once by a factory and cached."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class RindScorer(nn.Module):
    features: int = 12

    @nn.compact
    def __call__(self, patch, train: bool = True):
        h = nn.Conv(self.features, (3, 3))(patch)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.gelu(h).mean(axis=(-3, -2))
        return nn.Dense(1)(h)[..., 0]


def build_scoring_fn(model, variables, training_config):
    """Shared with the training pipeline; grading passes an eval config."""
    return functools.partial(model.apply, variables, train=training_config["train"])


class GradingStation:
    def __init__(self, score_fn, threshold=0.0):
        self.score_fn = score_fn
        self.threshold = threshold

    def grade_shelf(self, shelf):
        def per_wheel(passed, patch):
            score = self.score_fn(patch[None])[0]
            return passed + (score > self.threshold), score

        return scan(per_wheel, jnp.zeros((), jnp.int32), shelf)


def main():
    shelf = jax.random.uniform(jax.random.key(3), (5, 8, 8, 3))
    model = RindScorer()
    variables = model.init(jax.random.key(0), shelf[:1])
    station = GradingStation(build_scoring_fn(model, variables, {"train": False}))
    passed, scores = station.grade_shelf(shelf)
    print("passed", int(passed), scores)
    return None
