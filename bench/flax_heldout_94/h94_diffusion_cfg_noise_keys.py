# label: ok
# flax-error: none
# class: 2 self.make_rng is called once before the raw jax.lax.scan and one split key per timestep goes in as xs
"""Same CFG sampler; make_rng is called once outside the loop and split into one key per
timestep, which the scan takes as xs alongside t."""
import jax
import jax.numpy as jnp
from flax import linen as nn

T = 5


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t, cond):
        emb = nn.Embed(T, x.shape[-1])(t) + nn.Embed(3, x.shape[-1])(cond)
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(16)(x + emb)))


class CFGSampler(nn.Module):
    guidance: float = 2.0

    def setup(self):
        self.eps = Denoiser()
        betas = jnp.linspace(1e-4, 0.02, T)
        self.alphas = 1.0 - betas
        self.alpha_bars = jnp.cumprod(self.alphas)

    def __call__(self, x_T, cond):
        null = jnp.zeros_like(cond)
        if self.is_initializing():
            self.eps(x_T, jnp.zeros_like(cond), cond)
        keys = jax.random.split(self.make_rng("noise"), T)

        def step(x, t_key):
            t, key = t_key
            e_c = self.eps(x, jnp.full_like(cond, t), cond)
            e_u = self.eps(x, jnp.full_like(cond, t), null)
            e = e_u + self.guidance * (e_c - e_u)
            a, ab = self.alphas[t], self.alpha_bars[t]
            mean = (x - (1 - a) / jnp.sqrt(1 - ab) * e) / jnp.sqrt(a)
            z = jax.random.normal(key, x.shape)
            return mean + jnp.sqrt(1 - a) * z, z

        x0, zs = jax.lax.scan(step, x_T, (jnp.arange(T)[::-1], keys))
        return zs


def main():
    sampler = CFGSampler()
    x_T = jax.random.normal(jax.random.PRNGKey(1), (2, 4))
    cond = jnp.array([1, 2])
    variables = sampler.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(2)}, x_T, cond)
    return sampler.apply(variables, x_T, cond, rngs={"noise": jax.random.PRNGKey(3)})
