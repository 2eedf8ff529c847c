# label: ok
# flax-error: none
# class: 4 AuctionSimulator.run -> registered ShadingPolicy.shade; the dropout key rides in the scan carry and is split every replay
"""Ad-auction bid shading: Monte-Carlo replay of one auction context under a stochastic shading policy."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

POLICIES = {}


def register_policy(name):
    def wrap(builder):
        POLICIES[name] = builder
        return builder

    return wrap


@dataclasses.dataclass(frozen=True)
class AuctionConfig:
    policy: str = "mc_dropout"
    replays: int = 6
    features: int = 7


class ShadingNet(nn.Module):
    @nn.compact
    def __call__(self, context, train: bool = False):
        h = nn.relu(nn.Dense(16)(context))
        h = nn.Dropout(0.3, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


class ShadingPolicy:
    def __init__(self, model, variables, dropout_key):
        self.model = model
        self.variables = variables
        self.dropout_key = dropout_key

    def shade(self, context, key):
        return self.model.apply(self.variables, context, train=True, rngs={"dropout": key})


@register_policy("mc_dropout")
def build_mc_dropout(model, variables, seed):
    return ShadingPolicy(model, variables, jax.random.key(seed))


class AuctionSimulator:
    def __init__(self, policy, config):
        self.policy = policy
        self.config = config

    def run(self, context, bid):
        def replay(key, _):
            key, sub = jax.random.split(key)
            factor = self.policy.shade(context, sub)
            return key, bid * factor

        _, shaded = jax.lax.scan(replay, self.policy.dropout_key, None, length=self.config.replays)
        return shaded  # [replays, batch]


def main():
    config = AuctionConfig()
    model = ShadingNet()
    context = jnp.linspace(-1.0, 1.0, 3 * config.features).reshape(3, config.features)
    variables = model.init(jax.random.key(0), context)
    policy = POLICIES[config.policy](model, variables, seed=17)
    return AuctionSimulator(policy, config).run(context, bid=jnp.array([2.0, 3.5, 1.2]))
