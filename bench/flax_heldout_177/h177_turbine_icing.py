# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "alarm_count" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 BaseMonitor.run (template method) scans and calls the registered IcingMonitor.observe, which applies self.model with self.variables; the module counts alarms in its 'telemetry' collection, not mutable
"""Wind turbine icing monitor: SCADA readings (power curve residual, nacelle temperature, rotor
speed...) are screened for blade icing. Monitors register themselves in a decorator registry and
share a template-method base class whose run() owns the scan; the icing model counts alarms in a
telemetry collection."""
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
        def body(worst, reading):
            out = self.observe(reading)
            return self.reduce(worst, out), out
        return lax.scan(body, self.initial(), readings)

    def initial(self):
        return jnp.zeros(())

    def reduce(self, worst, out):
        return jnp.maximum(worst, out.max())

    def observe(self, reading):
        raise NotImplementedError


@register_monitor("icing")
class IcingMonitor(BaseMonitor):
    def observe(self, reading):
        return self.model.apply(self.variables, reading)


def main():
    model = IcingNet()
    readings = jax.random.normal(jax.random.key(0), (8, 3, 6))
    variables = model.init(jax.random.key(1), readings[0])
    monitor = MONITORS["icing"](model, variables)
    worst, risks = monitor.run(readings)
    risks.block_until_ready()
    return None
