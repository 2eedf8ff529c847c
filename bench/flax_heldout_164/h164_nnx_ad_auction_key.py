# label: same-values
# flax-error: none
# class: 2 replay_impression() draws key = rngs.shade() into a local, and the fori_loop body uses that local key in every round
"""Programmatic advertising: replay one impression through many simulated auctions.

The bidding service owns the value model and an nnx.Rngs with a 'shade' stream; the
replay helper randomises the bid shading per round inside jax.lax.fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ValueModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.ctr = nnx.Linear(n_features, 1, rngs=rngs)
        self.cpm = nnx.Param(jnp.asarray(2.5))

    def __call__(self, impression):
        return nnx.sigmoid(self.ctr(impression))[0] * self.cpm.value


def replay_impression(model: ValueModel, rngs: nnx.Rngs, impression, n_rounds: int):
    value = model(impression)
    key = rngs.shade()

    def auction_round(i, bids):
        shade = jax.nn.sigmoid(jax.random.normal(key, ()) + 0.5)
        return bids.at[i].set(value * shade)

    return jax.lax.fori_loop(0, n_rounds, auction_round, jnp.zeros((n_rounds,)))


class BiddingService:
    def __init__(self, n_features: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, shade=seed + 7)
        self.model = ValueModel(n_features, self.rngs)

    def win_rate(self, impression, floor_price: float, n_rounds: int = 12):
        bids = replay_impression(self.model, self.rngs, impression, n_rounds)
        return bids, jnp.mean(bids > floor_price)


def main():
    service = BiddingService(n_features=10, seed=3)
    impression = jax.random.normal(jax.random.key(21), (10,))
    bids, rate = service.win_rate(impression, floor_price=0.9)
    print("win rate", rate)
    return bids
