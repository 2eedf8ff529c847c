# label: ok
# flax-error: none
# class: 1 ReplaySimulator.__call__ runs the scan itself; it draws one key with self.make_rng("shocks") before the loop, carries it and splits it in the body
"""Ferry crossing drift simulation that records its disturbances for replay.

The simulator integrates a learned drift plus a random current disturbance each step.
Operators replay incidents by feeding the recorded disturbance log back into the
simulator, so the log of per-step disturbances is what a run returns. The shock key is
threaded through the scan carry and split at every step.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class ReplaySimulator(nn.Module):
    horizon: int
    current_scale: float = 0.05

    @nn.compact
    def __call__(self, position):
        drift = self.param("drift", nn.initializers.normal(0.1), position.shape)

        def body(carry, _):
            pos, key = carry
            key, sub = jax.random.split(key)
            shock = self.current_scale * jax.random.normal(sub, pos.shape)
            return (pos + drift + shock, key), shock

        (final, _), shocks = jax.lax.scan(body, (position, self.make_rng("shocks")), None, length=self.horizon)
        return final, shocks


@dataclasses.dataclass
class ReplayLog:
    incident_id: str
    disturbances: jax.Array


class ReplayService:
    def __init__(self, simulator: ReplaySimulator, seed: int):
        self.simulator = simulator
        self.variables = simulator.init(
            {"params": jax.random.key(seed), "shocks": jax.random.key(seed + 1)}, jnp.zeros(2)
        )

    def record(self, incident_id: str, start, key) -> ReplayLog:
        _, shocks = self.simulator.apply(self.variables, start, rngs={"shocks": key})
        return ReplayLog(incident_id, shocks)


def main():
    service = ReplayService(ReplaySimulator(horizon=6), seed=0)
    log = service.record("crossing-0412", jnp.array([0.0, 1.0]), jax.random.key(7))
    return log.disturbances
