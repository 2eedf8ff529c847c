# label: ok
# flax-error: none
# class: 4 the params kept by a PolicySession in the AuctionSimulator's SessionPool go to model.apply in the while_loop body with one key per round split from the session key before the loop
"""Ad-auction bid shading: a simulator replays one bid request against a campaign policy and
records the shaded bids the exploration noise produces."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class ShadingConfig:
    features: int = 6
    hidden: int = 12
    explore_scale: float = 0.1


class BidShadingPolicy(nn.Module):
    cfg: ShadingConfig

    @nn.compact
    def __call__(self, request):
        h = nn.relu(nn.Dense(self.cfg.hidden)(request))
        ratio = nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)
        jitter = self.cfg.explore_scale * jax.random.normal(self.make_rng("explore"), ratio.shape)
        return jnp.clip(ratio + jitter, 0.05, 1.0) * request[..., 0]


class PolicySession:
    def __init__(self, model, variables, key):
        self.model, self.variables, self.key = model, variables, key
        self.bound = model.bind(variables, rngs={"explore": key})


class SessionPool:
    def __init__(self):
        self._sessions = {}

    def add(self, campaign, session):
        self._sessions[campaign] = session

    def acquire(self, campaign):
        return self._sessions[campaign]


class AuctionSimulator:
    def __init__(self, pool):
        self.pool = pool

    def replay(self, campaign, request, rounds):
        session = self.pool.acquire(campaign)
        keys = jax.random.split(session.key, rounds)

        def cond(state):
            return state[0] < rounds

        def body(state):
            i, bids = state
            bid = session.model.apply(session.variables, request, rngs={"explore": keys[i]})
            return i + 1, bids.at[i].set(bid)

        _, bids = lax.while_loop(cond, body, (0, jnp.zeros((rounds,))))
        return bids


def main():
    cfg = ShadingConfig()
    model = BidShadingPolicy(cfg)
    request = jnp.abs(jax.random.normal(jax.random.key(0), (cfg.features,))) + 1.0
    variables = model.init({"params": jax.random.key(1), "explore": jax.random.key(2)}, request)
    pool = SessionPool()
    pool.add("campaign-7", PolicySession(model, variables, jax.random.key(3)))
    return AuctionSimulator(pool).replay("campaign-7", request, rounds=6)
