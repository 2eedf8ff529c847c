# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "threshold" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step function registered with @register_step and wrapped in jax.checkpoint closes over the model and variables; it calls FraudScorer.calibrate, which put_variable()s a threshold
"""Concert ticketing: scores resale listings for fraud and recalibrates the alert threshold per batch."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

STEP_REGISTRY = {}


def register_step(name):
    def decorator(factory):
        STEP_REGISTRY[name] = factory
        return factory
    return decorator


@dataclasses.dataclass(frozen=True)
class FraudConfig:
    n_features: int = 9
    quantile: float = 0.9


class FraudScorer(nn.Module):
    @nn.compact
    def __call__(self, listings):
        return nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(16)(listings))))[..., 0]

    def calibrate(self, listings, quantile):
        scores = self(listings)
        threshold = jnp.quantile(scores, quantile)
        self.put_variable("calibration", "threshold", threshold)
        return scores > threshold


@register_step("fraud_score")
def make_fraud_step(model, variables, cfg):
    @jax.checkpoint
    def step(flagged, listings):
        alerts = model.apply(variables, listings, cfg.quantile, method=FraudScorer.calibrate)
        return flagged + alerts.sum(), alerts
    return step


def main():
    cfg = FraudConfig()
    batches = jax.random.normal(jax.random.key(0), (5, 20, cfg.n_features))
    model = FraudScorer()
    variables = model.init(jax.random.key(1), batches[0])
    variables = {**variables, "calibration": {"threshold": jnp.array(0.5)}}
    step = STEP_REGISTRY["fraud_score"](model, variables, cfg)
    flagged, _ = jax.lax.scan(step, jnp.zeros((), jnp.int32), batches)
    int(flagged)
    return None
