# label: ok
# flax-error: none
# class: 5 a factory returns the train step, which takes and returns the nnx.split state through the scan carry; the FleetCalibrator nnx.update's the model from the final carry after the loop
"""Drone fleet battery state-of-charge estimator: recalibrated from flight logs with a step factory."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SocEstimator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)  # voltage, current, cell temperature
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(nnx.tanh(self.l1(x))))[..., 0]


def make_train_step(graphdef, lr: float, on_state=None):
    def loss_fn(params, rest, batch):
        model = nnx.merge(graphdef, params, rest)
        return jnp.mean((model(batch["x"]) - batch["soc"]) ** 2)

    def step(state, batch):
        params, rest = state
        loss, grads = jax.value_and_grad(loss_fn)(params, rest, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        if on_state is not None:
            on_state((params, rest))
        return (params, rest), loss

    return step


class FleetCalibrator:
    def __init__(self, model: SocEstimator, lr: float = 0.05):
        self.model = model
        graphdef, _, _ = nnx.split(model, nnx.Param, ...)
        self.step = make_train_step(graphdef, lr)

    def calibrate(self, batches):
        _, params, rest = nnx.split(self.model, nnx.Param, ...)
        (params, rest), losses = scan(self.step, (params, rest), batches)
        nnx.update(self.model, params, rest)
        return losses

    def estimate(self, x):
        return self.model(x)


def flight_logs(key, n_batches=4, batch=8):
    x = jax.random.uniform(key, (n_batches, batch, 3))
    return {"x": x, "soc": jnp.clip(x[..., 0] - 0.2 * x[..., 1], 0.0, 1.0)}


def main():
    calibrator = FleetCalibrator(SocEstimator(nnx.Rngs(0)))
    logs = flight_logs(jax.random.key(1))
    calibrator.calibrate(logs)
    calibrator.estimate(logs["x"][0])
    return None
