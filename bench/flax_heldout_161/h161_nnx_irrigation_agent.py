# label: same-values
# flax-error: none
# class: 1 IrrigationActor.explore owns self.rngs; it draws one key from the "explore" stream before its scan and the body reuses it every step
"""Irrigation scheduling agent for greenhouse zones: a deterministic valve policy with exploration noise
during data collection. explore() returns the per-step perturbations for the replay log."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class IrrigationActor(nnx.Module):
    def __init__(self, sensors: int, valves: int, sigma: float, rngs: nnx.Rngs):
        self.policy = nnx.Linear(sensors, valves, rngs=rngs)
        self.sigma = sigma
        self.rngs = rngs

    def __call__(self, moisture):
        return jax.nn.sigmoid(self.policy(moisture))

    def explore(self, readings):
        key = self.rngs.explore()

        def step(prev_open, moisture):
            noise = self.sigma * jax.random.normal(key, prev_open.shape)
            opening = jnp.clip(self(moisture) + noise, 0.0, 1.0)
            return opening, noise

        valves = self.policy.out_features
        _, noise = lax.scan(step, jnp.zeros(valves), readings)
        return noise


class ZoneCollector:
    def __init__(self, actor: IrrigationActor, zones: int):
        self.actor = actor
        self.zones = zones

    def collect(self, readings):
        return self.actor.explore(readings)


def main():
    actor = IrrigationActor(sensors=7, valves=3, sigma=0.2, rngs=nnx.Rngs(params=0, explore=1))
    readings = jax.random.uniform(jax.random.key(30), (9, 7))
    return ZoneCollector(actor, zones=1).collect(readings)
