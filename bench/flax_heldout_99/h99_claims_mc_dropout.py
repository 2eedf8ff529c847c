# label: same-values
# flax-error: none
# class: 5 MCDropoutEstimator keeps functools.partial(model.apply, variables, rngs={"dropout": key}); the scan body calls the partial for every Monte Carlo sample
"""Insurance claims triage: Monte Carlo dropout gives an uncertainty band on the fraud score."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TriageConfig:
    hidden: int = 16
    dropout_rate: float = 0.3
    num_samples: int = 6


class FraudScorer(nn.Module):
    cfg: TriageConfig

    @nn.compact
    def __call__(self, claims):
        h = nn.relu(nn.Dense(self.cfg.hidden)(claims))
        h = nn.Dropout(self.cfg.dropout_rate, deterministic=False)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class MCDropoutEstimator:
    def __init__(self, model, variables, key, num_samples):
        self._apply = functools.partial(model.apply, variables, rngs={"dropout": key})
        self.num_samples = num_samples

    def sample(self, claims):
        def body(carry, _):
            return carry, self._apply(claims)

        _, samples = jax.lax.scan(body, None, None, length=self.num_samples)
        return samples


class TriageService:
    def __init__(self, cfg, seed=0):
        model = FraudScorer(cfg)
        claims = jnp.zeros((1, 5))
        variables = model.init({"params": jax.random.key(seed)}, claims)
        self.estimator = MCDropoutEstimator(model, variables, jax.random.key(seed + 1), cfg.num_samples)

    def score_batch(self, claims):
        return self.estimator.sample(claims)


def main():
    service = TriageService(TriageConfig())
    claims = jax.random.normal(jax.random.key(7), (3, 5))
    return service.score_batch(claims)
