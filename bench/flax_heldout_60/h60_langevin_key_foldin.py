# label: ok
# flax-error: none
# class: 3 make_rng key drawn before a raw fori_loop and folded with the step index in the body
"""Energy-based model with Langevin-dynamics sampling inside the Linen module; the noise key is
taken with make_rng once and each fori_loop step folds in its index."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Energy(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.swish(nn.Dense(16)(x))).sum()


class LangevinSampler(nn.Module):
    steps: int = 5
    step_size: float = 0.01

    def setup(self):
        self.energy = Energy()

    def __call__(self, x0):
        self.energy(x0)
        key = self.make_rng("langevin")
        noises = jnp.zeros((self.steps,) + x0.shape)

        def body(i, state):
            x, noises = state
            g = jax.grad(self.energy)(x)
            noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            x = x - self.step_size * g + jnp.sqrt(2 * self.step_size) * noise
            return x, noises.at[i].set(noise)

        _, noises = jax.lax.fori_loop(0, self.steps, body, (x0, noises))
        return noises


def main():
    model = LangevinSampler()
    x0 = jnp.zeros((3, 2))
    rngs = {"params": jax.random.key(0), "langevin": jax.random.key(1)}
    variables = model.init(rngs, x0)
    return model.apply(variables, x0, rngs={"langevin": jax.random.key(2)})
