# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "x_t" in "/logger" because collection "intermediates" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body in Diffusion.sample calls self.logger, a submodule attribute that writes the 'intermediates' collection
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import scan as lax_scan

T = 8


def linear_alpha_bars(T, beta_min=1e-3, beta_max=0.2):
    betas = jnp.linspace(beta_min, beta_max, T)
    return jnp.cumprod(1.0 - betas)


class Denoiser(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        temb = nn.Dense(self.hidden)(jnp.sin(t[:, None] * jnp.arange(1, 5)))
        h = nn.silu(nn.Dense(self.hidden)(x) + temb)
        return nn.Dense(x.shape[-1])(h)


class TrajectoryLogger(nn.Module):
    @nn.compact
    def __call__(self, x_t):
        self.put_variable("intermediates", "x_t", x_t)
        return x_t


class Diffusion(nn.Module):
    def setup(self):
        self.denoiser = Denoiser()
        self.logger = TrajectoryLogger()
        self.alpha_bars = linear_alpha_bars(T)

    def __call__(self, x, t):
        return self.denoiser(x, t)

    def sample(self, x_T):
        """Deterministic DDIM (eta = 0) from t = T-1 down to 0."""
        def ddim_step(x, t):
            ab_t = self.alpha_bars[t]
            ab_prev = jnp.where(t > 0, self.alpha_bars[jnp.maximum(t - 1, 0)], 1.0)
            eps = self.denoiser(x, jnp.full((x.shape[0],), t, jnp.float32))
            x0 = (x - jnp.sqrt(1 - ab_t) * eps) / jnp.sqrt(ab_t)
            x = jnp.sqrt(ab_prev) * x0 + jnp.sqrt(1 - ab_prev) * eps
            self.logger(x)
            return x, None

        x, _ = lax_scan(ddim_step, x_T, jnp.arange(T - 1, -1, -1))
        return x


def main():
    model = Diffusion()
    x = jax.random.normal(jax.random.key(0), (4, 3))
    variables = model.init(jax.random.key(1), x, jnp.zeros((4,)))
    sample = model.apply(variables, x, method=Diffusion.sample)
    jax.block_until_ready(sample)
    return None
