# label: same-values
# flax-error: none
# class: 5 DenoiserAdapter builds its scan body as jax.checkpoint(functools.partial(denoise_step, model, noise_key=...)), the key drawn once from the model's nnx.Rngs 'noise' stream
"""Satellite telemetry: iterative denoising of a corrupted housekeeping channel with noise re-injection."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class DenoiseConfig:
    channels: int = 8
    hidden: int = 16
    steps: int = 6
    noise_scale: float = 0.1


class Denoiser(nnx.Module):
    def __init__(self, cfg, rngs):
        self.inp = nnx.Linear(cfg.channels + 1, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.channels, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x, t):
        t_feat = jnp.broadcast_to(t, x.shape[:-1] + (1,)).astype(x.dtype)
        return self.out(nnx.swish(self.inp(jnp.concatenate([x, t_feat], -1))))


def denoise_step(model, x, t, *, noise_key, scale):
    noise = scale * jax.random.normal(noise_key, x.shape)
    return x - 0.5 * model(x, t) + noise, noise


class DenoiserAdapter:
    """Adapts the NNX denoiser to the pipeline's step-function interface."""

    def __init__(self, cfg, model):
        self.cfg = cfg
        self.step_fn = jax.checkpoint(functools.partial(
            denoise_step, model, noise_key=model.rngs.noise(), scale=cfg.noise_scale))

    def run(self, corrupted):
        times = jnp.linspace(1.0, 0.0, self.cfg.steps)
        return scan(self.step_fn, corrupted, times)


def main():
    cfg = DenoiseConfig()
    model = Denoiser(cfg, nnx.Rngs(params=0, noise=1))
    corrupted = jax.random.normal(jax.random.key(2), (4, cfg.channels))
    clean, injected = DenoiserAdapter(cfg, model).run(corrupted)
    return injected
