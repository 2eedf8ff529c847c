# label: ok
# flax-error: none
# class: 4 a SiltMonitor subscribed on an EventBus keeps functools.partial(model.apply, mutable=["silt"]); the scan body publishes "flow" with the variables in the carry and the monitor stores them after the loop
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

    def on_flow(self, flow, variables):
        out, updates = self.apply_fn(variables, flow)
        return out, {**variables, **updates}

    def on_settled(self, variables):
        self.variables = variables

    def on_flush(self):
        return jnp.max(self.variables["silt"]["depth"])


def run_storm(bus, monitor, flows):
    def body(carry, flow):
        total, variables = carry
        ((out, variables),) = bus.publish("flow", flow, variables)
        return (total + out.sum(), variables), None

    (total, variables), _ = lax.scan(body, (jnp.zeros(()), monitor.variables), flows)
    bus.publish("settled", variables)
    return total


def main():
    model = SiltModel()
    flows = jnp.linspace(0.0, 1.0, 7 * 3 * 4).reshape(7, 3, 4)
    variables = model.init(jax.random.key(0), flows[0])
    monitor = SiltMonitor(model, variables)
    bus = EventBus()
    bus.subscribe("flow", monitor.on_flow)
    bus.subscribe("settled", monitor.on_settled)
    bus.subscribe("flush", monitor.on_flush)
    run_storm(bus, monitor, flows)
    (worst,) = bus.publish("flush")
    jax.block_until_ready(worst)
    return None
