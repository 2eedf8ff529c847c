# label: same-values
# flax-error: none
# class: 1 the ancestral-sampling step is a closure in the module's sample method and calls self.make_rng('sample') inside the raw scan body
"""DDPM ancestral sampler for a small score network (Ho et al. 2020)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class EpsNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        temb = nn.Dense(self.hidden)(jnp.sin(t[:, None] * jnp.arange(1, 5)))
        h = nn.silu(nn.Dense(self.hidden)(x) + temb)
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(self.hidden)(h)))


class DDPM(nn.Module):
    num_steps: int = 10

    def setup(self):
        self.eps_model = EpsNet()
        self.betas = jnp.linspace(1e-4, 0.05, self.num_steps)
        self.alphas = 1.0 - self.betas
        self.alpha_bars = jnp.cumprod(self.alphas)

    def __call__(self, x0, t, noise):
        ab = self.alpha_bars[t][:, None]
        xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1 - ab) * noise
        return jnp.mean((self.eps_model(xt, t / self.num_steps) - noise) ** 2)

    def sample(self, x_T):
        def step(x, t):
            tt = jnp.full((x.shape[0],), t)
            eps = self.eps_model(x, tt / self.num_steps)
            coef = self.betas[t] / jnp.sqrt(1 - self.alpha_bars[t])
            mean = (x - coef * eps) / jnp.sqrt(self.alphas[t])
            z = jax.random.normal(self.make_rng("sample"), x.shape)
            return mean + jnp.sqrt(self.betas[t]) * z, z

        _, zs = jax.lax.scan(step, x_T, jnp.arange(self.num_steps)[::-1])
        return zs


def main():
    model = DDPM()
    x0 = jnp.zeros((4, 2))
    t = jnp.zeros((4,), jnp.int32)
    variables = model.init(jax.random.key(0), x0, t, x0)
    x_T = jax.random.normal(jax.random.key(1), (4, 2))
    return model.apply(variables, x_T, method=DDPM.sample, rngs={"sample": jax.random.key(2)})
