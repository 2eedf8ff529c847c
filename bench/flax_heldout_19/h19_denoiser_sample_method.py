# label: ok
# flax-error: none
# class: 3 a setup denoiser, built by __call__ at init, is called in a lax.fori_loop body of a sample() method run through apply(method=)
"""Small DDIM-like sampler living as a second method of the diffusion model.

Modelled on the Flax diffusion pipelines (diffusers `pipeline_flax_stable_diffusion*`
`loop_body(step, args)` run with `jax.lax.fori_loop`) and on novaia/ntg's implicit sampler,
but with the loop inside the module: `__call__` is the training forward pass that `init`
traces, and `sample` loops over the timesteps.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Denoiser(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1.0, self.width + 1.0))
        h = nn.gelu(nn.Dense(16)(x) + nn.Dense(16)(temb))
        return nn.Dense(self.width)(h)


class Diffusion(nn.Module):
    width: int = 6
    steps: int = 4

    def setup(self):
        self.denoiser = Denoiser(self.width)

    def __call__(self, x, t):
        return self.denoiser(x, t)

    def sample(self, x):
        ts = jnp.linspace(1.0, 0.0, self.steps + 1)

        def loop_body(i, x):
            eps = self.denoiser(x, ts[i])
            return x - (ts[i] - ts[i + 1]) * eps

        return lax.fori_loop(0, self.steps, loop_body, x)


def main():
    x = jax.random.normal(jax.random.key(1), (2, 6))
    model = Diffusion()
    variables = model.init(jax.random.key(0), x, jnp.array(0.5))
    out = model.apply(variables, x, method=Diffusion.sample)
    out = model.apply(variables, out, method=Diffusion.sample)
    out.block_until_ready()
    return None
