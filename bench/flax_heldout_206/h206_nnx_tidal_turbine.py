# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 5 make_train_step returns a jax.checkpoint-wrapped step closing over the model and its nnx.Optimizer; the scan body calls it and nnx.value_and_grad is given the outer model
"""Tidal stream turbine: learns a blade-pitch schedule from current-speed traces (power vs. load)."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TrainSettings:
    learning_rate: float = 3e-3
    rated_speed: float = 2.5   # m/s
    load_weight: float = 0.1


class PitchPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.pitch = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, flow):
        return 25.0 * jax.nn.sigmoid(self.pitch(nnx.tanh(self.hidden(flow))))[..., 0]


def objective(model, flow, settings):
    pitch = model(flow)
    speed = flow[..., 0]
    power = speed ** 3 * jnp.cos(jnp.deg2rad(pitch))
    thrust = speed ** 2 * jnp.cos(jnp.deg2rad(pitch)) ** 2
    return -power.mean() + settings.load_weight * jnp.maximum(thrust - settings.rated_speed ** 2, 0.0).mean()


def make_train_step(model, optimizer, settings):
    @jax.checkpoint
    def step(flow):
        loss, grads = nnx.value_and_grad(objective)(model, flow, settings)
        optimizer.update(model, grads)
        return loss

    return step


class PitchTrainer:
    def __init__(self, settings: TrainSettings, key: int = 0):
        self.settings = settings
        self.model = PitchPolicy(nnx.Rngs(key))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(settings.learning_rate), wrt=nnx.Param)

    def fit(self, tides):
        step = make_train_step(self.model, self.optimizer, self.settings)
        _, losses = jax.lax.scan(lambda c, flow: (c, step(flow)), None, tides)
        return losses


def main():
    tides = jnp.abs(jax.random.normal(jax.random.key(4), (12, 32, 3))) * jnp.array([1.5, 0.2, 0.1])
    losses = PitchTrainer(TrainSettings()).fit(tides)
    losses.block_until_ready()
    return None
