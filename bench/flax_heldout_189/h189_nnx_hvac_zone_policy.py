# label: trace-context
# flax-error: TraceContextError: Cannot mutate RecurrentState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body reaches the recurrent zone policy through self.zones[zone_id].policy, and the policy writes its RecurrentState variable on every call
"""Building-management service: each HVAC zone runs a small recurrent policy that keeps its
hidden state across control ticks; the service replays a day of sensor readings per zone."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

SENSORS = 6
HIDDEN = 12
ACTUATORS = 3


class RecurrentState(nnx.Variable):
    """Hidden state that persists between control ticks."""


class ThermalPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(SENSORS, HIDDEN, rngs=rngs)
        self.head = nnx.Linear(HIDDEN, ACTUATORS, rngs=rngs)
        self.h = RecurrentState(jnp.zeros((HIDDEN,)))

    def __call__(self, reading):
        h, out = self.cell(self.h[...], reading)
        self.h[...] = h
        return jnp.tanh(self.head(out))


class ZoneController:
    def __init__(self, zone_id, policy):
        self.zone_id = zone_id
        self.policy = policy
        self.setpoint = 21.0


class BuildingService:
    def __init__(self, zone_ids, seed=0):
        rngs = nnx.Rngs(seed)
        self.zones = {z: ZoneController(z, ThermalPolicy(rngs)) for z in zone_ids}

    def replay(self, zone_id, readings):
        def tick(total_effort, reading):
            action = self.zones[zone_id].policy(reading)
            return total_effort + jnp.sum(jnp.abs(action)), action

        effort, actions = lax.scan(tick, jnp.zeros(()), readings)
        return effort, actions


def main():
    service = BuildingService(["atrium", "lab-2", "server-room"])
    day = jax.random.normal(jax.random.PRNGKey(0), (48, SENSORS))
    for zone_id in ("atrium", "server-room"):
        service.replay(zone_id, day)
    return None
