# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a SiltMonitor subscribed on an EventBus keeps functools.partial(model.apply, mutable=["silt"]) and its variables; the scan body publishes "flow" and the monitor stores the updated variables
import functools
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class SiltModel(nn.Module):
    pipes: int = 4

    @nn.compact
    def __call__(self, flow):
        depth = self.variable("silt", "depth", jnp.zeros, (self.pipes,))
        settle = nn.sigmoid(nn.Dense(self.pipes)(flow))
        depth.value = depth.value + settle.mean(0) * 0.01
        return flow * (1.0 - 0.1 * settle)


class EventBus:
    def __init__(self):
        self._subscribers = defaultdict(list)

    def subscribe(self, topic, handler):
        self._subscribers[topic].append(handler)

    def publish(self, topic, *payload):
        return [handler(*payload) for handler in self._subscribers[topic]]


class SiltMonitor:
    def __init__(self, model, variables):
        self.apply_fn = functools.partial(model.apply, mutable=["silt"])
        self.variables = variables

    def on_flow(self, flow):
        out, updates = self.apply_fn(self.variables, flow)
        self.variables = {**self.variables, **updates}
        return out

    def on_flush(self):
        return jnp.max(self.variables["silt"]["depth"])


def run_storm(bus, flows):
    def body(carry, flow):
        (out,) = bus.publish("flow", flow)
        return carry + out.sum(), None

    total, _ = lax.scan(body, jnp.zeros(()), flows)
    return total


def main():
    model = SiltModel()
    flows = jnp.linspace(0.0, 1.0, 7 * 3 * 4).reshape(7, 3, 4)
    variables = model.init(jax.random.key(0), flows[0])
    monitor = SiltMonitor(model, variables)
    bus = EventBus()
    bus.subscribe("flow", monitor.on_flow)
    bus.subscribe("flush", monitor.on_flush)
    run_storm(bus, flows)
    (worst,) = bus.publish("flush")
    jax.block_until_ready(worst)
    return None
