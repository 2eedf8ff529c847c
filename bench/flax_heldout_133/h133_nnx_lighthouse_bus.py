# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body merges the lamp from the carry and publishes it on an EventBus; the subscribed WearLogger keeps nnx.state(lamp, LensWear) and later nnx.update()s the real lamp with it
from collections import defaultdict

import jax
import jax.numpy as jnp
from flax import nnx


class LensWear(nnx.Variable):
    pass


class LampModel(nnx.Module):
    """Beam intensity of a rotating lighthouse lamp; the lens wears with every rotation."""

    def __init__(self, rngs: nnx.Rngs):
        self.beam = nnx.Linear(3, 3, rngs=rngs)
        self.wear = LensWear(jnp.zeros(()))

    def __call__(self, haze):
        out = nnx.sigmoid(self.beam(haze)) * (1.0 - self.wear[...])
        self.wear[...] = self.wear[...] + 0.01 * out.mean()
        return out


class EventBus:
    def __init__(self):
        self.subscribers = defaultdict(list)

    def subscribe(self, topic, callback):
        self.subscribers[topic].append(callback)

    def publish(self, topic, *args):
        return [callback(*args) for callback in self.subscribers[topic]]


class WearLogger:
    def __init__(self, lamp: LampModel):
        self.lamp = lamp
        self.latest = None

    def on_rotation(self, lamp):
        self.latest = nnx.state(lamp, LensWear)

    def on_shift_end(self):
        nnx.update(self.lamp, self.latest)
        return self.lamp.wear[...] * 100.0


def night_shift(lamp, bus, haze, rotations):
    graphdef, state = nnx.split(lamp)

    def rotation(i, state):
        turning = nnx.merge(graphdef, state)
        turning(haze)
        bus.publish("rotation", turning)
        return nnx.state(turning)

    state = jax.lax.fori_loop(0, rotations, rotation, state)
    nnx.update(lamp, state)


def main():
    lamp = LampModel(nnx.Rngs(0))
    bus = EventBus()
    logger = WearLogger(lamp)
    bus.subscribe("rotation", logger.on_rotation)
    bus.subscribe("shift_end", logger.on_shift_end)
    night_shift(lamp, bus, jnp.array([[0.2, 0.7, 0.1]]), rotations=6)
    jax.block_until_ready(bus.publish("shift_end"))
    return None
