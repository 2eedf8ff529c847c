# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 2 (8 B)
# class: 5 a logging class decorator wraps the calibrator's train_step, which takes gradients of the calibrator's model and optimizer attributes inside the while_loop body
"""Planetarium projector lens calibration: fits a distortion correction until the residual is small."""
import functools
import logging

import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax
logger = logging.getLogger("dome.calibration")


def log_calls(*names):
    def decorate(cls):
        for name in names:
            inner = getattr(cls, name)

            def wrap(inner):
                @functools.wraps(inner)
                def logged(self, *args, **kwargs):
                    logger.info("%s -> %s", cls.__name__, inner.__name__)
                    return inner(self, *args, **kwargs)

                return logged

            setattr(cls, name, wrap(inner))
        return cls

    return decorate


class LensCorrection(nnx.Module):
    def __init__(self, hidden: int, *, rngs: nnx.Rngs):
        self.warp = nnx.Linear(2, hidden, rngs=rngs)
        self.unwarp = nnx.Linear(hidden, 2, rngs=rngs)

    def __call__(self, points):
        return points + self.unwarp(jnp.tanh(self.warp(points)))


def residual(model, grid, target):
    return jnp.mean((model(grid) - target) ** 2)


@log_calls("train_step", "calibrate")
class LensCalibrator:
    def __init__(self, model: LensCorrection, learning_rate: float = 0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, model, optimizer, grid, target):
        loss, grads = nnx.value_and_grad(residual)(model, grid, target)
        optimizer.update(model, grads)
        return loss

    def calibrate(self, grid, target, tolerance: float = 1e-4, max_iters: int = 8):
        def keep_going(state):
            iteration, loss = state
            return (iteration < max_iters) & (loss > tolerance)

        def iterate(state):
            iteration, _ = state
            return iteration + 1, self.train_step(self.model, self.optimizer, grid, target)

        return lax.while_loop(keep_going, iterate, (0, jnp.float32(jnp.inf)))


def dome_grid(n: int = 5):
    axis = jnp.linspace(-1.0, 1.0, n)
    return jnp.stack(jnp.meshgrid(axis, axis), -1).reshape(-1, 2)


def main():
    grid = dome_grid()
    target = grid * (1.0 + 0.08 * jnp.sum(grid**2, axis=-1, keepdims=True))
    calibrator = LensCalibrator(LensCorrection(6, rngs=nnx.Rngs(0)))
    iterations, loss = calibrator.calibrate(grid, target)
    jax.block_until_ready((iterations, loss, calibrator.model(grid)))
