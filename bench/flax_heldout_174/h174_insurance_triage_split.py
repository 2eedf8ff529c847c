# label: ok
# flax-error: none
# class: 4 STRATEGIES[Strategy.MC_DROPOUT] builds a strategy holding model, variables and key; TriageDesk.strategy.sample carries the key through lax.scan and splits it per draw
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
        self.model, self.variables, self.key = model, variables, key
        self.n_samples = n_samples

    def sample(self, claim):
        def draw(key, _):
            key, draw_key = jax.random.split(key)
            logits = self.model.apply(self.variables, claim, rngs={"dropout": draw_key})
            return key, jax.nn.softmax(logits)

        _, probabilities = lax.scan(draw, self.key, None, length=self.n_samples)
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
