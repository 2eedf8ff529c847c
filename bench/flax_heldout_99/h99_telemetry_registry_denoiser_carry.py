# label: ok
# flax-error: none
# class: 5 the denoiser class is picked by a config string from a decorator registry; make_denoise_step returns a step function that applies the model with mutable=["noise_floor"] and carries the collection
"""Satellite telemetry cleaning: a registered denoiser tracks the channel noise floor while it filters."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

DENOISERS = {}


def register(name):
    def decorator(cls):
        DENOISERS[name] = cls
        return cls

    return decorator


@register("mlp")
class MLPDenoiser(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, frame):
        floor = self.variable("noise_floor", "level", jnp.ones, (self.channels,))
        residual = nn.Dense(self.channels)(nn.tanh(nn.Dense(16)(frame)))
        floor.value = 0.95 * floor.value + 0.05 * jnp.abs(residual)
        return frame - jnp.clip(residual, -floor.value, floor.value)


@register("gain")
class GainDenoiser(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, frame):
        floor = self.variable("noise_floor", "level", jnp.ones, (self.channels,))
        gain = self.param("gain", nn.initializers.ones, (self.channels,))
        floor.value = 0.9 * floor.value + 0.1 * jnp.abs(frame)
        return gain * frame / (1.0 + floor.value)


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
    arch: str = "mlp"
    channels: int = 6


def build(cfg):
    return DENOISERS[cfg.arch](channels=cfg.channels)


def make_denoise_step(model, params):
    def step(carry, frame):
        previous, floor = carry
        cleaned, updated = model.apply({"params": params, "noise_floor": floor}, frame, mutable=["noise_floor"])
        return (cleaned, updated["noise_floor"]), jnp.mean((cleaned - previous) ** 2)

    return step


def main():
    cfg = PipelineConfig()
    model = build(cfg)
    frames = jax.random.normal(jax.random.key(4), (7, cfg.channels))
    variables = model.init(jax.random.key(0), frames[0])
    step = make_denoise_step(model, variables["params"])
    (_, floor), jitter = scan(step, (frames[0], variables["noise_floor"]), frames)
    jitter.block_until_ready()
    return None
