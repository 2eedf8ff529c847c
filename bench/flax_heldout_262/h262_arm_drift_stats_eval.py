# label: ok
# flax-error: none
# class: 5 DriftCompensator.calibrate hands lax.while_loop a jax.checkpoint(partial(self._settle, ...)) wrapper; the service builds it frozen, so the body only reads 'batch_stats'
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DriftCompensator(nn.Module):
    n_joints: int
    mode: str = "online"
    rate: float = 0.2

    def setup(self):
        self.bias_est = self.variable("batch_stats", "bias_est", jnp.zeros, (self.n_joints,))
        self.correct = nn.Dense(self.n_joints)

    def __call__(self, reading):
        return reading - self.bias_est.value + 0.01 * self.correct(reading)

    def _settle(self, state, reading, target):
        it, q = state
        residual = q - target
        if self.mode == "online":
            self.bias_est.value = (1.0 - self.rate) * self.bias_est.value + self.rate * residual.mean(axis=0)
        q = reading - self.bias_est.value + 0.01 * self.correct(q)
        return it + 1, q

    def calibrate(self, reading, target, max_iters=5, tol=1e-3):
        def not_settled(state):
            it, q = state
            return (it < max_iters) & (jnp.abs(q - target).max() > tol)

        step = jax.checkpoint(partial(self._settle, reading=reading, target=target))
        _, q = lax.while_loop(not_settled, step, (0, reading))
        return q


class EncoderBank:
    def __init__(self, counts_per_rad=4096.0):
        self.counts_per_rad = counts_per_rad

    def read(self, counts):
        return counts / self.counts_per_rad


class CalibrationService:
    def __init__(self, n_joints, seed=5):
        self.compensator = DriftCompensator(n_joints, mode="frozen")
        self.variables = self.compensator.init(jax.random.key(seed), jnp.zeros((2, n_joints)))

    def run(self, reading, target):
        return self.compensator.apply(self.variables, reading, target, method=DriftCompensator.calibrate)


def main():
    encoders = EncoderBank()
    counts = jnp.array([[410.0, -820.0, 1230.0], [400.0, -800.0, 1210.0]])
    target = jnp.array([[0.1, -0.2, 0.3], [0.1, -0.2, 0.3]])
    service = CalibrationService(n_joints=3)
    q = service.run(encoders.read(counts), target)
    jax.block_until_ready(q)
    return None
