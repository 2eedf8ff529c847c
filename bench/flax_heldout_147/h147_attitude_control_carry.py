# label: ok
# flax-error: none
# class: 5 the BatchNorm stats live in an nn.remat-wrapped RateBlock of AttitudeNet; RateLoopHelper keeps the net and its variables and the scan body applies the net with batch_stats taken from and returned to the carry
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
        self.stats = variables["batch_stats"]

    def calibrate(self, gyro_pass):
        def body(carry, gyro):
            wheel, stats = carry
            torque, updates = self.net.apply(
                {"params": self.params, "batch_stats": stats}, gyro, mutable=["batch_stats"])
            return (0.9 * wheel + torque.mean(0), updates["batch_stats"]), torque

        (_, stats), torques = lax.scan(body, (jnp.zeros((3,)), self.stats), gyro_pass)
        return torques, stats


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
