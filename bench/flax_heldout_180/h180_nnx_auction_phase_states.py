# label: same-values
# flax-error: none
# class: 4 the OpenBidding state object draws its key from machine.house.rngs when entered; its scan body uses that key with the house's bidder model (machine.house.bidders)
"""Auction house simulator: bidding rounds for one lot, driven by a state machine whose states
are classes (Preview -> OpenBidding -> Hammer). Returns the per-round bid increments.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BidderModel(nnx.Module):
    def __init__(self, features: int, bidders: int, rngs: nnx.Rngs):
        self.interest = nnx.Linear(features, bidders, rngs=rngs)

    def __call__(self, lot):
        return nnx.softplus(self.interest(lot))


class AuctionHouse:
    def __init__(self, bidders: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, bids=seed + 7)
        self.bidders = BidderModel(6, bidders, rngs=self.rngs)


class Phase:
    def enter(self, machine):
        pass

    def run(self, machine, lot):
        raise NotImplementedError


class Preview(Phase):
    def run(self, machine, lot):
        machine.go(OpenBidding())
        return None


class OpenBidding(Phase):
    rounds = 15

    def enter(self, machine):
        self.key = machine.house.rngs.bids()

    def run(self, machine, lot):
        interest = machine.house.bidders(lot)

        def bidding_round(price, _):
            increments = interest * jax.random.exponential(self.key, interest.shape)
            return price + jnp.max(increments), increments

        price, increments = lax.scan(bidding_round, jnp.float32(100.0), None, length=self.rounds)
        machine.go(Hammer(price))
        return increments


class Hammer(Phase):
    def __init__(self, price):
        self.price = price

    def run(self, machine, lot):
        return None


class AuctionMachine:
    def __init__(self, house: AuctionHouse):
        self.house = house
        self.phase = Preview()

    def go(self, phase: Phase):
        self.phase = phase
        phase.enter(self)

    def step(self, lot):
        return self.phase.run(self, lot)


def main():
    machine = AuctionMachine(AuctionHouse(bidders=5, seed=2))
    lot = jnp.array([0.3, 1.2, -0.4, 0.8, 0.0, 2.1])
    machine.step(lot)
    return machine.step(lot)
