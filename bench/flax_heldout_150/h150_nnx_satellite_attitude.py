# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 MissionControl.trainer holds the model and an nnx.Optimizer; the scan body takes nnx.value_and_grad of the closed-over model and calls trainer.optimizer.update
"""Satellite attitude control: a reaction-wheel policy is fitted on replayed telemetry windows."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class WheelPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(6, 16, rngs=rngs)
        self.torque = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, attitude):
        return self.torque(nnx.tanh(self.encoder(attitude)))


def pointing_loss(model, window):
    attitude, target = window
    return jnp.mean((model(attitude) - target) ** 2)


class AttitudeTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, windows):
        def step(_, window):
            loss, grads = nnx.value_and_grad(pointing_loss)(self.model, window)
            self.optimizer.update(self.model, grads)
            return None, loss

        _, losses = jax.lax.scan(step, None, windows)
        return losses


class MissionControl:
    def __init__(self, trainer):
        self.trainer = trainer

    def nightly_update(self, windows):
        return self.trainer.fit(windows)


def main():
    model = WheelPolicy(nnx.Rngs(0))
    control = MissionControl(AttitudeTrainer(model))
    attitude = jax.random.normal(jax.random.key(1), (5, 8, 6))
    target = jax.random.normal(jax.random.key(2), (5, 8, 3))
    control.nightly_update((attitude, target)).block_until_ready()
    return None
