# label: same-values
# flax-error: none
# class: 1 the DDPM module's sample method calls self.make_rng('noise') inside its own lax.scan body
"""Ancestral DDPM sampling written as a Linen module method with a raw lax.scan.

Modelled on reports of DDPM samplers whose denoising steps all add the same noise.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Denoiser(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        temb = jnp.broadcast_to(temb, x.shape[:-1] + (4,))
        h = nn.gelu(nn.Dense(32)(jnp.concatenate([x, temb], axis=-1)))
        return nn.Dense(self.features)(h)


class DDPM(nn.Module):
    features: int = 8
    steps: int = 6

    def setup(self):
        self.denoiser = Denoiser(self.features)

    def __call__(self, x, t):
        return self.denoiser(x, t)

    def sample(self, x_T):
        betas = jnp.linspace(1e-4, 0.02, self.steps)
        alphas = 1.0 - betas
        alpha_bars = jnp.cumprod(alphas)

        def body(x, t):
            eps = self.denoiser(x, t.astype(jnp.float32))
            a, ab = alphas[t], alpha_bars[t]
            mean = (x - (1.0 - a) / jnp.sqrt(1.0 - ab) * eps) / jnp.sqrt(a)
            noise = jax.random.normal(self.make_rng('noise'), x.shape)
            return mean + jnp.sqrt(betas[t]) * noise, noise

        x0, noises = lax.scan(body, x_T, jnp.arange(self.steps)[::-1])
        return x0, noises


def main():
    model = DDPM()
    x_T = jax.random.normal(jax.random.key(0), (2, 8))
    variables = model.init(jax.random.key(1), x_T, jnp.float32(0.0))
    _, noises = model.apply(variables, x_T, method=DDPM.sample, rngs={'noise': jax.random.key(2)})
    return noises


if __name__ == "__main__":
    print(main()[:, 0, :3])
