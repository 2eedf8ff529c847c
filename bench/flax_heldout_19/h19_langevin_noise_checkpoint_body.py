# label: same-values
# flax-error: none
# class: 4 self.make_rng('noise') is called inside a jax.checkpoint-wrapped step given to jax.lax.scan
"""Langevin-style refinement of a latent, memory-saving step wrapped in `jax.checkpoint`.

Modelled on score-based / diffusion samplers written inside a Linen module (the `loop_body`
of the diffusers Flax pipelines) combined with the "Flax - The Sharp Bits: dropout and
randomness" notes (google/flax#2593) on drawing keys with `make_rng`. The per-step noise is
returned for inspection.
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

        @jax.checkpoint
        def step(z, _):
            noise = jax.random.normal(self.make_rng("noise"), z.shape)
            z = z + 0.05 * score(z) + self.sigma * noise
            return z, noise

        z, noises = jax.lax.scan(step, z, None, length=self.steps)
        return z, noises


def main():
    z0 = jnp.zeros((2, 4))
    model = LangevinRefiner()
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, z0)
    _, noises = model.apply(variables, z0, rngs={"noise": jax.random.key(9)})
    return noises
