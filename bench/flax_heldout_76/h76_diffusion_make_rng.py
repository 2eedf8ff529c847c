# label: same-values
# flax-error: none
# class: 2 self.make_rng('noise') called inside the lax.scan body of a sampler method; the rng counter advances once at trace time
"""DDPM ancestral sampler written as a Linen module method, loop moved to
jax.lax.scan. Returns the noise drawn at each reverse step."""
import jax
import jax.numpy as jnp
from flax import linen as nn

T = 6


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.full(x.shape[:-1] + (1,), t, x.dtype) / T
        h = nn.gelu(nn.Dense(32)(jnp.concatenate([x, temb], -1)))
        return nn.Dense(x.shape[-1])(h)


class DDPM(nn.Module):
    def setup(self):
        self.eps_model = Denoiser()
        self.betas = jnp.linspace(1e-4, 0.02, T)

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def sample(self, shape):
        alphas = 1.0 - self.betas
        abar = jnp.cumprod(alphas)
        x = jax.random.normal(self.make_rng("noise"), shape)

        def step(x, t):
            eps = self.eps_model(x, t)
            mean = (x - self.betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(self.make_rng("noise"), shape)
            return mean + jnp.sqrt(self.betas[t]) * z, z

        _, zs = jax.lax.scan(step, x, jnp.arange(T - 1, -1, -1))
        return zs


def main():
    model = DDPM()
    x = jnp.ones((2, 4))
    params = model.init(jax.random.key(0), x, 0)["params"]
    zs = model.apply({"params": params}, (2, 4), method=DDPM.sample,
                     rngs={"noise": jax.random.key(1)})
    return zs
