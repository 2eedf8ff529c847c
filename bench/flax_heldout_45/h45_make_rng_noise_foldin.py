# label: ok
# flax-error: none
# class: 2 self.make_rng drawn once outside the scan, folded in with the step index inside
"""The Langevin sampler after the fix: one base key, fold_in the step number in the body."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class LangevinSampler(nn.Module):
    steps: int = 4
    dim: int = 3

    @nn.compact
    def __call__(self, x0):
        score = nn.Dense(self.dim)
        base = self.make_rng("noise")

        def step(x, i):
            noise = jax.random.normal(jax.random.fold_in(base, i), x.shape)
            x = x + 0.01 * score(x) + 0.1 * noise
            return x, noise

        score(x0)
        _, noises = scan(step, x0, jnp.arange(self.steps))
        return noises


def main():
    model = LangevinSampler()
    x0 = jnp.zeros((3,))
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    noises = model.apply(variables, x0, rngs={"noise": jax.random.PRNGKey(2)})
    return noises
