# label: ok
# flax-error: none
# class: 5 the service threads the calibrator's variables through the lax.scan carry, applying recalibrate one batch per step with mutable=['calib']
"""Payments-risk service: a per-merchant score calibrator keeps running statistics of its
fraud scores; the nightly recalibration pass sweeps the day's batches with lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class CalibratorConfig:
    num_features: int = 8
    momentum: float = 0.9


class MerchantCalibrator(nn.Module):
    config: CalibratorConfig

    def setup(self):
        self.scorer = nn.Dense(1)
        self.score_mean = self.variable('calib', 'score_mean', jnp.zeros, ())
        self.batches_seen = self.variable('calib', 'batches_seen', jnp.zeros, (), jnp.int32)

    def __call__(self, batch):
        return jax.nn.sigmoid(self.scorer(batch))[..., 0] - self.score_mean.value

    def absorb(self, batch):
        momentum = self.config.momentum
        s = jax.nn.sigmoid(self.scorer(batch)).mean()
        self.score_mean.value = momentum * self.score_mean.value + (1 - momentum) * s
        self.batches_seen.value = self.batches_seen.value + 1
        return s


class MerchantRiskService:
    def __init__(self, merchant_ids, config=CalibratorConfig()):
        self.config = config
        self.model = MerchantCalibrator(config)
        sample = jnp.zeros((4, config.num_features))
        self.variables = {
            m: self.model.init(jax.random.key(i), sample) for i, m in enumerate(merchant_ids)
        }

    def nightly_recalibration(self, merchant_id, batches):
        model = self.model

        def absorb(variables, batch):
            s, updates = model.apply(variables, batch, method=MerchantCalibrator.absorb,
                                     mutable=['calib'])
            return {**variables, **updates}, s

        self.variables[merchant_id], _ = lax.scan(absorb, self.variables[merchant_id], batches)

    def score(self, merchant_id, batch):
        return self.model.apply(self.variables[merchant_id], batch)


def main():
    service = MerchantRiskService(['m-001', 'm-002'])
    batches = jax.random.normal(jax.random.key(7), (6, 4, 8))
    service.nightly_recalibration('m-001', batches)
    risk = service.score('m-001', batches[-1])
    jax.block_until_ready(risk)
    return None
