# label: same-values
# flax-error: none
# class: 1 one key from self.make_rng("langevin") is taken before the raw lax.fori_loop and the body closes over it unsplit, so every step draws the same noise
"""Unadjusted Langevin sampler for a small energy-based model. The `sample` method takes
one key with `self.make_rng` and runs x <- x - eta * dE/dx + sqrt(2 eta) * noise in a
lax.fori_loop, recording the noise of each step; main returns the recorded noise."""
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen as nn


class EnergyModel(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(32)(x))
        return nn.Dense(1)(h)[..., 0]

    def sample(self, x0, n_steps: int, step_size: float = 0.01):
        key = self.make_rng("langevin")
        energy_grad = jax.grad(lambda x: jnp.sum(self(x)))

        def body(i, carry):
            x, noises = carry
            noise = jax.random.normal(key, x.shape)
            x = x - step_size * energy_grad(x) + jnp.sqrt(2 * step_size) * noise
            return x, noises.at[i].set(noise)

        noises = jnp.zeros((n_steps,) + x0.shape)
        x, noises = fori_loop(0, n_steps, body, (x0, noises))
        return noises


def main():
    model = EnergyModel()
    x0 = jnp.zeros((4, 2))
    params = model.init(jax.random.PRNGKey(0), x0)["params"]
    return model.apply({"params": params}, x0, 6, method=EnergyModel.sample,
                       rngs={"langevin": jax.random.PRNGKey(1)})
