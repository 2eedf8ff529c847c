# label: same-values
# flax-error: none
# class: 1 a DDPM module's sample method runs fori_loop whose body calls self.make_rng('noise') inline for the ancestral noise
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


def linear_beta_schedule(num_steps):
    betas = jnp.linspace(1e-4, 0.02, num_steps)
    alphas = 1.0 - betas
    return betas, alphas, jnp.cumprod(alphas)


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t[:, None] * jnp.arange(1, 5)[None, :])
        h = nn.swish(nn.Dense(32)(jnp.concatenate([x, temb], axis=-1)))
        return nn.Dense(x.shape[-1])(h)


class DDPM(nn.Module):
    num_steps: int = 6

    def setup(self):
        self.eps_model = Denoiser()
        self.betas, self.alphas, self.alpha_bars = linear_beta_schedule(self.num_steps)

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def sample(self, shape):
        x = jax.random.normal(self.make_rng("noise"), shape)
        noises = jnp.zeros((self.num_steps,) + shape)

        def body(i, state):
            x, noises = state
            t = self.num_steps - 1 - i
            eps = self.eps_model(x, jnp.full((shape[0],), t, jnp.float32))
            mean = (x - self.betas[t] / jnp.sqrt(1.0 - self.alpha_bars[t]) * eps) / jnp.sqrt(self.alphas[t])
            z = jax.random.normal(self.make_rng("noise"), shape)
            x = mean + jnp.sqrt(self.betas[t]) * z * (t > 0)
            return x, noises.at[i].set(z)

        x, noises = fori_loop(0, self.num_steps, body, (x, noises))
        return x, noises


def main():
    ddpm = DDPM()
    x = jnp.zeros((3, 2))
    params = ddpm.init(jax.random.PRNGKey(0), x, jnp.zeros((3,)))
    _, noises = ddpm.apply(params, (3, 2), method=DDPM.sample, rngs={"noise": jax.random.PRNGKey(7)})
    return noises
