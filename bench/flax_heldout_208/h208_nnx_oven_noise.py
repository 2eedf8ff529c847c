# label: same-values
# flax-error: none
# class: 1 OvenTwin.rollout runs the scan itself; one key drawn from its nnx.Rngs stream before the loop is reused in every step
"""Industrial bakery: digital twin of a tunnel oven, sampling burner disturbances along a bake."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class OvenTwin(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs):
        self.zones = zones
        self.heat = nnx.Linear(zones, zones, rngs=rngs)
        self.rngs = rngs

    def rollout(self, setpoints):
        key = self.rngs.disturbance()

        def minute(temps, target):
            disturbance = 4.0 * jax.random.normal(key, (self.zones,))
            temps = temps + 0.2 * (self.heat(target - temps) + disturbance)
            return temps, disturbance

        _, disturbances = jax.lax.scan(minute, jnp.full(self.zones, 180.0), setpoints)
        return disturbances


class BakeScheduler:
    def __init__(self, zones=5, seed=0):
        self.twin = OvenTwin(zones, nnx.Rngs(params=seed, disturbance=seed + 10))

    def trial_bake(self, minutes=12):
        setpoints = jnp.tile(jnp.linspace(200.0, 240.0, self.twin.zones), (minutes, 1))
        return self.twin.rollout(setpoints)


def main():
    return BakeScheduler().trial_bake()
