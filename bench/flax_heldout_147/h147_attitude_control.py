# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the BatchNorm stats live in an nn.remat-wrapped RateBlock of AttitudeNet; a RateLoopHelper holds net.bind(variables, mutable=['batch_stats']) and the scan body calls the bound net, so the remat block writes the stats back inside the scan
"""Satellite attitude control: gyro-rate to reaction-wheel torque net, calibrated on a pass."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RateBlock(nn.Module):
    features: int = 6

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=False, momentum=0.95)(x)
        return nn.tanh(x)


class AttitudeNet(nn.Module):
    def setup(self):
        self.block = nn.remat(RateBlock)()  # recompute in backward to save HBM on the flight box
        self.torque = nn.Dense(3)

    def __call__(self, gyro):
        return self.torque(self.block(gyro))


class RateLoopHelper:
    """Calibrates normalisation statistics on a recorded pass."""

    def __init__(self, net, variables):
        self.net = net
        self.params = variables["params"]
        self.bound = net.bind(variables, mutable=["batch_stats"])

    def calibrate(self, gyro_pass):
        def body(wheel, gyro):
            torque = self.bound(gyro)
            return 0.9 * wheel + torque.mean(0), torque

        _, torques = lax.scan(body, jnp.zeros((3,)), gyro_pass)
        return torques, self.bound.variables["batch_stats"]


def main():
    gyro_pass = jnp.sin(jnp.arange(5 * 4 * 3, dtype=jnp.float32)).reshape(5, 4, 3)
    net = AttitudeNet()
    variables = net.init(jax.random.key(0), gyro_pass[0])
    helper = RateLoopHelper(net, variables)
    _, stats = helper.calibrate(gyro_pass)
    flight = {"params": helper.params, "batch_stats": stats}
    out, _ = net.apply(flight, gyro_pass[0], mutable=["batch_stats"])
    _ = float(out.sum())
    return None
