# label: same-values
# flax-error: none
# class: 4 a module-level augmentation-averaged embedding takes the NNX encoder and one rngs.aug() key drawn before the fori_loop, reused every pass
"""Test-time augmentation embedding for a SimCLR-pretrained NNX encoder (Gaussian jitter views)."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, din, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 128, rngs=rngs)
        self.ln = nnx.LayerNorm(128, rngs=rngs)
        self.l2 = nnx.Linear(128, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.ln(self.l1(x))))


def tta_embedding(encoder, x, rngs: nnx.Rngs, n_views=6, jitter=0.1):
    aug_key = rngs.aug()
    emb = jnp.zeros((x.shape[0], 32))
    noises = jnp.zeros((n_views,) + x.shape)

    def body(i, carry):
        emb, noises = carry
        noise = jitter * jax.random.normal(aug_key, x.shape)
        z = encoder(x + noise)
        emb = emb + z / jnp.linalg.norm(z, axis=-1, keepdims=True) / n_views
        return emb, noises.at[i].set(noise)

    emb, noises = lax.fori_loop(0, n_views, body, (emb, noises))
    return emb, noises


def main():
    encoder = Encoder(16, 32, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (8, 16))
    _, noises = tta_embedding(encoder, x, nnx.Rngs(aug=3))
    return noises
