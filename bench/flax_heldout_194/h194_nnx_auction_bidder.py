# label: same-values
# flax-error: none
# class: 3 the while_loop body perturbs bids with bidder.explore_key, a key drawn once from the bidder's nnx.Rngs stream and kept as an attribute
"""Real-time ad auction bidder with exploration noise.

A bid-shading network proposes a bid for the same ad slot over successive
auction rounds; Gaussian exploration noise is added so the bidder probes the
clearing price. The per-round noise is logged for the exploration audit.
"""
import jax
import jax.numpy as jnp
from jax.lax import while_loop
from flax import nnx


class BidShader(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.shade = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, features):
        return nnx.sigmoid(self.shade(nnx.tanh(self.body(features))))[..., 0]


class Bidder:
    def __init__(self, shader: BidShader, rngs: nnx.Rngs, explore_scale: float = 0.05):
        self.shader = shader
        self.explore_key = rngs.explore()
        self.explore_scale = explore_scale

    def run_rounds(self, slot_features, value, n_rounds: int):
        def keep_bidding(state):
            return state[0] < n_rounds

        def auction_round(state):
            r, spent, noise_log = state
            noise = self.explore_scale * jax.random.normal(self.explore_key, ())
            bid = value * self.shader(slot_features) + noise
            return r + 1, spent + bid, noise_log.at[r].set(noise)

        state = (0, jnp.zeros(()), jnp.zeros((n_rounds,)))
        _, spent, noise_log = while_loop(keep_bidding, auction_round, state)
        return spent, noise_log


def main():
    rngs = nnx.Rngs(params=0, explore=5)
    bidder = Bidder(BidShader(6, rngs=rngs), rngs)
    slot = jax.random.normal(jax.random.key(1), (6,))
    spent, noise_log = bidder.run_rounds(slot, value=2.5, n_rounds=6)
    print("spent", spent)
    return noise_log
