# label: same-values
# flax-error: none
# class: 5 a dataclass config carries the noise std; the key from make_rng is handed to a helper that builds the scan body closing over it
"""Training-noise injection for a learned fluid simulator: random-walk velocity noise accumulated over the input history."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class NoiseConfig:
    std: float = 3e-4
    history: int = 6


def make_noise_step(key, cfg: NoiseConfig, shape):
    def noise_step(walk, _):
        inc = cfg.std / jnp.sqrt(cfg.history) * jax.random.normal(key, shape)
        walk = walk + inc
        return walk, inc
    return noise_step


class NoisyHistory(nn.Module):
    cfg: NoiseConfig = NoiseConfig()

    @nn.compact
    def __call__(self, vel_history):
        key = self.make_rng("noise")
        shape = vel_history.shape[1:]
        body = make_noise_step(key, self.cfg, shape)
        _, incs = jax.lax.scan(body, jnp.zeros(shape), None, length=self.cfg.history)
        self.sow("intermediates", "noisy", vel_history + jnp.cumsum(incs, 0))
        return incs


def main():
    vel_history = jnp.zeros((6, 32, 2))
    model = NoisyHistory()
    return model.apply({}, vel_history, rngs={"noise": jax.random.key(0)})
