# label: ok
# flax-error: none
# class: 1 HiveMonitor.__call__ runs lax.scan itself; the hourly body returns the estimate as ys and the "telemetry" variable is written after the loop
"""Beehive monitoring: smooth hourly hive weight and keep the latest colony estimate."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class HiveMonitor(nn.Module):
    smoothing: float = 0.9

    @nn.compact
    def __call__(self, readings):
        features = nn.Dense(4, name="encoder")(readings)  # (hours, 4)
        latest = self.variable("telemetry", "colony_estimate", jnp.zeros, ())

        def hour(colony, f):
            colony = self.smoothing * colony + (1.0 - self.smoothing) * f.sum()
            return colony, colony

        _, trace = lax.scan(hour, jnp.zeros(()), features)
        latest.value = trace[-1]
        return trace


def swarm_alarm(telemetry, threshold=-1.0):
    return telemetry["colony_estimate"] < threshold


def main():
    monitor = HiveMonitor()
    readings = jax.random.normal(jax.random.key(0), (24, 3))  # weight, temperature, acoustic energy
    params = monitor.init(jax.random.key(1), readings)["params"]
    _, updates = monitor.apply(
        {"params": params, "telemetry": {"colony_estimate": jnp.zeros(())}}, readings, mutable=["telemetry"]
    )
    swarm_alarm(updates["telemetry"])
