# label: same-values
# flax-error: none
# class: 3 self.make_rng("noise") is called inside the raw lax.scan body, so it is traced once
"""'self.make_rng inside lax.scan gives the same numbers': Langevin-style sampler inside a Linen module."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LangevinSampler(nn.Module):
    steps: int = 6
    step_size: float = 0.05

    @nn.compact
    def __call__(self, x0):
        score = nn.Dense(x0.shape[-1])
        score(x0)  # create params before the loop

        def step(x, _):
            noise = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x + self.step_size * score(x) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(step, x0, None, length=self.steps)
        return noises


def main():
    model = LangevinSampler()
    x0 = jnp.zeros((2, 4))
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    noises = model.apply(variables, x0, rngs={"noise": jax.random.PRNGKey(2)})
    return noises
