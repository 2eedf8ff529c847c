# label: ok
# flax-error: none
# class: 4 MissionControl.trainer holds the model and an nnx.Optimizer; nnx.split((model, optimizer)) state goes through the scan carry, nnx.merge in the body, nnx.update after
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, window):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(pointing_loss)(model, window)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, windows)
        nnx.update((self.model, self.optimizer), state)
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
    control.trainer.optimizer.step[...].block_until_ready()
    return None
