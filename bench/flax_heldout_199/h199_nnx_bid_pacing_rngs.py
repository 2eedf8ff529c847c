# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a Campaign reaches its PacingScheduler's policy, whose nnx.Rngs "explore" stream is drawn in the fori_loop body
"""Intraday bid pacing for an ad campaign with an exploring policy network."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PacingPolicy(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs, explore_scale=0.1):
        self.net = nnx.Linear(3, 1, rngs=rngs)
        self.rngs = rngs
        self.explore_scale = explore_scale

    def act(self, budget_left, slot_frac, win_rate, key=None):
        key = self.rngs.explore() if key is None else key
        obs = jnp.stack([budget_left, slot_frac, win_rate])
        base = nnx.softplus(self.net(obs)[0])
        return base * jnp.exp(self.explore_scale * jax.random.normal(key, ()))


class PacingScheduler:
    def __init__(self, policy: PacingPolicy):
        self.policy = policy


@dataclasses.dataclass
class Campaign:
    scheduler: PacingScheduler
    daily_budget: float = 100.0
    n_slots: int = 24

    def run_day(self, win_rates):
        policy = self.scheduler.policy

        def slot(i, carry):
            budget, bids = carry
            bid = policy.act(budget / self.daily_budget, i / self.n_slots, win_rates[i])
            spend = jnp.minimum(bid * win_rates[i], budget)
            return budget - spend, bids.at[i].set(bid)

        _, bids = lax.fori_loop(0, self.n_slots, slot, (jnp.float32(self.daily_budget), jnp.zeros(self.n_slots)))
        return bids


def main():
    win_rates = jax.random.uniform(jax.random.key(0), (24,), minval=0.1, maxval=0.6)
    policy = PacingPolicy(rngs=nnx.Rngs(params=0, explore=1))
    campaign = Campaign(PacingScheduler(policy))
    return campaign.run_day(win_rates)
