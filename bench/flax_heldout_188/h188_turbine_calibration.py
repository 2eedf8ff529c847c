# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns the scan step, which calls a CalibrationSession holding model.bind(variables, mutable=["batch_stats"]); the statistics are read after the loop
"""Wind-farm sensor calibration: a drift corrector adapts its normalisation statistics to
each turbine's SCADA stream, window by window, and the drift report reads them back."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DriftCorrector(nn.Module):
    channels: int = 6

    @nn.compact
    def __call__(self, readings, adapt: bool = True):
        z = nn.BatchNorm(use_running_average=not adapt, momentum=0.95, name="scada_norm")(readings)
        return readings - nn.Dense(self.channels, name="bias_model")(z)


class CalibrationSession:
    """The corrector bound to one turbine's variables for the length of a calibration run."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def correct(self, window):
        return self.bound(window, adapt=True)

    def statistics(self):
        return self.bound.variables["batch_stats"]


def make_calibration_step(session):
    def step(residual_total, window):
        corrected = session.correct(window)
        return residual_total + jnp.abs(corrected).mean(), corrected.mean(axis=0)

    return step


def calibrate_turbine(model, variables, stream):
    session = CalibrationSession(model, variables)
    step = make_calibration_step(session)
    total, _ = lax.scan(step, jnp.zeros(()), stream)
    drift = jax.tree.map(jnp.linalg.norm, session.statistics())
    return total, drift


def main():
    model = DriftCorrector()
    stream = 3.0 + jax.random.normal(jax.random.key(7), (8, 16, model.channels))
    variables = model.init(jax.random.key(0), stream[0], adapt=False)
    calibrate_turbine(model, variables, stream)
    return None
