# label: same-values
# flax-error: none
# class: 2 the enclosing function draws one key from the local nnx.Rngs "noise" stream before the fori_loop, and the body uses that key (and the local fusion model) at every step
"""Inertial sensor-fusion regression test: simulates repeated noisy IMU readings of the same
motion and records the fused orientation estimate for each simulated reading."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop

IMU_CHANNELS = 6


class FusionNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.gyro = nnx.Linear(3, 8, rngs=rngs)
        self.accel = nnx.Linear(3, 8, rngs=rngs)
        self.out = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, reading):
        g = nnx.tanh(self.gyro(reading[..., :3]))
        a = nnx.tanh(self.accel(reading[..., 3:]))
        q = self.out(jnp.concatenate([g, a], axis=-1))
        return q / jnp.linalg.norm(q, axis=-1, keepdims=True)


def simulate_readings(true_motion, trials, seed):
    rngs = nnx.Rngs(params=seed, noise=seed + 1)
    fusion = FusionNet(rngs)
    noise_key = rngs.noise()
    sigma = jnp.array([0.01, 0.01, 0.01, 0.05, 0.05, 0.05])

    def trial(i, estimates):
        noisy = true_motion + sigma * jax.random.normal(noise_key, true_motion.shape)
        return estimates.at[i].set(fusion(noisy))

    return fori_loop(0, trials, trial, jnp.zeros((trials, 4)))


def main():
    motion = jnp.array([0.1, -0.2, 0.05, 0.0, 0.0, 9.81])
    return simulate_readings(motion, trials=10, seed=4)
