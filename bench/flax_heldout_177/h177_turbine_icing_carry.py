# label: ok
# flax-error: none
# class: 4 BaseMonitor.run (template method) scans and calls the registered IcingMonitor.observe, which applies self.model with mutable=['telemetry']; the telemetry travels in the scan carry
"""Wind turbine icing monitor: SCADA readings (power curve residual, nacelle temperature, rotor
speed...) are screened for blade icing. Monitors register themselves in a decorator registry and
share a template-method base class whose run() owns the scan; the alarm telemetry is carried
through the loop and stored afterwards."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

MONITORS = {}


def register_monitor(name):
    def decorate(cls):
        MONITORS[name] = cls
        return cls
    return decorate


class IcingNet(nn.Module):
    @nn.compact
    def __call__(self, scada):
        alarms = self.variable("telemetry", "alarm_count", lambda: jnp.zeros((), jnp.int32))
        risk = nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(8)(scada))))[..., 0]
        alarms.value = alarms.value + (risk > 0.5).sum().astype(jnp.int32)
        return risk


class BaseMonitor:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, readings):
        def body(carry, reading):
            worst, telemetry = carry
            out, telemetry = self.observe(telemetry, reading)
            return (self.reduce(worst, out), telemetry), out
        (worst, telemetry), outs = lax.scan(body, (jnp.zeros(()), self.variables["telemetry"]), readings)
        self.variables = {**self.variables, "telemetry": telemetry}
        return worst, outs

    def reduce(self, worst, out):
        return jnp.maximum(worst, out.max())

    def observe(self, telemetry, reading):
        raise NotImplementedError


@register_monitor("icing")
class IcingMonitor(BaseMonitor):
    def observe(self, telemetry, reading):
        variables = {"params": self.variables["params"], "telemetry": telemetry}
        risk, updates = self.model.apply(variables, reading, mutable=["telemetry"])
        return risk, updates["telemetry"]


def main():
    model = IcingNet()
    readings = jax.random.normal(jax.random.key(0), (8, 3, 6))
    variables = model.init(jax.random.key(1), readings[0])
    monitor = MONITORS["icing"](model, variables)
    worst, risks = monitor.run(readings)
    (monitor.variables["telemetry"]["alarm_count"] + 0).block_until_ready()
    return None
