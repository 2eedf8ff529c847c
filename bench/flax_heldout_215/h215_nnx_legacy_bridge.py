# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NightlyLabJob.run -> self.scorer.score(record) -> self._model (Dropout drawing from its own Rngs, still in train mode) in the scan body
"""Adapter that keeps the legacy v1 `LabScorer.score(record)` API alive on a Flax NNX model.

Downstream kidney-function dashboards still call `score(record)` with a dict of lab values; the
adapter translates the record to features and runs the NNX chronic-kidney-disease stage model.
A nightly job scans over the day's lab records.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class CkdStageNet(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.stage = nnx.Linear(16, 5, rngs=rngs)

    def __call__(self, x):
        return self.stage(self.drop(nnx.relu(self.hidden(x))))


class LegacyLabScorer:
    """v1 API: score(record) -> probability of stage 4 or 5."""

    FIELDS = ("creatinine_mg_dl", "age_years", "bun_mg_dl")
    SCALE = (1.0, 100.0, 50.0)

    def __init__(self, model):
        self._model = model

    def _features(self, record):
        return jnp.stack([record[f] / s for f, s in zip(self.FIELDS, self.SCALE)], axis=-1)

    def score(self, record):
        probs = jax.nn.softmax(self._model(self._features(record)), axis=-1)
        return probs[..., 3:].sum(axis=-1)


class NightlyLabJob:
    def __init__(self, scorer):
        self.scorer = scorer

    def run(self, records):
        def record_step(worst, record):
            risk = self.scorer.score(record)
            return jnp.maximum(worst, risk), risk

        first = records[LegacyLabScorer.FIELDS[0]]
        return jax.lax.scan(record_step, jnp.zeros(first.shape[1:]), records)


def main():
    batches, patients = 6, 4
    grid = jnp.arange(batches * patients, dtype=jnp.float32).reshape(batches, patients)
    records = {
        "creatinine_mg_dl": 0.8 + 0.1 * grid,
        "age_years": 40.0 + grid,
        "bun_mg_dl": 12.0 + 0.5 * grid,
    }
    job = NightlyLabJob(LegacyLabScorer(CkdStageNet(rngs=nnx.Rngs(0))))
    worst, risks = job.run(records)
    jax.block_until_ready((worst, risks))
    return None
