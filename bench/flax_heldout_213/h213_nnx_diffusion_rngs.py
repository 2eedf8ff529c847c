# label: same-values
# flax-error: none
# class: 5 make_sampler_step returns the while_loop body, which rebuilds nnx.Rngs(noise=0) at every step for the noise
"""DDPM sampling with an NNX denoiser; the step function comes from a factory and the
sampling loop is a raw jax.lax.while_loop.

Using a closed-over nnx.Rngs in the body raises a trace-level error, so the step builds a
new nnx.Rngs inside the body to draw its noise."""
import jax
import jax.numpy as jnp
from flax import nnx

STEPS = 10


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        temb = jnp.broadcast_to(jnp.sin(t * jnp.arange(1.0, 5.0)), x.shape[:-1] + (4,))
        return self.l2(nnx.gelu(self.l1(jnp.concatenate([x, temb], -1))))


def make_sampler_step(model, betas):
    alpha_bars = jnp.cumprod(1.0 - betas)

    def step(state):
        t, x, trace = state
        rngs = nnx.Rngs(noise=0)
        z = jax.random.normal(rngs.noise(), x.shape)
        beta, abar = betas[t - 1], alpha_bars[t - 1]
        x = (x - beta / jnp.sqrt(1.0 - abar) * model(x, t)) / jnp.sqrt(1.0 - beta) + jnp.sqrt(beta) * z
        return t - 1, x, trace.at[t - 1].set(z)

    return step


def main():
    model = Denoiser(2, nnx.Rngs(0))
    step = make_sampler_step(model, jnp.linspace(1e-4, 0.02, STEPS))
    x_T = jax.random.normal(jax.random.key(1), (5, 2))
    init = (STEPS, x_T, jnp.zeros((STEPS,) + x_T.shape))
    _, x0, noise = jax.lax.while_loop(lambda s: s[0] > 0, step, init)
    print("sample", x0)
    return noise
