# label: ok
# flax-error: none
# class: 2 NNX sampler splits self.rngs.noise() into one key per step before the scan and feeds the keys as xs
"""DiffWave-style diffusion vocoder sampling a waveform from a mel spectrogram; returns the noise per step."""
import jax
import jax.numpy as jnp
from flax import nnx


class DiffWaveSampler(nnx.Module):
    def __init__(self, n_mels, length, steps, *, rngs: nnx.Rngs):
        self.cond = nnx.Linear(n_mels, length, rngs=rngs)
        self.eps = nnx.Linear(length, length, rngs=rngs)
        self.rngs = rngs
        self.length = length
        self.betas = jnp.linspace(1e-4, 0.05, steps)

    def __call__(self, mel):
        c = self.cond(mel)
        keys = jax.random.split(self.rngs.noise(), self.betas.shape[0])
        x = jax.random.normal(self.rngs.noise(), (self.length,))

        def denoise(x, inp):
            beta, key = inp
            z = jax.random.normal(key, x.shape)
            x = (x - beta * self.eps(x + c)) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z
            return x, z

        _, zs = jax.lax.scan(denoise, x, (self.betas[::-1], keys))
        return zs


def main():
    sampler = DiffWaveSampler(10, 24, 8, rngs=nnx.Rngs(params=0, noise=1))
    return sampler(jnp.ones((10,)))
