# label: ok
# flax-error: none
# class: 4 the IrrigationController draws one key from the policy's nnx.Rngs "explore" stream before the fori_loop and folds in the cycle index in the body before calling self.policy.act()
"""Exploratory irrigation scheduling for a field of soil-moisture zones.

The policy proposes valve openings per zone and adds exploration noise so that the
agronomy team can see how sensitive the plan is. The controller draws a base key from the
policy's nnx.Rngs stream once, plans several irrigation cycles in a fori_loop, and derives
each cycle's key by folding in the cycle index.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ValvePolicy(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs, noise: float = 0.1):
        self.net = nnx.Linear(zones, zones, rngs=rngs)
        self.rngs = rngs
        self.noise = noise

    def act(self, moisture, key):
        base = nnx.sigmoid(self.net(moisture))
        jitter = self.noise * jax.random.normal(key, base.shape)
        return jnp.clip(base + jitter, 0.0, 1.0)


class IrrigationController:
    def __init__(self, policy: ValvePolicy, cycles: int):
        self.policy = policy
        self.cycles = cycles

    def plan(self, moisture):
        openings0 = jnp.zeros((self.cycles, moisture.shape[0]))
        base_key = self.policy.rngs.explore()

        def body(i, openings):
            return openings.at[i].set(self.policy.act(moisture, jax.random.fold_in(base_key, i)))

        return lax.fori_loop(0, self.cycles, body, openings0)


def main():
    policy = ValvePolicy(5, nnx.Rngs(params=0, explore=1))
    controller = IrrigationController(policy, cycles=6)
    return controller.plan(jnp.array([0.2, 0.35, 0.5, 0.1, 0.4]))
