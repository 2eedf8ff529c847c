# label: ok
# flax-error: none
# class: 3 the sampler object's self.key starts the while_loop carry and is split in the body for each step's 'noise' rng
"""DDPM ancestral sampling with a raw jax.lax.while_loop counting t down to 0.

Twin of h213_ddpm_sampler: the key travels in the while_loop carry and is split at every
step, so each step passes a new 'noise' rng to the model."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1.0, 5.0))
        h = nn.gelu(nn.Dense(32)(jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], -1)))
        return nn.Dense(x.shape[-1])(h)

    def noise(self, shape):
        return jax.random.normal(self.make_rng("noise"), shape)


class DDPMSampler:
    def __init__(self, model, variables, key, steps=10):
        self.model, self.variables, self.key, self.steps = model, variables, key, steps
        self.betas = jnp.linspace(1e-4, 0.02, steps)
        self.alpha_bars = jnp.cumprod(1.0 - self.betas)

    def sample(self, x_T):
        def cond(state):
            return state[0] > 0

        def body(state):
            t, x, key, trace = state
            key, sub = jax.random.split(key)
            beta, abar = self.betas[t - 1], self.alpha_bars[t - 1]
            eps = self.model.apply(self.variables, x, t)
            z = self.model.apply(self.variables, x.shape, method=Denoiser.noise, rngs={"noise": sub})
            x = (x - beta / jnp.sqrt(1.0 - abar) * eps) / jnp.sqrt(1.0 - beta) + jnp.sqrt(beta) * z
            return t - 1, x, key, trace.at[t - 1].set(z)

        trace = jnp.zeros((self.steps,) + x_T.shape)
        _, x0, _, trace = jax.lax.while_loop(cond, body, (self.steps, x_T, self.key, trace))
        return x0, trace


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.PRNGKey(0), (3, 2))
    variables = model.init(jax.random.PRNGKey(1), x_T, 1)
    sampler = DDPMSampler(model, variables, jax.random.PRNGKey(2))
    x0, noise = sampler.sample(x_T)
    print("sample", x0)
    return noise
