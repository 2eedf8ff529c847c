# label: same-values
# flax-error: none
# class: 4 latent neural SDE: a module-level make_em_step(drift, diffusion, dt) factory returns the raw lax.scan step, which draws its Brownian increment with diffusion.make_rng('brownian')
"""Latent SDE decoder (torchsde / diffrax "neural SDE" style) in Linen. The Euler-Maruyama
step is produced by a module-level factory that receives the drift and diffusion
submodules; the Brownian increment is drawn inside the step through the diffusion
submodule's make_rng, and the integrate() method scans the step over time."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Drift(nn.Module):
    @nn.compact
    def __call__(self, t, z):
        h = jnp.concatenate([z, jnp.full(z.shape[:-1] + (1,), t)], -1)
        return nn.Dense(z.shape[-1])(nn.softplus(nn.Dense(16)(h)))


class Diffusion(nn.Module):
    @nn.compact
    def __call__(self, t, z):
        return nn.sigmoid(nn.Dense(z.shape[-1])(z))


def make_em_step(drift, diffusion, dt):
    def em_step(z, t):
        dW = jnp.sqrt(dt) * jax.random.normal(diffusion.make_rng("brownian"), z.shape)
        z = z + drift(t, z) * dt + diffusion(t, z) * dW
        return z, dW

    return em_step


class LatentSDE(nn.Module):
    num_steps: int = 5

    def setup(self):
        self.drift = Drift()
        self.diffusion = Diffusion()

    def __call__(self, z0):
        return self.drift(0.0, z0) + self.diffusion(0.0, z0)

    def integrate(self, z0):
        dt = 1.0 / self.num_steps
        ts = jnp.arange(self.num_steps) * dt
        step = make_em_step(self.drift, self.diffusion, dt)
        _, increments = jax.lax.scan(step, z0, ts)
        return increments


def main():
    model = LatentSDE()
    z0 = jnp.zeros((2, 3))
    variables = model.init(jax.random.PRNGKey(0), z0)
    increments = model.apply(variables, z0, rngs={"brownian": jax.random.PRNGKey(1)}, method=LatentSDE.integrate)
    return increments
