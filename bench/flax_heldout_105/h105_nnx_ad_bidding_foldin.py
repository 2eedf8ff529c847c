# label: ok
# flax-error: none
# class: 5 the fori_loop body calls bidder.exploration, a functools.partial(draw_exploration, key=...) built once from the bidder's nnx.Rngs and kept on the bidder; the body folds the auction index into that key
"""Real-time ad bidding (NNX): a bid-shading policy with exploration noise per auction.

The bidder replays a block of auctions for one campaign; each auction's bid is the
policy's shaded bid plus exploration noise, logged for offline evaluation.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ShadingPolicy(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, context):
        return nnx.sigmoid(self.score(context))[..., 0]


def draw_exploration(shape, *, key, scale):
    return scale * jax.random.laplace(key, shape)


class Bidder:
    def __init__(self, policy: ShadingPolicy, rngs: nnx.Rngs, scale: float = 0.05):
        self.policy = policy
        self.base_key = rngs.explore()
        self.exploration = functools.partial(draw_exploration, key=self.base_key, scale=scale)

    def replay(self, contexts, values, n_auctions):
        def auction(i, log):
            shade = self.policy(contexts[i])
            noise = self.exploration(shade.shape, key=jax.random.fold_in(self.base_key, i))
            bid = values[i] * shade + noise
            return log.at[i].set(bid)

        return lax.fori_loop(0, n_auctions, auction, jnp.zeros((n_auctions,) + values.shape[1:]))


def main():
    n_auctions = 6
    context = jax.random.normal(jax.random.key(0), (3, 5))
    contexts = jnp.broadcast_to(context, (n_auctions, 3, 5))
    values = jnp.ones((n_auctions, 3))
    bidder = Bidder(ShadingPolicy(5, nnx.Rngs(params=1)), nnx.Rngs(explore=2))
    return bidder.replay(contexts, values, n_auctions)
