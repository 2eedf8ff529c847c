# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a ScoringService stores model.apply and the variables; the scan body calls the stored wrapper with train taken from a config dataclass
"""Insurance-claims triage: an online scoring service that scores a backlog of claim batches."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class SeverityHead(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(24)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.gelu(x)
        return nn.Dense(1)(x)[..., 0]


@dataclass(frozen=True)
class ScorerConfig:
    threshold: float = 0.5
    train: bool = True  # copied from the training config


class ScoringService:
    def __init__(self, model, variables, config: ScorerConfig):
        self._apply_fn = model.apply
        self._variables = variables
        self.config = config

    def score(self, claims):
        return jax.nn.sigmoid(self._apply_fn(self._variables, claims, train=self.config.train))

    def score_backlog(self, backlog):
        def body(n_flagged, claims):
            probs = self.score(claims)
            return n_flagged + jnp.sum(probs > self.config.threshold), probs

        return jax.lax.scan(body, jnp.int32(0), backlog)


def main():
    model = SeverityHead()
    backlog = jax.random.normal(jax.random.key(3), (5, 16, 10))
    variables = model.init(jax.random.key(0), backlog[0], train=False)
    service = ScoringService(model, variables, ScorerConfig())
    flagged, _ = service.score_backlog(backlog)
    flagged.block_until_ready()
    return None
