# label: same-values
# flax-error: none
# class: 3 the noise key is an attribute of the ExplorationStrategy object; the while_loop body passes strategy.key as the "noise" rng to model.apply
"""Vineyard irrigation planning: exploratory valve schedules from a noisy policy.

A pluggable exploration strategy supplies the rng for the policy's exploration noise;
the planner rolls the schedule forward with a while_loop and records the noise it used.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ValvePolicy(nn.Module):
    blocks: int = 4
    sigma: float = 0.2

    @nn.compact
    def __call__(self, moisture):
        mean = nn.sigmoid(nn.Dense(self.blocks)(moisture))
        noise = self.sigma * jax.random.normal(self.make_rng("noise"), mean.shape)
        return jnp.clip(mean + noise, 0.0, 1.0), noise


class ExplorationStrategy:
    def __init__(self, seed):
        self.key = jax.random.key(seed)

    def rng_for(self, step):
        return {"noise": self.key}


class IrrigationPlanner:
    def __init__(self, policy, variables, strategy, horizon=6):
        self.policy, self.variables, self.strategy, self.horizon = policy, variables, strategy, horizon

    def rollout(self, moisture):
        noise_log = jnp.zeros((self.horizon, self.policy.blocks))

        def cond(state):
            return state[0] < self.horizon

        def body(state):
            t, soil, log = state
            valves, noise = self.policy.apply(self.variables, soil, rngs=self.strategy.rng_for(t))
            soil = 0.9 * soil + 0.1 * valves.mean()
            return t + 1, soil, log.at[t].set(noise)

        _, soil, noise_log = jax.lax.while_loop(cond, body, (0, moisture, noise_log))
        return soil, noise_log


def main():
    moisture = jnp.array([0.31, 0.22, 0.27, 0.35, 0.19, 0.24])  # six soil probes
    policy = ValvePolicy()
    variables = policy.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, moisture)
    planner = IrrigationPlanner(policy, variables, ExplorationStrategy(seed=9))
    _, noise_log = planner.rollout(moisture)
    return noise_log
