# label: same-values
# flax-error: none
# class: 2 the module-level rollout_exploration helper draws one key from the nnx.Rngs "explore" stream into a local before the lax.fori_loop and the body uses that local every event
"""Smart-grid demand response agent: proposes the battery dispatch of each storage site for every
event of the day, adding exploration noise around the policy's action."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DispatchPolicy(nnx.Module):
    def __init__(self, n_sites: int, n_feats: int, rngs: nnx.Rngs):
        self.net = nnx.Linear(n_feats, n_sites, rngs=rngs)

    def __call__(self, grid_state):
        return nnx.tanh(self.net(grid_state))


def rollout_exploration(policy: DispatchPolicy, rngs: nnx.Rngs, grid_state, n_events: int,
                        scale: float = 0.1):
    action = policy(grid_state)
    key = rngs.explore()

    def event(i, plan):
        noise = scale * jax.random.normal(key, action.shape)
        return plan.at[i].set(jnp.clip(action + noise, -1.0, 1.0))

    return lax.fori_loop(0, n_events, event, jnp.zeros((n_events,) + action.shape))


def main():
    policy = DispatchPolicy(n_sites=4, n_feats=6, rngs=nnx.Rngs(0))
    rngs = nnx.Rngs(explore=21)
    grid_state = jnp.linspace(-0.5, 0.5, 6)
    return rollout_exploration(policy, rngs, grid_state, n_events=5)
