# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls monitor.model, a VibrationAutoencoder that appends its bottleneck codes to the plain Python list self.taps; VibrationMonitor.report stacks them after the scan
"""Gas turbine condition monitoring: an autoencoder reconstructs accelerometer windows; the
reconstruction error flags anomalies and the bottleneck codes feed a drift report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

WINDOW = 32


class VibrationAutoencoder(nnx.Module):
    def __init__(self, code, rngs):
        self.enc = nnx.Linear(WINDOW, code, rngs=rngs)
        self.dec = nnx.Linear(code, WINDOW, rngs=rngs)
        self.taps = []

    def __call__(self, window):
        code = nnx.tanh(self.enc(window))
        self.taps.append(code)
        return self.dec(code)


class VibrationMonitor:
    def __init__(self, model, threshold):
        self.model = model
        self.threshold = threshold

    def report(self):
        codes = jnp.stack(self.model.taps)
        return {"code_drift": jnp.abs(codes[-1] - codes[0]).mean()}


def score_windows(monitor, windows):
    def body(alarms, window):
        err = jnp.mean((monitor.model(window) - window) ** 2, axis=-1)
        return alarms + (err > monitor.threshold), err

    return jax.lax.scan(body, jnp.zeros((windows.shape[1],), jnp.int32), windows)


def main():
    windows = jax.random.normal(jax.random.key(0), (10, 4, WINDOW))
    monitor = VibrationMonitor(VibrationAutoencoder(6, nnx.Rngs(1)), threshold=1.5)
    alarms, _ = score_windows(monitor, windows)
    print(alarms, monitor.report())
    return None
