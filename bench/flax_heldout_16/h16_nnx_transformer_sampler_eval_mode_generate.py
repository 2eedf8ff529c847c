# label: ok
# flax-error: none
# class: 4 a Sampler object holds the model and puts it in eval mode; its generate() scan body runs the blocks in the model's nnx.List, each FeedForward with a Dropout
"""Small causal transformer language model with a fixed-buffer greedy sampler (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 17
    width: int = 16
    depth: int = 2
    dropout: float = 0.1
    max_len: int = 8


class CausalAttention(nnx.Module):
    def __init__(self, width, *, rngs):
        self.qkv = nnx.Linear(width, 3 * width, rngs=rngs)
        self.out = nnx.Linear(width, width, rngs=rngs)

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        scores = q @ k.swapaxes(-1, -2) / jnp.sqrt(q.shape[-1])
        mask = jnp.tril(jnp.ones((x.shape[-2], x.shape[-2]), bool))
        return self.out(jax.nn.softmax(jnp.where(mask, scores, -1e9)) @ v)


class FeedForward(nnx.Module):
    def __init__(self, width, rate, *, rngs):
        self.up = nnx.Linear(width, 4 * width, rngs=rngs)
        self.down = nnx.Linear(4 * width, width, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.down(nnx.gelu(self.up(x))))


class Block(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.norm1 = nnx.LayerNorm(cfg.width, rngs=rngs)
        self.attn = CausalAttention(cfg.width, rngs=rngs)
        self.norm2 = nnx.LayerNorm(cfg.width, rngs=rngs)
        self.ff = FeedForward(cfg.width, cfg.dropout, rngs=rngs)

    def __call__(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.ff(self.norm2(x))


class TransformerLM(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.width, rngs=rngs)
        self.pos = nnx.Param(jax.random.normal(rngs.params(), (cfg.max_len, cfg.width)) * 0.02)
        self.blocks = nnx.List([Block(cfg, rngs=rngs) for _ in range(cfg.depth)])
        self.norm = nnx.LayerNorm(cfg.width, rngs=rngs)

    def __call__(self, tokens):
        x = self.embed(tokens) + self.pos[...][: tokens.shape[-1]]
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(self.norm(x))


class Sampler:
    def __init__(self, model, cfg):
        self.model = model
        self.model.eval()
        self.cfg = cfg

    def generate(self, prompt):
        n = prompt.shape[-1]
        buffer = jnp.zeros((prompt.shape[0], self.cfg.max_len), jnp.int32).at[:, :n].set(prompt)

        def body(buffer, pos):
            logits = self.model(buffer)
            next_token = jnp.argmax(logits[:, pos - 1], axis=-1)
            return buffer.at[:, pos].set(next_token), next_token

        buffer, _ = jax.lax.scan(body, buffer, jnp.arange(n, self.cfg.max_len))
        return buffer


def main():
    cfg = LMConfig()
    model = TransformerLM(cfg, rngs=nnx.Rngs(0))
    sampler = Sampler(model, cfg)
    tokens = sampler.generate(jnp.array([[1, 2, 3], [4, 5, 6]]))
    assert tokens.shape == (2, cfg.max_len)
    return None
