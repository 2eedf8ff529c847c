# label: ok
# flax-error: none
# class: 1 VentController.__call__ runs the scan itself; the actuation counts ride in the carry and are written to telemetry once after the loop
"""Greenhouse climate control: a vent controller rolls the climate of every zone forward
hour by hour and keeps a telemetry count of how often each vent opened."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class VentController(nn.Module):
    zones: int = 3
    hours: int = 8

    @nn.compact
    def __call__(self, climate):
        policy = nn.Dense(1, name="policy")
        actuations = self.variable("telemetry", "actuations", jnp.zeros, (self.zones,))
        policy(climate)

        def hour(carry, _):
            state, counts = carry
            opening = nn.sigmoid(policy(state))[:, 0]
            counts = counts + (opening > 0.5)
            cooled = state.at[:, 0].add(-0.3 * opening)
            return (cooled, counts), opening

        (final, counts), openings = jax.lax.scan(
            hour, (climate, jnp.zeros((self.zones,))), None, length=self.hours)
        actuations.value = actuations.value + counts
        return final, openings


class ClimateService:
    def __init__(self, controller, variables):
        self.controller = controller
        self.variables = variables

    def tick(self, climate):
        (final, openings), updates = self.controller.apply(
            self.variables, climate, mutable=["telemetry"])
        self.variables = {**self.variables, **updates}
        return final

    def report(self):
        counts = self.variables["telemetry"]["actuations"]
        return {"total_actuations": jnp.sum(counts), "busiest_zone": jnp.argmax(counts)}


def main():
    climate = jnp.array([[28.0, 0.7, 410.0], [24.5, 0.6, 380.0], [31.0, 0.8, 450.0]]) / 30.0
    controller = VentController()
    variables = controller.init(jax.random.key(0), climate)
    service = ClimateService(controller, variables)
    service.tick(climate)
    service.report()
    return None
