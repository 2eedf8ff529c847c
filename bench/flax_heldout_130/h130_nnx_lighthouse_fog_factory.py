# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_fog_step() returns functools.partial(nnx.jit(fog_step), model); the partial kept on the keeper is called in the scan body
"""Lighthouse fog signal: a visibility model decides the fog horn duty cycle from the shore
sensors; a step factory builds the compiled step the keeper service runs each minute."""
import dataclasses
import functools

import flax.nnx as nnx
import jax
import jax.numpy as jnp

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class SignalConfig:
    sensors: int = 4
    minutes: int = 6
    decay: float = 0.8


class VisibilityModel(nnx.Module):
    def __init__(self, sensors, rngs):
        self.encode = nnx.Linear(sensors, 8, rngs=rngs)
        self.duty = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.duty(nnx.relu(self.encode(readings))))[0]


def make_fog_step(model, config):
    @nnx.jit
    def fog_step(model, duty, readings):
        return config.decay * duty + (1 - config.decay) * model(readings)

    return functools.partial(fog_step, model)


class KeeperService:
    def __init__(self, model, config):
        self.config = config
        self.step = make_fog_step(model, config)

    def watch(self, minutes_of_readings):
        def minute(duty, readings):
            duty = self.step(duty, readings)
            return duty, duty > 0.5

        return lax.scan(minute, jnp.zeros(()), minutes_of_readings)


def main():
    cfg = SignalConfig()
    model = VisibilityModel(cfg.sensors, rngs=nnx.Rngs(0))
    keeper = KeeperService(model, cfg)
    readings = jax.random.uniform(jax.random.key(9), (cfg.minutes, cfg.sensors))
    duty, horn_on = keeper.watch(readings)
    print(duty, horn_on)
    return None
