# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 helper method self._eps constructs TimeEmbed and Dense submodules inside the raw fori_loop body of a compact __call__
"""DDPM ancestral sampling written inside a compact module (reverse chain in a raw fori_loop)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


def linear_betas(n):
    return jnp.linspace(1e-4, 0.02, n)


class TimeEmbed(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, t):
        freqs = jnp.exp(-jnp.arange(self.dim // 2) / (self.dim // 2))
        ang = t[..., None] * freqs
        return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], -1)


class DDPMSampler(nn.Module):
    width: int = 32
    n_steps: int = 10

    def _eps(self, x, t):
        temb = TimeEmbed(self.width)(jnp.full((x.shape[0],), t, jnp.float32))
        h = nn.Dense(self.width, name="eps_in")(x) + temb
        return nn.Dense(x.shape[-1], name="eps_out")(nn.silu(h))

    @nn.compact
    def __call__(self, x_T, noise):
        betas = linear_betas(self.n_steps)
        alphas = 1.0 - betas
        abar = jnp.cumprod(alphas)

        def reverse(i, x):
            t = self.n_steps - 1 - i
            eps = self._eps(x, t)
            mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
            return mean + jnp.sqrt(betas[t]) * noise[t]

        return lax.fori_loop(0, self.n_steps, reverse, x_T)


def main():
    model = DDPMSampler()
    x_T = jnp.ones((4, 2))
    noise = jax.random.normal(jax.random.key(1), (10, 4, 2))
    variables = model.init(jax.random.key(0), x_T, noise)
    samples = model.apply(variables, x_T, noise)
    return None
