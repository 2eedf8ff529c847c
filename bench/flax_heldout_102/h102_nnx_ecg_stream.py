# label: trace-context
# flax-error: TraceContextError: Cannot mutate RingBuffer from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body calls device.model.push(), which writes the model's RingBuffer (an nnx.Variable subclass) holding the last ECG samples
"""Wearable ECG monitor: streaming arrhythmia classification over a ring buffer of samples."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_LEADS = 2
WINDOW = 8
CLASSES = ("normal", "afib", "pvc")


class RingBuffer(nnx.Variable):
    """Samples kept on the device between chunks."""


class ArrhythmiaMonitor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.window = RingBuffer(jnp.zeros((WINDOW, N_LEADS)))
        self.features = nnx.Linear(WINDOW * N_LEADS, 8, rngs=rngs)
        self.head = nnx.Linear(8, len(CLASSES), rngs=rngs)

    def classify(self, window):
        return self.head(nnx.relu(self.features(window.reshape(-1))))

    def push(self, sample):
        self.window[...] = jnp.concatenate([self.window[1:], sample[None]], axis=0)
        return self.classify(self.window[...])


class WearableDevice:
    def __init__(self, model: ArrhythmiaMonitor):
        self.model = model
        self.alarms = 0

    def process_chunk(self, samples):
        def body(alarms, sample):
            logits = self.model.push(sample)
            return alarms + (jnp.argmax(logits) != 0).astype(jnp.int32), None

        alarms, _ = jax.lax.scan(body, jnp.zeros((), jnp.int32), samples)
        self.alarms += int(alarms)
        return alarms


def main():
    device = WearableDevice(ArrhythmiaMonitor(nnx.Rngs(0)))
    t = jnp.arange(24.0)[:, None]
    chunk = jnp.concatenate([jnp.sin(0.7 * t), jnp.cos(0.7 * t)], axis=1)
    device.process_chunk(chunk[:12])
    device.process_chunk(chunk[12:])
    return None
