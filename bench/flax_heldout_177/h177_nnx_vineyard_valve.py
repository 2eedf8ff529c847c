# label: trace-context
# flax-error: TraceContextError: Cannot mutate ValveOpening from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local ValveOpening (an nnx.Variable subclass) goes into the fori_loop body directly and is written there every hour
"""Vineyard drip irrigation: a controller maps soil-moisture probes to valve openings for four
irrigation blocks, hour by hour; the valve actuators are rate-limited, so the opening is smoothed.
The smoothed opening is kept in a Variable subclass so that it can be checkpointed with the model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class ValveOpening(nnx.Variable):
    pass


class IrrigationController(nnx.Module):
    def __init__(self, probes: int, blocks: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(probes, blocks, rngs=rngs)

    def __call__(self, moisture):
        return nnx.sigmoid(self.policy(1.0 - moisture))


def irrigate(controller, moisture, hours):
    opening = ValveOpening(jnp.zeros((4,)))

    def body(hour, soil):
        target = controller(moisture[hour])
        opening[...] = 0.8 * opening[...] + 0.2 * target
        return soil + 0.1 * opening[...] - 0.02

    soil = fori_loop(0, hours, body, jnp.full((4,), 0.3))
    return soil, opening


def main():
    controller = IrrigationController(6, 4, nnx.Rngs(0))
    moisture = jax.random.uniform(jax.random.key(1), (12, 6))
    soil, opening = irrigate(controller, moisture, hours=12)
    soil.block_until_ready()
    return None
