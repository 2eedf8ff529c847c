# label: ok
# flax-error: none
# class: 1 the policy's own rollout method runs fori_loop and calls self inside the body after the controller put the policy in eval mode
"""Building HVAC control: the zone policy proposes damper openings for every room of a floor;
its rollout method walks the zones one by one."""
import jax
import jax.numpy as jnp
from flax import nnx


class ZonePolicy(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(sensors, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.damper = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, rooms):
        h = nnx.relu(self.norm(self.encode(rooms)))
        return nnx.sigmoid(self.damper(h))[..., 0]

    def rollout(self, floor):
        def zone(i, openings):
            return openings.at[i].set(self(floor[i]))

        return jax.lax.fori_loop(0, floor.shape[0], zone, jnp.zeros(floor.shape[:2]))


class BuildingController:
    def __init__(self, policy: ZonePolicy):
        self.policy = policy
        self.policy.eval()

    def control_floor(self, floor):
        openings = self.policy.rollout(floor)
        return jnp.round(openings * 100) / 100


def main():
    policy = ZonePolicy(sensors=5, rngs=nnx.Rngs(0))
    floor = jax.random.uniform(jax.random.key(21), (4, 6, 5), minval=18.0, maxval=26.0)
    BuildingController(policy).control_floor(floor)
    return None
