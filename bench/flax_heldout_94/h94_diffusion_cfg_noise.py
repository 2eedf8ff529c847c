# label: same-values
# flax-error: none
# class: 2 self.make_rng('noise') is called inside the body of a raw jax.lax.scan over timesteps
"""DDPM ancestral sampler with classifier-free guidance written as a Linen module; the reverse
process loops over timesteps with jax.lax.scan and draws the step noise with self.make_rng."""
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

        def step(x, t):
            e_c = self.eps(x, jnp.full_like(cond, t), cond)
            e_u = self.eps(x, jnp.full_like(cond, t), null)
            e = e_u + self.guidance * (e_c - e_u)
            a, ab = self.alphas[t], self.alpha_bars[t]
            mean = (x - (1 - a) / jnp.sqrt(1 - ab) * e) / jnp.sqrt(a)
            z = jax.random.normal(self.make_rng("noise"), x.shape)
            return mean + jnp.sqrt(1 - a) * z, z

        x0, zs = jax.lax.scan(step, x_T, jnp.arange(T)[::-1])
        return zs


def main():
    sampler = CFGSampler()
    x_T = jax.random.normal(jax.random.PRNGKey(1), (2, 4))
    cond = jnp.array([1, 2])
    variables = sampler.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(2)}, x_T, cond)
    return sampler.apply(variables, x_T, cond, rngs={"noise": jax.random.PRNGKey(3)})
