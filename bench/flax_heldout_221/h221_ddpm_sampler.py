# label: same-values
# flax-error: none
# class: 1 Sampler.sample runs jax.lax.scan over timesteps and calls self.make_rng('noise') inside the body
"""DDPM ancestral sampler written as a module method.

Shape of a forum report: "my DDPM samples are blurry, the added noise looks the
same at every step". The sampler scans over the reverse timesteps and draws the
posterior noise with self.make_rng inside the scan body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

T = 8


class Denoiser(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, self.features + 1) / T)
        h = nn.Dense(self.features)(x) + temb
        h = nn.gelu(h)
        return nn.Dense(x.shape[-1])(h)


class Sampler(nn.Module):
    dim: int = 4

    def setup(self):
        self.eps_model = Denoiser()
        betas = jnp.linspace(1e-4, 0.02, T)
        self.betas = betas
        self.alphas = 1.0 - betas
        self.alpha_bars = jnp.cumprod(1.0 - betas)

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def sample(self, x_T):
        def step(x, t):
            eps = self.eps_model(x, t.astype(jnp.float32))
            a, ab, b = self.alphas[t], self.alpha_bars[t], self.betas[t]
            mean = (x - b / jnp.sqrt(1.0 - ab) * eps) / jnp.sqrt(a)
            z = jax.random.normal(self.make_rng('noise'), x.shape)
            x = mean + jnp.sqrt(b) * z
            return x, z

        ts = jnp.arange(T - 1, -1, -1)
        x0, zs = jax.lax.scan(step, x_T, ts)
        return x0, zs


def main():
    model = Sampler()
    x_T = jax.random.normal(jax.random.PRNGKey(0), (2, 4))
    variables = model.init(jax.random.PRNGKey(1), x_T, jnp.float32(0.0))
    _, zs = model.apply(variables, x_T, method=Sampler.sample,
                        rngs={'noise': jax.random.PRNGKey(2)})
    return zs
