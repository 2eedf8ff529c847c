# label: same-values
# flax-error: none
# class: 4 STRATEGIES[Strategy.MC_DROPOUT] builds a strategy holding model.bind(variables, rngs={"dropout": key}); TriageDesk.strategy.sample runs lax.scan over the bound module
"""Insurance claim triage: uncertainty strategies selected from an enum-keyed registry."""
import enum

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Strategy(enum.Enum):
    POINT = "point"
    MC_DROPOUT = "mc_dropout"


STRATEGIES = {}


def register(kind):
    def decorate(cls):
        STRATEGIES[kind] = cls
        return cls
    return decorate


class SeverityNet(nn.Module):
    @nn.compact
    def __call__(self, claim, deterministic: bool = False):
        h = nn.relu(nn.Dense(16)(claim))
        h = nn.Dropout(0.4, deterministic=deterministic)(h)
        return nn.Dense(3)(h)  # fast-track, adjuster, fraud review


@register(Strategy.POINT)
class PointStrategy:
    def __init__(self, model, variables, key, n_samples):
        self.bound = model.bind(variables)
        self.n_samples = n_samples

    def sample(self, claim):
        return jnp.broadcast_to(self.bound(claim, deterministic=True), (self.n_samples, 3))


@register(Strategy.MC_DROPOUT)
class MCDropoutStrategy:
    def __init__(self, model, variables, key, n_samples):
        self.bound = model.bind(variables, rngs={"dropout": key})
        self.n_samples = n_samples

    def sample(self, claim):
        def draw(carry, _):
            return carry, jax.nn.softmax(self.bound(claim))

        _, probabilities = lax.scan(draw, 0, None, length=self.n_samples)
        return probabilities


class TriageDesk:
    def __init__(self, model, variables, kind: Strategy, seed: int):
        self.strategy = STRATEGIES[kind](model, variables, jax.random.key(seed), n_samples=6)

    def route(self, claim):
        return self.strategy.sample(claim)


def main():
    model = SeverityNet()
    claim = jax.random.normal(jax.random.key(0), (9,))
    variables = model.init(jax.random.key(1), claim, deterministic=True)
    desk = TriageDesk(model, variables, Strategy.MC_DROPOUT, seed=11)
    return desk.route(claim)
