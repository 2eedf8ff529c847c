# label: same-values
# flax-error: none
# class: 5 the fori_loop body calls self.shade, a functools.partial(model.apply, variables, rngs={"dropout": key}) kept on the AuctionSimulator
"""First-price auction bid shading: a shading net with dropout is sampled once per
simulated auction round so the simulator sees a spread of shaded bids."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class BidShader(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, features, train: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(0.2, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class AuctionSimulator:
    def __init__(self, model, variables, key):
        self.shade = functools.partial(model.apply, variables, rngs={"dropout": key})

    def simulate(self, requests, rounds: int):
        values = requests[:, 0]

        def play_round(t, bids):
            factor = self.shade(requests)
            return bids.at[t].set(factor * values)

        return jax.lax.fori_loop(0, rounds, play_round, jnp.zeros((rounds, requests.shape[0])))


def main():
    model = BidShader()
    requests = jax.random.uniform(jax.random.key(0), (5, 7))
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, requests)
    simulator = AuctionSimulator(model, variables, jax.random.key(3))
    return simulator.simulate(requests, rounds=6)
