# label: ok
# flax-error: none
# class: 4 a key drawn with make_rng before the loop is folded with the step index inside a jax.checkpoint-wrapped scan step
"""Langevin-style refinement of a latent with a `jax.checkpoint` step and step-indexed noise.

Modelled on diffusion / score-model samplers in Flax (diffusers' Flax `loop_body`) and on the
key-handling notes of google/flax#2593 and google/flax#3115: one key is drawn with
`make_rng` outside the loop and `jax.random.fold_in(key, step)` gives each step its noise.
The per-step noise is returned for inspection.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LangevinRefiner(nn.Module):
    width: int = 4
    steps: int = 5
    sigma: float = 0.1

    @nn.compact
    def __call__(self, z):
        score = nn.Dense(self.width, name="score")
        z = z + 0.0 * score(z)
        base_key = self.make_rng("noise")

        @jax.checkpoint
        def step(z, i):
            noise = jax.random.normal(jax.random.fold_in(base_key, i), z.shape)
            z = z + 0.05 * score(z) + self.sigma * noise
            return z, noise

        z, noises = jax.lax.scan(step, z, jnp.arange(self.steps))
        return z, noises


def main():
    z0 = jnp.zeros((2, 4))
    model = LangevinRefiner()
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, z0)
    _, noises = model.apply(variables, z0, rngs={"noise": jax.random.key(9)})
    return noises
