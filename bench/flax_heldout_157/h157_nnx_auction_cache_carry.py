# label: ok
# flax-error: none
# class: 4 AuctionHouse.run_session splits self.pricer and carries its state through scan; the merged pricer leaves the body only as nnx.state in the carry, and self.cache.remember gets a module merged from the final state after the loop
"""Livestock auction house: a bid-pricing model with a running clearing price."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ClearingPrice(nnx.Variable):
    """Exponential average of hammer prices; not trained."""


class BidPricer(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(features, 1, rngs=rngs)
        self.clearing = ClearingPrice(jnp.zeros(()))

    def __call__(self, lot):
        bids = nnx.softplus(self.score(lot))[..., 0]
        self.clearing[...] = 0.9 * self.clearing[...] + 0.1 * bids.max()
        return bids


class ModelCache:
    """Most recent pricer per session, for the reserve-price checks of the auctioneer desk."""

    def __init__(self):
        self._entries: dict[str, BidPricer] = {}

    def remember(self, session: str, model: BidPricer) -> None:
        self._entries[session] = model

    def get(self, session: str) -> BidPricer:
        return self._entries[session]


class AuctionHouse:
    def __init__(self, pricer: BidPricer, cache: ModelCache):
        self.pricer = pricer
        self.cache = cache

    def run_session(self, session: str, lots):
        graphdef, state = nnx.split(self.pricer)

        def lot_round(state, lot):
            pricer = nnx.merge(graphdef, state)
            bids = pricer(lot)
            return nnx.state(pricer), bids.max()

        state, hammer = scan(lot_round, state, lots)
        nnx.update(self.pricer, state)
        self.cache.remember(session, nnx.merge(graphdef, state))
        return hammer


def reserve_check(cache: ModelCache, session: str, lot) -> jax.Array:
    return cache.get(session)(lot).mean()


def main():
    lots = jax.random.uniform(jax.random.key(3), (9, 5, 4))  # rounds, bidders, features
    house = AuctionHouse(BidPricer(4, rngs=nnx.Rngs(0)), ModelCache())
    hammer = house.run_session("spring-ring", lots)
    reserve = reserve_check(house.cache, "spring-ring", lots[0])
    print("hammer", float(hammer.mean()), "reserve", float(reserve))
    return None
