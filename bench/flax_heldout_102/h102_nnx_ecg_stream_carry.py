# label: ok
# flax-error: none
# class: 3 the scan body calls device.model.advance(), which only reads parameters; the RingBuffer (an nnx.Variable subclass) value goes through the carry and is written back after the loop
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

    def advance(self, window, sample):
        window = jnp.concatenate([window[1:], sample[None]], axis=0)
        return window, self.classify(window)


class WearableDevice:
    def __init__(self, model: ArrhythmiaMonitor):
        self.model = model
        self.alarms = 0

    def process_chunk(self, samples):
        def body(carry, sample):
            alarms, window = carry
            window, logits = self.model.advance(window, sample)
            return (alarms + (jnp.argmax(logits) != 0).astype(jnp.int32), window), None

        init = (jnp.zeros((), jnp.int32), self.model.window[...])
        (alarms, window), _ = jax.lax.scan(body, init, samples)
        self.model.window[...] = window
        self.alarms += int(alarms)
        return alarms


def main():
    device = WearableDevice(ArrhythmiaMonitor(nnx.Rngs(0)))
    t = jnp.arange(24.0)[:, None]
    chunk = jnp.concatenate([jnp.sin(0.7 * t), jnp.cos(0.7 * t)], axis=1)
    device.process_chunk(chunk[:12])
    device.process_chunk(chunk[12:])
    return None
