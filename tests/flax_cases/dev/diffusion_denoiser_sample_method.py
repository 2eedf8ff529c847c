# label: ok
# flax-error: none
# class: 3 DDIM-style sampler: __call__ runs the denoiser for training, sample() scans over timesteps under apply
import flax.linen as nn
import jax
import jax.numpy as jnp


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = nn.Dense(16)(jnp.sin(t[..., None] * jnp.arange(1, 9)))
        h = nn.silu(nn.Dense(16)(x) + temb)
        return nn.Dense(x.shape[-1])(h)


class Diffusion(nn.Module):
    steps: int = 8

    def setup(self):
        self.eps_model = Denoiser()

    def __call__(self, x_noisy, t):
        return self.eps_model(x_noisy, t)

    def sample(self, x_T):
        ts = jnp.linspace(1.0, 0.0, self.steps)

        def step(x, t):
            eps = self.eps_model(x, jnp.full(x.shape[:1], t))
            return x - eps / self.steps, None

        x0, _ = jax.lax.scan(step, x_T, ts)
        return x0


def main():
    x = jnp.ones((4, 2))
    model = Diffusion()
    variables = model.init(jax.random.PRNGKey(0), x, jnp.zeros((4,)))
    model.apply(variables, x, method=Diffusion.sample)
