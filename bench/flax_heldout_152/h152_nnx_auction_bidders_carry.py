# label: ok
# flax-error: none
# class: 3 Bidder.seed_key starts the scan carry; each round splits it and seeds the nnx.Rngs built in the body with the round key
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BidPolicy(nnx.Module):
    def __init__(self, lots: int, rngs: nnx.Rngs):
        self.value = nnx.Linear(lots, lots, rngs=rngs)

    def __call__(self, reserve):
        return nnx.softplus(self.value(reserve))


class Bidder:
    def __init__(self, policy, seed_key, temperature=0.3):
        self.policy = policy
        self.seed_key = seed_key
        self.temperature = temperature

    def bid(self, reserve, key):
        rngs = nnx.Rngs(explore=key)
        exploration = self.temperature * jax.random.gumbel(rngs.explore(), reserve.shape)
        return self.policy(reserve) + exploration, exploration


class AuctionHouse:
    def __init__(self, bidder):
        self.bidder = bidder

    def run_rounds(self, reserve, rounds):
        def body(carry, _):
            best, key = carry
            key, round_key = jax.random.split(key)
            bids, exploration = self.bidder.bid(reserve, round_key)
            return (jnp.maximum(best, bids), key), exploration

        init = (jnp.zeros_like(reserve), self.bidder.seed_key)
        _, explorations = jax.lax.scan(body, init, None, length=rounds)
        return explorations


def main():
    lots = 6
    bidder = Bidder(BidPolicy(lots, nnx.Rngs(0)), jax.random.key(31))
    house = AuctionHouse(bidder)
    reserve = jnp.linspace(1.0, 3.0, lots)
    return house.run_rounds(reserve, rounds=5)
