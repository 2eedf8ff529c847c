# label: ok
# flax-error: none
# class: 3 the sampler dataclass's model attribute is used in the scan body; noise keys split from self.rngs.noise() before the loop are scanned as xs
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class EpsModel(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.mid = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        t_feat = jnp.broadcast_to(t / 10.0, x.shape[:-1] + (1,)).astype(x.dtype)
        h = nnx.silu(self.inp(jnp.concatenate([x, t_feat], axis=-1)))
        h = nnx.silu(self.mid(h))
        return self.out(h)


@dataclasses.dataclass
class AncestralSampler:
    model: EpsModel
    rngs: nnx.Rngs
    num_steps: int = 8

    def schedule(self):
        betas = jnp.linspace(1e-4, 0.02, self.num_steps)
        alphas = 1.0 - betas
        return betas, alphas, jnp.cumprod(alphas)

    def sample(self, x_T):
        betas, alphas, alpha_bars = self.schedule()

        def reverse(x, step):
            t, noise_key = step
            eps = self.model(x, t)
            mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(noise_key, x.shape)
            x = mean + jnp.where(t > 0, jnp.sqrt(betas[t]), 0.0) * z
            return x, z

        timesteps = jnp.arange(self.num_steps)[::-1]
        noise_keys = jax.random.split(self.rngs.noise(), self.num_steps)
        return jax.lax.scan(reverse, x_T, (timesteps, noise_keys))


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    sampler = AncestralSampler(EpsModel(2, 32, rngs=rngs), rngs)
    x_T = jnp.ones((3, 2))
    x_0, noises = sampler.sample(x_T)
    return noises
