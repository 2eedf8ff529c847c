# label: ok
# flax-error: none
# class: 4 ReplayJob -> FinishTimePredictor adapter -> model(x, rngs=fold_in(adapter.session_key, step)) with the scan step folded into the key
"""Marathon finish-time predictions: logged requests from race day are replayed through the
candidate model to measure how wide its Monte-Carlo dropout intervals are before it replaces
the current one."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class FinishTimeModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.split_encoder = nnx.Linear(features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2)
        self.minutes = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, splits, rngs=None):
        h = self.drop(nnx.relu(self.split_encoder(splits)), deterministic=False, rngs=rngs)
        return 180.0 + 60.0 * jnp.tanh(self.minutes(h))[..., 0]


class FinishTimePredictor:
    def __init__(self, model: FinishTimeModel, session_key):
        self.model = model
        self.session_key = session_key

    def sample(self, requests, step):
        return self.model(requests, rngs=jax.random.fold_in(self.session_key, step))


@dataclasses.dataclass(frozen=True)
class ReplayConfig:
    mc_samples: int = 12


class ReplayJob:
    def __init__(self, predictor: FinishTimePredictor, config: ReplayConfig):
        self.predictor = predictor
        self.config = config

    def replay(self, logged_requests):
        def draw(carry, step):
            return carry, self.predictor.sample(logged_requests, step)

        _, samples = jax.lax.scan(draw, None, jnp.arange(self.config.mc_samples))
        width = jnp.percentile(samples, 90.0, axis=0) - jnp.percentile(samples, 10.0, axis=0)
        return width.mean(), samples


def main():
    model = FinishTimeModel(features=6, rngs=nnx.Rngs(0))
    logged = jax.random.normal(jax.random.key(21), (15, 6))
    job = ReplayJob(FinishTimePredictor(model, jax.random.key(99)), ReplayConfig())
    _, samples = job.replay(logged)
    return samples
