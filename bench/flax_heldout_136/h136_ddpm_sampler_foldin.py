# label: ok
# flax-error: none
# class: 1 DDPMSampler.sample runs the scan itself; the body folds the step index into self.make_rng('sample')
"""Ancestral DDPM sampling written as a module method with a raw scan.

The body folds the timestep into the key it gets from make_rng, so each step draws its own z.
Returns the per-step noise z.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        tt = jnp.full(x.shape[:-1] + (1,), t, x.dtype)
        h = nn.gelu(nn.Dense(32)(jnp.concatenate([x, tt], -1)))
        return nn.Dense(x.shape[-1])(h)


class DDPMSampler(nn.Module):
    steps: int = 8

    def setup(self):
        self.net = Denoiser()
        betas = jnp.linspace(1e-4, 0.02, self.steps)
        self.alphas = 1.0 - betas
        self.alpha_bar = jnp.cumprod(self.alphas)

    def __call__(self, x, t):
        return self.net(x, t)

    def sample(self, x_T):
        def body(x, t):
            eps = self.net(x, t.astype(jnp.float32) / self.steps)
            a, ab = self.alphas[t], self.alpha_bar[t]
            mean = (x - (1.0 - a) / jnp.sqrt(1.0 - ab) * eps) / jnp.sqrt(a)
            z = jax.random.normal(jax.random.fold_in(self.make_rng('sample'), t), x.shape)
            return mean + jnp.sqrt(1.0 - a) * z, z

        x0, zs = scan(body, x_T, jnp.arange(self.steps)[::-1])
        return zs


def main():
    model = DDPMSampler()
    x = jnp.zeros((4, 2))
    variables = model.init(jax.random.PRNGKey(0), x, 0.0)
    x_T = jax.random.normal(jax.random.PRNGKey(3), (4, 2))
    zs = model.apply(variables, x_T, rngs={'sample': jax.random.PRNGKey(1)}, method=DDPMSampler.sample)
    return zs
