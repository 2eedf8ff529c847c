# label: same-values
# flax-error: none
# class: 3 self.make_rng is called inside the raw scan body, which is traced once
"""A Langevin sampler written as a Linen module: the score is a one-layer network declared with self.param and each
step draws fresh noise with self.make_rng('noise') inside a raw jax.lax.scan body."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LangevinSampler(nn.Module):
    steps: int = 6
    step_size: float = 0.01

    @nn.compact
    def __call__(self, x0):
        w = self.param("score_w", nn.initializers.normal(0.1), (x0.shape[-1], x0.shape[-1]))

        def step(x, _):
            noise = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x + self.step_size * jnp.tanh(x @ w) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(step, x0, None, length=self.steps)
        return noises


def main():
    x0 = jnp.zeros((3, 2))
    sampler = LangevinSampler()
    params = sampler.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)["params"]
    noises = sampler.apply({"params": params}, x0, rngs={"noise": jax.random.PRNGKey(2)})
    return noises
