# label: same-values
# flax-error: none
# class: 1 DDPM ancestral sampler: step closes over one PRNG key and draws jax.random.normal(key) each step
import jax
import jax.numpy as jnp
import flax.linen as nn


class EpsModel(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5))[None].repeat(x.shape[0], 0)
        h = nn.gelu(nn.Dense(32)(jnp.concatenate([x, temb], -1)))
        return nn.Dense(x.shape[-1])(h)


def sample(model, params, key, shape, T=10):
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    alpha_bars = jnp.cumprod(alphas)
    x_T = jax.random.normal(key, shape)
    noise_key = jax.random.fold_in(key, 1)

    def step(x, t):
        eps = model.apply(params, x, t.astype(jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(noise_key, shape)
        x = mean + jnp.sqrt(betas[t]) * z
        return x, z

    x0, zs = jax.lax.scan(step, x_T, jnp.arange(T)[::-1])
    return x0, zs


def main():
    model = EpsModel()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((3, 2)), 0.0)
    _, zs = jax.jit(sample, static_argnums=(0, 3))(model, params, jax.random.PRNGKey(5), (3, 2))
    return zs
