# label: same-values
# flax-error: none
# class: 3 the DemandResponseAgent's params and explore_key attributes are read in the lax.fori_loop body, the same key every event
"""Smart-grid demand response agent: samples a curtailment fraction per feeder for each demand
response event of the next day, from one load forecast, with exploration noise."""

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CurtailPolicy(nn.Module):
    n_feeders: int
    noise_scale: float = 0.05

    @nn.compact
    def __call__(self, load):
        mean = nn.sigmoid(nn.Dense(self.n_feeders)(load))
        noise = self.noise_scale * jax.random.normal(self.make_rng("explore"), mean.shape)
        return jnp.clip(mean + noise, 0.0, 1.0)


class DemandResponseAgent:
    def __init__(self, n_feeders: int, seed: int):
        self.n_feeders = n_feeders
        self.policy = CurtailPolicy(n_feeders)
        init_key, self.explore_key = jax.random.split(jax.random.key(seed))
        self.params = self.policy.init(
            {"params": init_key, "explore": init_key}, jnp.zeros((n_feeders,)))

    def plan_events(self, forecast_load, n_events: int):
        def event(i, schedule):
            action = self.policy.apply(self.params, forecast_load, rngs={"explore": self.explore_key})
            return schedule.at[i].set(action)

        return lax.fori_loop(0, n_events, event, jnp.zeros((n_events, self.n_feeders)))


def main():
    agent = DemandResponseAgent(n_feeders=5, seed=3)
    forecast = jnp.linspace(0.4, 1.2, 5)
    schedule = agent.plan_events(forecast, n_events=6)
    return schedule
