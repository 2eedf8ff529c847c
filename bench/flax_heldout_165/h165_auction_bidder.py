# label: same-values
# flax-error: none
# class: 1 BidShader.rollout runs the scan itself and draws exploration noise with self.make_rng('explore') inside the body
"""Ad auction bidder: for one impression context the bid shader rolls out several exploratory
bids, perturbing its shaded bid with Gaussian noise to learn the win-rate curve."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ExplorationPolicy:
    rounds: int = 6
    sigma: float = 0.1
    floor: float = 0.05


class BidShader(nn.Module):
    policy: ExplorationPolicy

    def setup(self):
        self.value_head = nn.Dense(1)

    def __call__(self, context):
        return nn.softplus(self.value_head(context))[..., 0]

    def rollout(self, context):
        shaded = self(context)

        def body(carry, round_index):
            noise = jax.random.normal(self.make_rng("explore"), shaded.shape)
            bid = jnp.maximum(shaded * jnp.exp(self.policy.sigma * noise), self.policy.floor)
            return carry + bid, bid

        _, bids = jax.lax.scan(body, jnp.zeros_like(shaded), jnp.arange(self.policy.rounds))
        return bids


class BiddingAgent:
    def __init__(self, policy: ExplorationPolicy):
        self.shader = BidShader(policy)
        self.variables = None

    def explore(self, context, seed):
        if self.variables is None:
            self.variables = self.shader.init(jax.random.key(0), context)
        return self.shader.apply(
            self.variables, context, method=BidShader.rollout, rngs={"explore": jax.random.key(seed)}
        )


def main():
    agent = BiddingAgent(ExplorationPolicy())
    context = jnp.array([[0.2, 1.0, -0.5, 0.3], [1.5, -0.2, 0.1, 0.0]])
    return agent.explore(context, seed=42)
