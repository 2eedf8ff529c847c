# label: trace-context
# flax-error: TraceContextError: Cannot mutate HeatDebt from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 FrostGuard.protect_night runs the while_loop itself and adds to its own HeatDebt variable (an nnx.Variable subclass) in the body
"""Orchard frost protection: run the wind machines through the night, hour by hour, until the
canopy is safe or the night is over; the fuel the machines burn is booked as heat debt."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HeatDebt(nnx.Variable):
    """Litres of fuel burnt by the wind machines, billed to the block at the end of the season."""


class FrostGuard(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, critical_c: float = -2.0):
        self.fan_policy = nnx.Linear(3, 1, rngs=rngs)
        self.heat_debt = HeatDebt(jnp.zeros(()))
        self.critical_c = critical_c

    def protect_night(self, air_temps):
        hours = air_temps.shape[0]

        def cond(state):
            hour, canopy = state
            return (hour < hours) & (canopy > self.critical_c - 10.0)

        def body(state):
            hour, canopy = state
            features = jnp.stack([air_temps[hour], canopy, hour / hours])
            fan = nnx.sigmoid(self.fan_policy(features))[0]
            self.heat_debt[...] = self.heat_debt[...] + 12.0 * fan
            canopy = 0.7 * canopy + 0.3 * air_temps[hour] + 1.5 * fan
            return hour + 1, canopy

        return jax.lax.while_loop(cond, body, (0, air_temps[0]))


def main():
    air_temps = jnp.linspace(3.0, -4.0, 10) + 0.3 * jax.random.normal(jax.random.PRNGKey(0), (10,))
    guard = FrostGuard(nnx.Rngs(0))
    hours, canopy = guard.protect_night(air_temps)
    (guard.heat_debt[...] * 1.0).block_until_ready()
    return None
