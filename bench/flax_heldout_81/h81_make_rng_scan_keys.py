# label: ok
# flax-error: none
# class: 3 self.make_rng is called once before the loop and split into per-step keys passed as xs
"""Langevin-style sampler: one make_rng outside lax.scan, split into one key per step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LangevinSampler(nn.Module):
    steps: int = 6
    step_size: float = 0.05

    @nn.compact
    def __call__(self, x0):
        W = self.param("score_kernel", nn.initializers.lecun_normal(), (x0.shape[-1], x0.shape[-1]))
        keys = jax.random.split(self.make_rng("noise"), self.steps)

        def step(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x + self.step_size * (x @ W) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(step, x0, keys)
        return noises


def main():
    model = LangevinSampler()
    x0 = jnp.zeros((2, 4))
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    noises = model.apply(variables, x0, rngs={"noise": jax.random.PRNGKey(2)})
    return noises
