# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 evaluator.model (attribute of one object), left in training mode, called in the scan body over generator-fed batches
"""Beehive acoustic monitoring: an evaluator scores hive recordings for swarming risk."""
from typing import Iterator

import jax
import jax.numpy as jnp
from flax import nnx


class HiveAcousticsModel(nnx.Module):
    def __init__(self, bands: int, hidden: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(bands, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, spectra):
        h = nnx.relu(self.norm(self.embed(spectra)))
        return jax.nn.sigmoid(self.head(self.drop(h)))[..., 0]


def recordings(key, n_batches: int, batch: int, bands: int) -> Iterator[jnp.ndarray]:
    """Yields batches of log-mel spectra, one per monitoring interval."""
    for i in range(n_batches):
        yield jnp.log1p(jax.random.exponential(jax.random.fold_in(key, i), (batch, bands)))


class SwarmRiskEvaluator:
    def __init__(self, model: HiveAcousticsModel, threshold: float = 0.7):
        self.model = model
        self.threshold = threshold

    def evaluate(self, batches: Iterator[jnp.ndarray]):
        stacked = jnp.stack(list(batches))

        def interval(alerts, spectra):
            risk = self.model(spectra)
            return alerts + jnp.sum(risk > self.threshold), jnp.mean(risk)

        return jax.lax.scan(interval, jnp.zeros((), jnp.int32), stacked)


def main():
    model = HiveAcousticsModel(bands=20, hidden=16, rngs=nnx.Rngs(0, dropout=1))
    evaluator = SwarmRiskEvaluator(model)
    alerts, mean_risk = evaluator.evaluate(recordings(jax.random.key(2), n_batches=5, batch=4, bands=20))
    jax.block_until_ready((alerts, mean_risk))
    return None
