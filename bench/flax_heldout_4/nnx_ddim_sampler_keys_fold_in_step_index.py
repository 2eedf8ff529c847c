# label: ok
# flax-error: none
# class: 1 NNX stochastic DDIM sampler: one key drawn from rngs before the scan, folded with the step index inside the body
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, d, *, rngs):
        self.l1 = nnx.Linear(d + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, d, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1)
        return self.l2(nnx.gelu(self.l1(h)))


def ddim_sample(model, x_T, key, n_steps=6, eta=0.5):
    alpha_bars = jnp.linspace(0.1, 0.99, n_steps + 1)

    def step(x, i):
        a_t, a_prev = alpha_bars[i], alpha_bars[i + 1]
        eps = model(x, i / n_steps)
        x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
        sigma = eta * jnp.sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev - sigma ** 2) * eps + sigma * z
        return x, z

    return jax.lax.scan(step, x_T, jnp.arange(n_steps))


def main():
    rngs = nnx.Rngs(params=0, sample=7)
    model = Denoiser(2, rngs=rngs)
    _, zs = ddim_sample(model, jnp.zeros((4, 2)), rngs.sample())
    return zs
