# label: ok
# flax-error: none
# class: 5 a factory returns the scan step, which applies the CalibrationSession's model with mutable batch_stats and threads the statistics through the carry
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
    """The corrector and one turbine's variables for the length of a calibration run."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def correct(self, window, batch_stats):
        corrected, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, window, adapt=True,
            mutable=["batch_stats"])
        return corrected, updates["batch_stats"]

    def statistics(self):
        return self.batch_stats


def make_calibration_step(session):
    def step(carry, window):
        residual_total, batch_stats = carry
        corrected, batch_stats = session.correct(window, batch_stats)
        return (residual_total + jnp.abs(corrected).mean(), batch_stats), corrected.mean(axis=0)

    return step


def calibrate_turbine(model, variables, stream):
    session = CalibrationSession(model, variables)
    step = make_calibration_step(session)
    (total, session.batch_stats), _ = lax.scan(step, (jnp.zeros(()), session.batch_stats), stream)
    drift = jax.tree.map(jnp.linalg.norm, session.statistics())
    return total, drift


def main():
    model = DriftCorrector()
    stream = 3.0 + jax.random.normal(jax.random.key(7), (8, 16, model.channels))
    variables = model.init(jax.random.key(0), stream[0], adapt=False)
    calibrate_turbine(model, variables, stream)
    return None
