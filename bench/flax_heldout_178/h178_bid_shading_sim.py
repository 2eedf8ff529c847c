# label: same-values
# flax-error: none
# class: 4 AuctionSimulator.run -> registered ShadingPolicy.shade -> policy.dropout_key, fixed when the registry built the policy, passed as rngs in the scan body
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

    def shade(self, context):
        return self.model.apply(self.variables, context, train=True, rngs={"dropout": self.dropout_key})


@register_policy("mc_dropout")
def build_mc_dropout(model, variables, seed):
    return ShadingPolicy(model, variables, jax.random.key(seed))


class AuctionSimulator:
    def __init__(self, policy, config):
        self.policy = policy
        self.config = config

    def run(self, context, bid):
        def replay(carry, _):
            factor = self.policy.shade(context)
            return carry, bid * factor

        _, shaded = jax.lax.scan(replay, None, None, length=self.config.replays)
        return shaded  # [replays, batch]


def main():
    config = AuctionConfig()
    model = ShadingNet()
    context = jnp.linspace(-1.0, 1.0, 3 * config.features).reshape(3, config.features)
    variables = model.init(jax.random.key(0), context)
    policy = POLICIES[config.policy](model, variables, seed=17)
    return AuctionSimulator(policy, config).run(context, bid=jnp.array([2.0, 3.5, 1.2]))
