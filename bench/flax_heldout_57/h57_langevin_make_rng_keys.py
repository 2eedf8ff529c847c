# label: ok
# flax-error: none
# class: 3 self.make_rng is called once before the raw scan and split into per-step keys fed as xs
"""The fix: draw one key with make_rng outside the loop, split it into one key per step and
scan over the keys."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LangevinSampler(nn.Module):
    steps: int = 6
    step_size: float = 0.01

    @nn.compact
    def __call__(self, x0):
        w = self.param("score_w", nn.initializers.normal(0.1), (x0.shape[-1], x0.shape[-1]))
        keys = jax.random.split(self.make_rng("noise"), self.steps)

        def step(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x + self.step_size * jnp.tanh(x @ w) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(step, x0, keys)
        return noises


def main():
    x0 = jnp.zeros((3, 2))
    sampler = LangevinSampler()
    params = sampler.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)["params"]
    noises = sampler.apply({"params": params}, x0, rngs={"noise": jax.random.PRNGKey(2)})
    return noises
