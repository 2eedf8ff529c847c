# label: ok
# flax-error: none
# class: 2 a sample() method draws one key from self.rngs before the lax.fori_loop and the body folds in the step index
"""Unadjusted Langevin sampler around an NNX score network, noise per step via `fold_in`.

Modelled on the diffusion/score samplers in Flax code (diffusers' Flax `loop_body` run by
`jax.lax.fori_loop`) and on the NNX Rngs usage of google/flax#4151: the module's Rngs stream
is called once before the loop and each step folds in its index. The per-step noise is
returned.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreSampler(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def sample(self, x, steps: int, eps: float = 0.05):
        key = self.rngs.noise()
        noise_log = jnp.zeros((steps,) + x.shape)

        def body(i, carry):
            x, log = carry
            noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            x = x + eps * self.score(x) + jnp.sqrt(2 * eps) * noise
            return x, log.at[i].set(noise)

        x, noise_log = jax.lax.fori_loop(0, steps, body, (x, noise_log))
        return noise_log


def main():
    model = ScoreSampler(3, rngs=nnx.Rngs(params=0, noise=1))
    return model.sample(jnp.zeros((2, 3)), 4)
