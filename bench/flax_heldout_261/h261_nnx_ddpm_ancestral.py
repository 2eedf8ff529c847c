# label: same-values
# flax-error: none
# class: 3 AncestralSampler.sample draws one key from self.rngs (an nnx.Rngs attribute of the sampler dataclass) and the scan body reuses it
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan as jscan


class EpsNet(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t / 10.0, (x.shape[0], 1))], axis=-1)
        return self.fc2(nnx.silu(self.fc1(h)))


@dataclasses.dataclass
class AncestralSampler:
    model: EpsNet
    rngs: nnx.Rngs
    num_steps: int = 6

    @property
    def betas(self):
        return jnp.linspace(1e-3, 0.1, self.num_steps)

    def sample(self, x_T):
        betas = self.betas
        alphas = 1.0 - betas
        alpha_bars = jnp.cumprod(alphas)
        key = self.rngs.sample()

        def reverse_step(x, t):
            eps = self.model(x, t)
            mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(key, x.shape)
            x = mean + jnp.where(t > 0, jnp.sqrt(betas[t]), 0.0) * z
            return x, z

        ts = jnp.arange(self.num_steps - 1, -1, -1)
        return jscan(reverse_step, x_T, ts)


def main():
    model = EpsNet(2, rngs=nnx.Rngs(0))
    sampler = AncestralSampler(model, nnx.Rngs(sample=1))
    x_T = jnp.zeros((8, 2))
    x_0, noises = sampler.sample(x_T)
    jax.block_until_ready(x_0)
    return noises
