# label: ok
# flax-error: none
# class: 3 the model is put in eval mode, so the nnx.Dropout in the residual MLP run by the functools.partial lax.fori_loop body draws no key
"""Slot attention object discovery: iterative competitive attention refinement of slots."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class SlotConfig:
    n_slots: int = 4
    dim: int = 16
    hidden: int = 32
    iters: int = 3
    dropout: float = 0.1


class ResidualMLP(nnx.Module):
    def __init__(self, cfg, rngs):
        self.norm = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.fc1 = nnx.Linear(cfg.dim, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.dim, rngs=rngs)

    def __call__(self, x):
        return x + self.fc2(self.drop(nnx.relu(self.fc1(self.norm(x)))))


class SlotAttention(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.norm_in = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.norm_slots = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.q = nnx.Linear(cfg.dim, cfg.dim, use_bias=False, rngs=rngs)
        self.kv = nnx.Linear(cfg.dim, 2 * cfg.dim, use_bias=False, rngs=rngs)
        self.gru = nnx.GRUCell(cfg.dim, cfg.dim, rngs=rngs)
        self.mlp = ResidualMLP(cfg, rngs)

    def _attend(self, slots, k, v):
        logits = k @ self.q(self.norm_slots(slots)).T / jnp.sqrt(self.cfg.dim)
        attn = jax.nn.softmax(logits, axis=-1) + 1e-8
        return (attn / attn.sum(0, keepdims=True)).T @ v

    def _refine(self, i, slots, k, v):
        slots, _ = self.gru(slots, self._attend(slots, k, v))
        return self.mlp(slots)

    def __call__(self, inputs, slots):
        k, v = jnp.split(self.kv(self.norm_in(inputs)), 2, axis=-1)
        body = functools.partial(self._refine, k=k, v=v)
        return jax.lax.fori_loop(0, self.cfg.iters, body, slots)


class SlotAutoencoder(nnx.Module):
    def __init__(self, cfg, rngs):
        self.encoder = nnx.Linear(3, cfg.dim, rngs=rngs)
        self.slot_attention = SlotAttention(cfg, rngs)
        self.slots_mu = nnx.Param(jax.random.normal(rngs.params(), (1, cfg.dim)) * 0.1)
        self.noise = rngs.fork()
        self.n_slots = cfg.n_slots

    def __call__(self, pixels):
        eps = jax.random.normal(self.noise.default(), (self.n_slots, self.slots_mu.shape[-1]))
        return self.slot_attention(self.encoder(pixels), self.slots_mu[...] + 0.1 * eps)


def main():
    cfg = SlotConfig()
    model = SlotAutoencoder(cfg, nnx.Rngs(0))
    model.eval()
    pixels = jax.random.uniform(jax.random.key(1), (36, 3))
    slots = model(pixels)
    print(slots.shape)
    return None
