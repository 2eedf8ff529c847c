# label: same-values
# flax-error: none
# class: 2 a DDPM sampler draws one key from its nnx.Rngs "noise" stream before the scan; the body uses that key at every denoising step
"""Ancestral sampling for a tiny NNX denoiser: the sampler owns an nnx.Rngs with "init" and
"noise" streams and runs the reverse process with lax.scan, returning the injected noise."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Denoiser(nnx.Module):
    def __init__(self, d, *, rngs):
        self.time_embed = nnx.Embed(16, d, rngs=rngs)
        self.fc1 = nnx.Linear(d, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, d, rngs=rngs)

    def __call__(self, x, t):
        h = x + self.time_embed(t)
        return self.fc2(nnx.silu(self.fc1(h)))


class DDPMSampler:
    def __init__(self, model, num_steps, *, rngs: nnx.Rngs):
        self.model = model
        self.num_steps = num_steps
        self.rngs = rngs
        self.betas = jnp.linspace(1e-4, 0.02, num_steps)

    def sample(self, shape):
        self.model.eval()
        x = jax.random.normal(self.rngs.init(), shape)
        key = self.rngs.noise()

        def body(x, t):
            eps = self.model(x, t)
            beta = self.betas[t]
            z = jax.random.normal(key, shape)
            x = (x - beta / jnp.sqrt(1 - beta) * eps) + jnp.sqrt(beta) * z
            return x, z

        _, zs = lax.scan(body, x, jnp.arange(self.num_steps)[::-1])
        return zs


def main():
    model = Denoiser(4, rngs=nnx.Rngs(0))
    sampler = DDPMSampler(model, num_steps=8, rngs=nnx.Rngs(init=1, noise=2))
    return sampler.sample((2, 4))
