# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "seen" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body dispatches by name through an EventBus to a SwarmDetector handler whose model.apply updates a 'counters' variable
"""Beehive monitoring: sensor events arrive on a bus; handlers subscribed by topic name score
them (a swarm detector keeps a count of readings seen for drift monitoring)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EventBus:
    def __init__(self):
        self._handlers = {}

    def subscribe(self, topic):
        def register(handler):
            self._handlers.setdefault(topic, []).append(handler)
            return handler
        return register

    def dispatch(self, topic, payload):
        results = [handler(payload) for handler in self._handlers.get(topic, [])]
        return sum(results) if results else jnp.zeros(())


class HiveModel(nn.Module):
    @nn.compact
    def __call__(self, reading):
        seen = self.variable("counters", "seen", lambda: jnp.zeros((), jnp.int32))
        seen.value = seen.value + 1
        h = nn.elu(nn.Dense(16)(reading))
        return nn.sigmoid(nn.Dense(1)(h))[0]


class SwarmDetector:
    def __init__(self, bus, model, variables):
        self.model = model
        self.variables = variables
        bus.subscribe("hive.acoustic")(self.on_acoustic)

    def on_acoustic(self, reading):
        return self.model.apply(self.variables, reading)


def temperature_alarm(reading):
    return (reading[0] > 37.0).astype(jnp.float32)


def drain(bus, events):
    def pending(state):
        i, _ = state
        return i < events.shape[0]

    def handle(state):
        i, risk = state
        risk = jnp.maximum(risk, bus.dispatch("hive.acoustic", events[i]))
        return i + 1, risk

    _, risk = lax.while_loop(pending, handle, (jnp.zeros((), jnp.int32), jnp.zeros(())))
    return risk


def main():
    bus = EventBus()
    bus.subscribe("hive.temperature")(temperature_alarm)
    model = HiveModel()
    events = jax.random.normal(jax.random.key(0), (10, 8))
    variables = model.init(jax.random.key(1), events[0])
    SwarmDetector(bus, model, variables)
    print("swarm risk:", float(drain(bus, events)))
    return None
