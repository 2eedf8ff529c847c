# label: ok
# flax-error: none
# class: 4 one make_rng('noise') before the scan, split into per-step keys passed as xs
"""DDPM ancestral sampler as a Linen method: draw one key with make_rng,
split it into T keys and scan over them."""
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
        init_key, loop_key = jax.random.split(self.make_rng("noise"))
        x = jax.random.normal(init_key, shape)

        def step(x, inp):
            t, key = inp
            eps = self.eps_model(x, t)
            mean = (x - self.betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(key, shape)
            return mean + jnp.sqrt(self.betas[t]) * z, z

        keys = jax.random.split(loop_key, T)
        _, zs = jax.lax.scan(step, x, (jnp.arange(T - 1, -1, -1), keys))
        return zs


def main():
    model = DDPM()
    x = jnp.ones((2, 4))
    params = model.init(jax.random.key(0), x, 0)["params"]
    zs = model.apply({"params": params}, (2, 4), method=DDPM.sample,
                     rngs={"noise": jax.random.key(1)})
    return zs
