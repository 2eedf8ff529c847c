# label: ok
# flax-error: none
# class: 1 Sampler.sample runs jax.lax.scan and folds the scanned timestep into the key from self.make_rng('noise')
"""DDPM ancestral sampler written as a module method.

Twin of h221_ddpm_sampler: make_rng is still called once in the traced body,
but the scanned timestep is folded into that key, so every step draws its own
posterior noise.
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
            z = jax.random.normal(jax.random.fold_in(self.make_rng('noise'), t), x.shape)
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
