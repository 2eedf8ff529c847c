# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "revolutions" in "/remat(lens)" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 build_rotation_step returns a jax.checkpoint-wrapped closure over model.apply(variables) of an nn.remat cell that counts revolutions; the fori_loop body calls it
"""Lighthouse lamp rotation: keep the flash character on schedule as the lens motor ages.

The lens model is rematerialised to keep memory flat on long nights, and the per-night
rotation step is built by a factory and wrapped in jax.checkpoint by the ops library.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LensCell(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, phase, motor):
        revolutions = self.variable("counters", "revolutions", lambda: jnp.zeros(()))
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([phase, motor])))
        correction = nn.Dense(phase.shape[0])(h)
        revolutions.value = revolutions.value + 1.0
        return phase + 0.05 * correction


class LampRotation(nn.Module):
    @nn.compact
    def __call__(self, phase, motor):
        cell = nn.remat(LensCell)(name="lens")
        return cell(phase, motor)


def build_rotation_step(model, variables, motor):
    def step(phase):
        return model.apply(variables, phase, motor)

    return jax.checkpoint(step)


def run_night(step, phase, rotations):
    def rotate(i, phase):
        return step(phase)

    return jax.lax.fori_loop(0, rotations, rotate, phase)


def main():
    phase = jnp.array([0.0, 0.5, 1.0])   # three flash panels
    motor = jnp.array([0.97, 0.02])      # speed ratio, bearing wear
    model = LampRotation()
    variables = model.init(jax.random.key(0), phase, motor)
    step = build_rotation_step(model, variables, motor)
    final = run_night(step, phase, rotations=20)
    final.block_until_ready()
    return None
