# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body built by the step factory make_window_step merges the calibrator from the captured graphdef/state and files it in the module-level CALIBRATED registry, whose batch statistics are handed on after the loop
"""Loop-detector calibration: normalise vehicle counts per time window, keep the latest statistics."""
import jax
import jax.numpy as jnp
from flax import nnx

CALIBRATED = {}


class SensorCalibrator(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_sensors, n_sensors, rngs=rngs)
        self.norm = nnx.BatchNorm(n_sensors, momentum=0.8, rngs=rngs)

    def __call__(self, counts):
        return self.norm(self.proj(counts))


def make_window_step(graphdef, state):
    def step(carry, window):
        calibrator = nnx.merge(graphdef, state, copy=True)
        flow = calibrator(window)
        CALIBRATED["latest"] = calibrator
        return carry + flow.mean(), flow.mean()

    return step


class CalibrationJob:
    def __init__(self, calibrator: SensorCalibrator):
        self.calibrator = calibrator

    def run(self, windows):
        graphdef, state = nnx.split(self.calibrator)
        step = make_window_step(graphdef, state)
        _, window_means = jax.lax.scan(step, jnp.zeros(()), windows)
        latest = CALIBRATED["latest"]
        nnx.update(self.calibrator, nnx.state(latest, nnx.BatchStat))
        return window_means

    def flows(self, counts):
        self.calibrator.eval()
        return self.calibrator(counts)


def count_windows(n_windows=4, readings=6, sensors=3):
    raw = jnp.arange(n_windows * readings * sensors, dtype=jnp.float32)
    return (raw % 11.0).reshape(n_windows, readings, sensors)


def main():
    windows = count_windows()
    job = CalibrationJob(SensorCalibrator(3, nnx.Rngs(0)))
    window_means = job.run(windows)
    flows = job.flows(windows[-1])
    jax.block_until_ready((window_means, flows))
