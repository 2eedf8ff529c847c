# label: same-values
# flax-error: none
# class: 5 a factory splits the policy and returns a scan step that merges a copy of the closed-over state, Rngs stream included, at every step
"""Ad-auction bidding simulator: a stochastic bid policy is rolled out over a sequence of auctions."""
import jax
import jax.numpy as jnp
from flax import nnx


class BidPolicy(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.value = nnx.Linear(features, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, auction):
        base = nnx.softplus(self.value(auction))[0]
        jitter = 0.2 * jax.random.normal(self.rngs.explore(), ())
        return base * jnp.exp(jitter), jitter


def make_rollout_step(policy: BidPolicy):
    graphdef, state = nnx.split(policy)

    def step(spend, auction):
        actor = nnx.merge(graphdef, state, copy=True)
        bid, jitter = actor(auction)
        return spend + bid, jitter

    return step


class AuctionSimulator:
    def __init__(self, policy, budget=50.0):
        self.policy = policy
        self.budget = budget

    def simulate(self, auctions):
        step = make_rollout_step(self.policy)
        spend, jitters = jax.lax.scan(step, jnp.float32(0.0), auctions)
        return spend, jitters


def main():
    auctions = jax.random.uniform(jax.random.key(12), (8, 5))
    policy = BidPolicy(5, rngs=nnx.Rngs(0, explore=1))
    spend, jitters = AuctionSimulator(policy).simulate(auctions)
    return jitters
