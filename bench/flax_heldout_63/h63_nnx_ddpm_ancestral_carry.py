# label: ok
# flax-error: none
# class: 2 the key travels in the scan carry and is split at every reverse step
"""DDPM ancestral sampling with an NNX model; the key is threaded through the jax.lax.scan carry."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
lax = jax.lax

T = 8


class EpsModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 4, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t / T, x.shape[:-1] + (1,))], -1)
        return self.l2(nnx.swish(self.l1(h)))


def main():
    model = EpsModel(nnx.Rngs(0))
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1 - betas
    alpha_bar = jnp.cumprod(alphas)
    key = jax.random.key(0)
    key, init_key = jax.random.split(key)
    x = jax.random.normal(init_key, (2, 4))

    def sample_step(carry, t):
        x, key = carry
        key, sub = jax.random.split(key)
        eps = model(x, t)
        x = (x - betas[t] / jnp.sqrt(1 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(sub, x.shape)
        return (x + jnp.sqrt(betas[t]) * z, key), z

    _, zs = lax.scan(sample_step, (x, key), jnp.arange(T)[::-1])
    return zs
