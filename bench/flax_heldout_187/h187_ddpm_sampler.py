# label: same-values
# flax-error: none
# class: 1 the diffusion module's own sample() method runs lax.scan and calls self.make_rng in the body
"""DDPM ancestral sampling written as a method of the diffusion model.  The method
returns the noise injected at every step so it can be checked against the schedule."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class EpsNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 9, dtype=jnp.float32))
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (8,))], -1)
        h = nn.gelu(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h)


class Diffusion(nn.Module):
    steps: int = 6

    def setup(self):
        self.eps_net = EpsNet()
        self.betas = jnp.linspace(1e-4, 0.02, self.steps)

    def __call__(self, x, t):
        return self.eps_net(x, t)

    def sample(self, x_T):
        alphas = 1.0 - self.betas
        alpha_bar = jnp.cumprod(alphas)

        def step(x, t):
            eps = self.eps_net(x, t.astype(jnp.float32))
            mean = (x - self.betas[t] / jnp.sqrt(1 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(self.make_rng("noise"), x.shape)
            return mean + jnp.sqrt(self.betas[t]) * z, z

        x0, zs = lax.scan(step, x_T, jnp.arange(self.steps)[::-1])
        return x0, zs


def main():
    model = Diffusion()
    x_T = jax.random.normal(jax.random.key(0), (4, 2))
    params = model.init(jax.random.key(1), x_T, jnp.float32(0.0))
    x0, zs = model.apply(params, x_T, method=Diffusion.sample, rngs={"noise": jax.random.key(2)})
    return zs
