# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(variables) with no mutable collection is held by CalibrationSession, which BalanceCalibrator keeps; the fori_loop body calls calibrator.session.predict in train mode
"""Wind-tunnel internal balance: turns six strain-gauge channels into lift, drag and side
force, and sums the residual against the dead-weight calibration loads."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class BalanceHead(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, gauges, train: bool):
        h = nn.Dense(self.hidden)(gauges)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(3)(nn.tanh(h))


class CalibrationSession:
    """A bound model plus the mode it runs in, shared by every calibration job."""

    def __init__(self, model, variables, train):
        self.bound = model.bind(variables)
        self.train = train

    def predict(self, gauges):
        return self.bound(gauges, train=self.train)


class BalanceCalibrator:
    def __init__(self, session, dead_weights):
        self.session = session
        self.dead_weights = dead_weights

    def residual(self, gauge_runs):
        def body(i, acc):
            forces = self.session.predict(gauge_runs[i])
            return acc + jnp.sum((forces - self.dead_weights[i]) ** 2)

        return fori_loop(0, gauge_runs.shape[0], body, jnp.zeros(()))


def build_calibrator(model, variables, dead_weights, train):
    return BalanceCalibrator(CalibrationSession(model, variables, train), dead_weights)


def main():
    gauge_runs = jax.random.normal(jax.random.key(0), (5, 8, 6))
    dead_weights = jnp.ones((5, 8, 3))
    model = BalanceHead()
    variables = model.init(jax.random.key(1), gauge_runs[0], train=False)
    calibrator = build_calibrator(model, variables, dead_weights, train=True)
    calibrator.residual(gauge_runs)
    return None
