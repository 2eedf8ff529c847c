# label: same-values
# flax-error: none
# class: 1 KilnController.__call__ runs scan itself and calls self.make_rng('thermocouple') in the body for each segment's sensor jitter
"""Pottery kiln firing: follow a ramp/soak schedule with simulated thermocouple jitter.

The controller perturbs each segment's reading with sensor noise drawn from the module's
'thermocouple' RNG stream, so robustness tests can replay a firing.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class KilnController(nn.Module):
    zones: int = 3
    jitter_c: float = 4.0

    @nn.compact
    def __call__(self, schedule):
        # schedule: [segments, 2] -> (target ramp C/h, soak hours)
        gains = nn.Dense(self.zones, name="zone_gains")(schedule)

        def segment(temp, gain):
            key = self.make_rng("thermocouple")
            jitter = self.jitter_c * jax.random.normal(key, (self.zones,))
            temp = temp + gain + jitter
            return temp, jitter

        _, jitter = scan(segment, jnp.full((self.zones,), 20.0), gains)
        return jitter


class FiringReplay:
    def __init__(self, controller, params):
        self.controller, self.params = controller, params

    def sensor_trace(self, schedule, seed):
        return self.controller.apply(
            {"params": self.params}, schedule, rngs={"thermocouple": jax.random.key(seed)})


def main():
    schedule = jnp.array([[100.0, 1.0], [150.0, 0.5], [60.0, 2.0], [120.0, 0.25], [80.0, 1.5], [0.0, 3.0]])
    controller = KilnController()
    params = controller.init(
        {"params": jax.random.key(0), "thermocouple": jax.random.key(1)}, schedule)["params"]
    return FiringReplay(controller, params).sensor_trace(schedule, seed=9)
