# label: ok
# flax-error: none
# class: 1 KilnProfile.__call__ runs the scan; the ramp rates leave the body as ys and are sown into 'intermediates' after the loop
"""Ceramic kiln firing: predict a temperature schedule and record ramp rates for the QA dashboard."""
import jax
import jax.numpy as jnp
from flax import linen as nn

RAMP_LIMIT = 150.0


class KilnProfile(nn.Module):
    segments: int = 10
    zones: int = 3

    @nn.compact
    def __call__(self, setpoints):
        controller = nn.Dense(self.zones, name="controller")
        start = jnp.full((self.zones,), 20.0)
        controller(start)

        def segment(temperature, setpoint):
            ramp = jnp.clip(controller(setpoint - temperature), -RAMP_LIMIT, RAMP_LIMIT)
            return temperature + ramp, (temperature, ramp.max())

        final, (trace, ramps) = jax.lax.scan(segment, start, setpoints)
        self.sow("intermediates", "ramp", ramps)
        return final, trace


class QADashboard:
    def __init__(self):
        self.panels = {}

    def ingest(self, intermediates):
        self.panels["max_ramp"] = jnp.max(jnp.stack(intermediates["ramp"]))


def main():
    kiln = KilnProfile()
    setpoints = jnp.linspace(100.0, 1200.0, kiln.segments)[:, None] * jnp.ones((1, kiln.zones))
    variables = kiln.init(jax.random.key(0), setpoints)
    (final, trace), state = kiln.apply(variables, setpoints, mutable=["intermediates"])
    dashboard = QADashboard()
    dashboard.ingest(state["intermediates"])
    jax.block_until_ready(dashboard.panels)
    return None
