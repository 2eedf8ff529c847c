# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FlaggingJob.bus delivers each step's nnx.state(merged flagger) from inside the scan body to a SnapshotObserver; the job restores that snapshot with nnx.update after the loop
"""Radio-telescope RFI flagging: an event bus lets observers snapshot the flagger state."""
from collections import defaultdict

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RfiFlagger(nnx.Module):
    def __init__(self, channels, rngs):
        self.detect = nnx.Linear(channels, channels, rngs=rngs)
        self.norm = nnx.BatchNorm(channels, rngs=rngs)

    def __call__(self, spectrum):
        return nnx.sigmoid(self.detect(self.norm(spectrum))) > 0.5


class EventBus:
    def __init__(self):
        self._subscribers = defaultdict(list)

    def subscribe(self, topic, callback):
        self._subscribers[topic].append(callback)

    def publish(self, topic, payload):
        for callback in self._subscribers[topic]:
            callback(payload)


class SnapshotObserver:
    def __init__(self):
        self.snapshot = None

    def __call__(self, event):
        self.snapshot = event["state"]


class FlaggingJob:
    def __init__(self, bus, observer):
        self.bus = bus
        self.observer = observer
        bus.subscribe("flagging.step", observer)

    def run(self, flagger, spectra):
        graphdef, state = nnx.split(flagger)

        def body(state, spectrum):
            model = nnx.merge(graphdef, state)
            flags = model(spectrum)
            state = nnx.state(model)
            self.bus.publish("flagging.step", {"state": state, "flags": flags})
            return state, jnp.mean(flags)

        state, rates = lax.scan(body, state, spectra)
        nnx.update(flagger, self.observer.snapshot)
        return rates


def main():
    flagger = RfiFlagger(channels=16, rngs=nnx.Rngs(0))
    spectra = jax.random.normal(jax.random.key(9), (5, 4, 16))
    job = FlaggingJob(EventBus(), SnapshotObserver())
    job.run(flagger, spectra)
    flagger.eval()
    print(float(jnp.mean(flagger(spectra[0]))))
    return None
