# label: ok
# flax-error: none
# class: 4 the attention layer fetches rotary tables from a lazily filled module-level registry; a prefill pass outside the raw scan fills it before the body runs the model
"""Greedy generation with an NNX rotary-attention LM; rotary sin/cos tables are memoized per (dim, length)."""
import dataclasses
from typing import Dict, Tuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

_ROPE_TABLES: Dict[Tuple[int, int], Tuple[jax.Array, jax.Array]] = {}


def rope_tables(dim: int, length: int):
    """Memoized rotary-embedding tables, shared by every attention layer."""
    if (dim, length) not in _ROPE_TABLES:
        inv_freq = 1.0 / (10000 ** (jnp.arange(0, dim, 2) / dim))
        angles = jnp.arange(length)[:, None] * inv_freq[None, :]
        _ROPE_TABLES[(dim, length)] = (jnp.sin(angles), jnp.cos(angles))
    return _ROPE_TABLES[(dim, length)]


def apply_rope(x, sin, cos):
    x1, x2 = x[..., ::2], x[..., 1::2]
    return jnp.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1)


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 13
    dim: int = 8
    max_len: int = 6


class RotaryAttention(nnx.Module):
    def __init__(self, cfg: LMConfig, *, rngs):
        self.qkv = nnx.Linear(cfg.dim, 3 * cfg.dim, rngs=rngs)
        self.out = nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)

    def __call__(self, h):
        q, k, v = jnp.split(self.qkv(h), 3, axis=-1)
        sin, cos = rope_tables(q.shape[-1], q.shape[-2])
        q, k = apply_rope(q, sin, cos), apply_rope(k, sin, cos)
        mask = jnp.tril(jnp.ones((h.shape[-2], h.shape[-2]), bool))
        scores = jnp.where(mask, q @ k.swapaxes(-1, -2) / jnp.sqrt(q.shape[-1]), -1e9)
        return self.out(jax.nn.softmax(scores) @ v)


class TinyLM(nnx.Module):
    def __init__(self, cfg: LMConfig, *, rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.dim, rngs=rngs)
        self.attn = RotaryAttention(cfg, rngs=rngs)
        self.norm = nnx.RMSNorm(cfg.dim, rngs=rngs)

    def __call__(self, tokens):
        h = self.embed(tokens)
        h = h + self.attn(self.norm(h))
        return self.embed.attend(h)


class Generator:
    def __init__(self, model: TinyLM, cfg: LMConfig):
        self.model, self.cfg = model, cfg

    def generate(self, prompt_len, tokens):
        self.model.eval()
        self.model(tokens)  # prefill pass over the prompt (also fills the rotary tables)

        def body(tokens, t):
            logits = self.model(tokens)
            nxt = jnp.argmax(logits[:, t - 1], -1)
            return tokens.at[:, t].set(nxt), nxt

        tokens, _ = lax.scan(body, tokens, jnp.arange(prompt_len, self.cfg.max_len))
        scores = jax.nn.log_softmax(self.model(tokens)).max(-1).sum(-1)
        return tokens, scores


def main():
    cfg = LMConfig()
    model = TinyLM(cfg, rngs=nnx.Rngs(0))
    tokens = jnp.zeros((2, cfg.max_len), jnp.int32).at[:, :2].set(jnp.array([[1, 2], [3, 4]]))
    out, scores = Generator(model, cfg).generate(2, tokens)
    print(out, scores)
    return None
