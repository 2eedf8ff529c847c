# label: ok
# flax-error: none
# class: 2 the module method sample runs lax.fori_loop whose body (a closure over self) folds the loop index into a key drawn once with self.make_rng('diffusion')
"""DDPM ancestral sampling of mel-spectrogram frames with a small noise-prediction network."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


def linear_schedule(num_steps, beta_start=1e-4, beta_end=0.05):
    betas = jnp.linspace(beta_start, beta_end, num_steps)
    alphas = 1.0 - betas
    return betas, alphas, jnp.cumprod(alphas)


class MelDenoiser(nn.Module):
    n_mels: int = 16
    hidden: int = 64
    num_steps: int = 10

    @nn.compact
    def __call__(self, x, t):
        temb = nn.Embed(self.num_steps, self.hidden)(t)
        h = nn.Dense(self.hidden)(x) + temb[:, None, :]
        h = nn.silu(nn.Dense(self.hidden)(nn.silu(h)))
        return nn.Dense(self.n_mels)(h)

    def sample(self, shape):
        betas, alphas, alpha_bars = linear_schedule(self.num_steps)
        step_key = self.make_rng("diffusion")

        def body(i, carry):
            x, noises = carry
            t = self.num_steps - 1 - i
            eps_hat = self(x, jnp.full((shape[0],), t))
            mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps_hat) / jnp.sqrt(alphas[t])
            z = jax.random.normal(jax.random.fold_in(step_key, i), shape)
            x = mean + jnp.where(t > 0, jnp.sqrt(betas[t]), 0.0) * z
            return x, noises.at[i].set(z)

        x0 = jax.random.normal(self.make_rng("diffusion"), shape)
        noises = jnp.zeros((self.num_steps, *shape))
        _, noises = lax.fori_loop(0, self.num_steps, body, (x0, noises))
        return noises


def main():
    shape = (2, 20, 16)  # batch, frames, mel bins
    model = MelDenoiser()
    variables = model.init(jax.random.key(0), jnp.zeros(shape), jnp.zeros((2,), jnp.int32))
    noises = model.apply(variables, shape, method=MelDenoiser.sample,
                         rngs={"diffusion": jax.random.key(1)})
    return noises
