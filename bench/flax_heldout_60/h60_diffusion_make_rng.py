# label: same-values
# flax-error: none
# class: 3 self.make_rng('noise') called inside a raw lax.scan body of a Linen sampler
"""DDPM-style ancestral sampler as a Linen module; the per-step noise comes from make_rng in the
scan body (a port of a PyTorch loop that called torch.randn_like every step)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EpsNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = nn.Dense(32)(jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1))
        return nn.Dense(x.shape[-1])(nn.silu(h))


class Sampler(nn.Module):
    steps: int = 6

    def setup(self):
        self.eps = EpsNet()
        betas = jnp.linspace(1e-4, 0.02, self.steps)
        self.alphas = 1.0 - betas
        self.alpha_bars = jnp.cumprod(self.alphas)

    def __call__(self, x_T):
        alphas, alpha_bars = self.alphas, self.alpha_bars
        self.eps(x_T, jnp.float32(self.steps))  # build the denoiser before the loop
        def body(x, t):
            a, ab = alphas[t], alpha_bars[t]
            eps = self.eps(x, t.astype(jnp.float32))
            noise = jax.random.normal(self.make_rng("noise"), x.shape)
            x = (x - (1 - a) / jnp.sqrt(1 - ab) * eps) / jnp.sqrt(a) + jnp.sqrt(1 - a) * noise
            return x, noise

        _, noises = lax.scan(body, x_T, jnp.arange(self.steps)[::-1])
        return noises


def main():
    model = Sampler()
    x = jnp.zeros((2, 4))
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x)
    return model.apply(variables, x, rngs={"noise": jax.random.key(2)})
