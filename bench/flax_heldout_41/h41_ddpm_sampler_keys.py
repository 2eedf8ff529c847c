# label: ok
# flax-error: none
# class: 3 self.make_rng('noise') is called once before the raw scan and split into one key per step, fed to the body as xs
"""DDPM ancestral sampler written as a method of the Linen model (ported from a PyTorch sampler loop)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

T = 10


class Denoiser(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.broadcast_to(jnp.sin(t / T)[..., None], x.shape[:-1] + (1,))
        h = nn.Dense(64)(jnp.concatenate([x, temb], axis=-1))
        return nn.Dense(self.dim)(nn.swish(h))


class DDPM(nn.Module):
    dim: int = 16

    def setup(self):
        self.eps_model = Denoiser(self.dim)
        self.betas = jnp.linspace(1e-4, 0.02, T)

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def sample(self, x_T):
        alphas = 1.0 - self.betas
        alpha_bars = jnp.cumprod(alphas)
        keys = jax.random.split(self.make_rng("noise"), T)

        def step(x, inp):
            t, key = inp
            eps = self.eps_model(x, jnp.full(x.shape[:1], t, jnp.float32))
            mean = (x - self.betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(key, x.shape)
            x = mean + jnp.sqrt(self.betas[t]) * jnp.where(t > 0, 1.0, 0.0) * z
            return x, z

        x0, zs = scan(step, x_T, (jnp.arange(T - 1, -1, -1), keys))
        return x0, zs


def main():
    model = DDPM()
    x = jnp.zeros((4, 16))
    variables = model.init(jax.random.PRNGKey(0), x, jnp.zeros((4,)))
    x_T = jax.random.normal(jax.random.PRNGKey(1), (4, 16))
    _, noise = model.apply(variables, x_T, method=DDPM.sample, rngs={"noise": jax.random.PRNGKey(2)})
    return noise
