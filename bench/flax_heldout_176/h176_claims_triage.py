# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a generic typed repository stores severity models bound without mutable collections; the triage service fetches one and its while_loop body calls the bound model, whose BatchNorm follows the training flag of the stored config
"""Insurance claims triage.

Models are stored in a small typed repository keyed by line of business; the triage service
re-scores a claim while adjusters' notes are appended, until the severity estimate settles.
"""
import dataclasses
from typing import Generic, TypeVar

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class SeverityConfig:
    hidden: int = 12
    training: bool = True


class SeverityModel(nn.Module):
    config: SeverityConfig

    @nn.compact
    def __call__(self, claim):
        h = nn.Dense(self.config.hidden)(claim)
        h = nn.BatchNorm(use_running_average=not self.config.training)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


class Repository(Generic[T]):
    def __init__(self):
        self._items: dict[str, T] = {}

    def add(self, key: str, item: T) -> None:
        self._items[key] = item

    def get(self, key: str) -> T:
        return self._items[key]


class TriageService:
    def __init__(self, models: Repository[nn.Module]):
        self.models = models

    def settle(self, line, claim, notes):
        model = self.models.get(line)

        def cond(state):
            i, _, change = state
            return (i < notes.shape[0]) & (change > 1e-2)

        def body(state):
            i, severity, _ = state
            updated = model(claim + notes[i])
            return i + 1, updated.mean(), jnp.abs(updated.mean() - severity)

        return while_loop(cond, body, (0, jnp.zeros(()), jnp.ones(())))


def main():
    config = SeverityConfig()
    model = SeverityModel(config)
    claims = jax.random.normal(jax.random.key(0), (3, 9))
    variables = model.init(jax.random.key(1), claims)
    repo: Repository[nn.Module] = Repository()
    repo.add("motor", model.bind(variables))
    notes = jax.random.normal(jax.random.key(2), (5, 3, 9)) * 0.1
    TriageService(repo).settle("motor", claims, notes)
    return None
