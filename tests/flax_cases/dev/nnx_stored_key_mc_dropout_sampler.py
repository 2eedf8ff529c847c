# label: same-values
# flax-error: none
# class: 3 a denoiser stores a key at construction and gives it to its Dropout; a sampler's scan body calls the denoiser, so every step uses the same mask
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(16, dim, rngs=rngs)
        self.mc_key = jax.random.key(5)

    def __call__(self, x):
        h = nnx.relu(self.inp(x))
        mask = self.drop(jnp.ones_like(h), deterministic=False, rngs=self.mc_key)
        return self.out(h * mask), mask


class Sampler:
    def __init__(self, denoiser):
        self.denoiser = denoiser

    def _reverse(self, x, _):
        eps, mask = self.denoiser(x)
        return x - 0.1 * eps, mask

    def sample(self, x, steps):
        return jax.lax.scan(self._reverse, x, None, length=steps)


def main():
    sampler = Sampler(Denoiser(4, nnx.Rngs(0)))
    _, masks = sampler.sample(jnp.ones(4), 5)
    return masks
