# label: ok
# flax-error: none
# class: 1 the DDPM module's own sample() method runs jax.lax.scan and folds the step into self.make_rng('sample') in the scan body
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn


def linear_beta_schedule(num_steps, beta_start=1e-4, beta_end=2e-2):
    betas = np.linspace(beta_start, beta_end, num_steps, dtype=np.float32)
    alphas = 1.0 - betas
    alpha_bars = np.cumprod(alphas)
    return jnp.asarray(betas), jnp.asarray(alphas), jnp.asarray(alpha_bars)


class SinusoidalEmbedding(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, t):
        half = self.dim // 2
        freqs = jnp.exp(-jnp.log(10000.0) * jnp.arange(half) / half)
        args = t.astype(jnp.float32)[..., None] * freqs
        return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


class EpsNet(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        temb = SinusoidalEmbedding(self.hidden)(t)
        h = nn.Dense(self.hidden)(x) + nn.Dense(self.hidden)(temb)
        h = nn.silu(h)
        h = nn.silu(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


class DDPM(nn.Module):
    num_steps: int = 8

    def setup(self):
        self.eps_model = EpsNet()
        self.betas, self.alphas, self.alpha_bars = linear_beta_schedule(self.num_steps)

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def sample(self, x_T):
        def reverse_step(x_t, t):
            eps = self.eps_model(x_t, jnp.full(x_t.shape[:1], t))
            alpha, alpha_bar, beta = self.alphas[t], self.alpha_bars[t], self.betas[t]
            mean = (x_t - beta / jnp.sqrt(1.0 - alpha_bar) * eps) / jnp.sqrt(alpha)
            step_key = jax.random.fold_in(self.make_rng('sample'), t)
            z = jax.random.normal(step_key, x_t.shape)
            x_prev = mean + jnp.where(t > 0, jnp.sqrt(beta), 0.0) * z
            return x_prev, z

        timesteps = jnp.arange(self.num_steps - 1, -1, -1)
        x_0, noises = jax.lax.scan(reverse_step, x_T, timesteps)
        return x_0, noises


def main():
    model = DDPM()
    x = jnp.zeros((2, 4))
    variables = model.init(jax.random.key(0), x, jnp.zeros((2,), jnp.int32))
    x_T = jnp.ones((2, 4))
    x_0, noises = model.apply(variables, x_T, method=DDPM.sample, rngs={'sample': jax.random.key(42)})
    print('sample mean', x_0.mean())
    return noises
