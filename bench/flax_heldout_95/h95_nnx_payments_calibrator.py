# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningScore from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the calibrator's own recalibrate() updates its RunningScore variables inside a raw jax.lax.scan body
"""Payments-risk service: a per-merchant NNX calibrator keeps running statistics of its fraud
scores in custom Variable types; the nightly pass sweeps the day's batches with lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class RunningScore(nnx.Variable):
    """Calibration statistics; not trained, not reset by the optimizer."""


@dataclasses.dataclass(frozen=True)
class CalibratorConfig:
    num_features: int = 8
    momentum: float = 0.9


class MerchantCalibrator(nnx.Module):
    def __init__(self, config: CalibratorConfig, *, rngs: nnx.Rngs):
        self.momentum = config.momentum
        self.scorer = nnx.Linear(config.num_features, 1, rngs=rngs)
        self.score_mean = RunningScore(jnp.zeros(()))
        self.batches_seen = RunningScore(jnp.zeros((), jnp.int32))

    def __call__(self, batch):
        return jax.nn.sigmoid(self.scorer(batch))[..., 0] - self.score_mean[...]

    def absorb(self, batch):
        s = jax.nn.sigmoid(self.scorer(batch)).mean()
        self.score_mean[...] = self.momentum * self.score_mean[...] + (1 - self.momentum) * s
        self.batches_seen[...] = self.batches_seen[...] + 1
        return s

    def recalibrate(self, batches):
        def step(carry, batch):
            return carry, self.absorb(batch)

        _, scores = jax.lax.scan(step, None, batches)
        return scores


class MerchantRiskService:
    def __init__(self, merchant_ids, config=CalibratorConfig()):
        self.calibrators = {
            m: MerchantCalibrator(config, rngs=nnx.Rngs(i)) for i, m in enumerate(merchant_ids)
        }

    def nightly_recalibration(self, merchant_id, batches):
        return self.calibrators[merchant_id].recalibrate(batches)

    def score(self, merchant_id, batch):
        return self.calibrators[merchant_id](batch)


def main():
    service = MerchantRiskService(['m-001', 'm-002'])
    batches = jax.random.normal(jax.random.key(7), (6, 4, 8))
    service.nightly_recalibration('m-001', batches)
    jax.block_until_ready(service.score('m-001', batches[-1]))
    return None
