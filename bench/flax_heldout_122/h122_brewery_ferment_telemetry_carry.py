# label: ok
# flax-error: none
# class: 1 FermentationMonitor.__call__ runs the while_loop itself; the hour count leaves the loop in the carry and the service adds it to the telemetry collection
"""Brewery fermentation monitoring: step a learned attenuation model until every tank reaches
final gravity, counting the simulated hours in a telemetry collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FermentationMonitor(nn.Module):
    max_hours: int = 200

    def setup(self):
        self.rate_net = nn.Dense(1)
        self.hours = self.variable("telemetry", "hours", lambda: jnp.zeros((), jnp.int32))

    def rate(self, gravity):
        return 1e-3 * nn.softplus(self.rate_net(gravity[..., None] * 100.0))[..., 0]

    def __call__(self, gravity0, target):
        def cond(carry):
            gravity, hour = carry
            return jnp.any(gravity > target) & (hour < self.max_hours)

        def body(carry):
            gravity, hour = carry
            return jnp.maximum(gravity - self.rate(gravity), target), hour + 1

        gravity, hours = lax.while_loop(cond, body, (gravity0, jnp.zeros((), jnp.int32)))
        return gravity, hours


class BrewhouseService:
    def __init__(self, monitor, variables):
        self.monitor = monitor
        self.variables = variables

    def check_tanks(self, gravity0, target=1.010):
        gravity, hours = self.monitor.apply(self.variables, gravity0, target)
        telemetry = {"hours": self.variables["telemetry"]["hours"] + hours}
        self.variables = {**self.variables, "telemetry": telemetry}
        return gravity


def main():
    monitor = FermentationMonitor()
    gravity0 = jnp.array([1.050, 1.046, 1.062, 1.040])
    variables = monitor.init(jax.random.key(0), gravity0, method=FermentationMonitor.rate)
    service = BrewhouseService(monitor, variables)
    final = service.check_tanks(gravity0)
    jax.block_until_ready(final)
    return None
