# label: same-values
# flax-error: none
# class: 3 a key drawn from the model's Rngs before the lax.scan is closed over by a lambda body and handed to the block's nnx.Dropout as rngs=
"""Perceiver-style latent array refined by repeated cross- and self-attention with latent dropout."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PerceiverConfig:
    n_latents: int = 8
    dim: int = 16
    in_dim: int = 5
    iters: int = 4
    latent_drop: float = 0.25


def attend(q, k, v):
    w = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return w @ v


class PerceiverBlock(nnx.Module):
    def __init__(self, cfg, rngs):
        self.q = nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)
        self.kv_in = nnx.Linear(cfg.in_dim, 2 * cfg.dim, rngs=rngs)
        self.qkv = nnx.Linear(cfg.dim, 3 * cfg.dim, rngs=rngs)
        self.norm = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.drop = nnx.Dropout(cfg.latent_drop, broadcast_dims=(1,))

    def __call__(self, z, x, key):
        k, v = jnp.split(self.kv_in(x), 2, axis=-1)
        z = z + attend(self.q(self.norm(z)), k, v)
        q2, k2, v2 = jnp.split(self.qkv(self.norm(z)), 3, axis=-1)
        keep = self.drop(jnp.ones_like(z), rngs=key)
        z = z + keep * attend(q2, k2, v2)
        return z, keep[:, 0]


class Perceiver(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.latents = nnx.Param(jax.random.normal(rngs.params(), (cfg.n_latents, cfg.dim)) * 0.2)
        self.block = PerceiverBlock(cfg, rngs)
        self.head = nnx.Linear(cfg.dim, 3, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x):
        key = self.rngs.latent()
        z, keeps = jax.lax.scan(lambda z, _: self.block(z, x, key), self.latents[...], None,
                                length=self.cfg.iters)
        return self.head(z.mean(0)), keeps


def main():
    cfg = PerceiverConfig()
    model = Perceiver(cfg, nnx.Rngs(params=0, latent=1))
    x = jax.random.normal(jax.random.key(2), (20, cfg.in_dim))
    logits, keeps = nnx.jit(lambda m, x: m(x))(model, x)
    print(logits)
    return keeps
