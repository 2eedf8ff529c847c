# label: same-values
# flax-error: none
# class: 3 a DiffusionSampler module method draws one key from its nnx.Rngs before the raw lax.scan; the body calls the _gaussian helper with that key each step
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs):
        self.l1 = nnx.Linear(dim + 1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, x, t):
        t = jnp.broadcast_to(t, x.shape[:-1] + (1,))
        return self.l2(nnx.gelu(self.l1(jnp.concatenate([x, t], -1))))


class DiffusionSampler(nnx.Module):
    def __init__(self, denoiser, n_steps, rngs):
        self.denoiser = denoiser
        self.betas = jnp.linspace(1e-4, 0.02, n_steps)
        self.rngs = rngs

    def _gaussian(self, key, shape):
        return jax.random.normal(key, shape)

    def sample(self, x_T):
        key = self.rngs.sample()
        ts = jnp.arange(self.betas.shape[0])[::-1]

        def body(x, t):
            beta = self.betas[t]
            eps = self.denoiser(x, t / self.betas.shape[0])
            z = self._gaussian(key, x.shape)
            x = (x - beta / jnp.sqrt(1 - beta) * eps) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z
            return x, z

        return lax.scan(body, x_T, ts)


def main():
    sampler = DiffusionSampler(Denoiser(2, nnx.Rngs(0)), 5, nnx.Rngs(sample=1))
    x0, zs = sampler.sample(jnp.ones((3, 2)))
    print(x0)
    return zs
