# label: ok
# flax-error: none
# class: 2 the module-level sample() helper threads the attention 'cache' collection through the fori_loop carry and calls model.apply(..., mutable=['cache']) in the body
"""Tiny decoder-only transformer over MIDI-like event tokens, with KV-cache generation.

Tokens are (note-on / note-off / time-shift) events flattened into one vocabulary.
`sample` continues a one-token prompt greedily using the attention cache.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class MusicConfig:
    vocab: int = 24
    d_model: int = 16
    n_heads: int = 2
    n_layers: int = 2
    max_len: int = 8


class DecoderBlock(nn.Module):
    cfg: MusicConfig

    @nn.compact
    def __call__(self, x, mask, decode):
        c = self.cfg
        h = nn.LayerNorm()(x)
        h = nn.MultiHeadDotProductAttention(
            num_heads=c.n_heads, qkv_features=c.d_model, decode=decode, name="self_attn"
        )(h, h, mask=mask)
        x = x + h
        h = nn.LayerNorm()(x)
        h = nn.Dense(2 * c.d_model)(h)
        return x + nn.Dense(c.d_model)(nn.gelu(h))


class MusicDecoder(nn.Module):
    cfg: MusicConfig

    def setup(self):
        c = self.cfg
        self.tok_embed = nn.Embed(c.vocab, c.d_model)
        self.pos_embed = nn.Embed(c.max_len, c.d_model)
        self.blocks = [DecoderBlock(c) for _ in range(c.n_layers)]
        self.head = nn.Dense(c.vocab)

    def __call__(self, tokens, positions, decode=False):
        x = self.tok_embed(tokens) + self.pos_embed(positions)
        mask = None if decode else nn.make_causal_mask(tokens)
        for block in self.blocks:
            x = block(x, mask, decode)
        return self.head(x)


def sample(model, params, cache, first_token, n_new):
    batch = first_token.shape[0]
    out = jnp.zeros((batch, n_new + 1), jnp.int32).at[:, 0].set(first_token)

    def body(i, carry):
        tok, cache, out = carry
        pos = jnp.full((batch, 1), i, jnp.int32)
        logits, mutated = model.apply(
            {"params": params, "cache": cache}, tok[:, None], pos, decode=True, mutable=["cache"]
        )
        nxt = jnp.argmax(logits[:, -1], -1).astype(jnp.int32)
        return nxt, mutated["cache"], out.at[:, i + 1].set(nxt)

    _, _, out = lax.fori_loop(0, n_new, body, (first_token, cache, out))
    return out


def main():
    cfg = MusicConfig()
    model = MusicDecoder(cfg)
    dummy = jnp.zeros((1, cfg.max_len), jnp.int32)
    positions = jnp.arange(cfg.max_len)[None]
    variables = model.init(jax.random.PRNGKey(0), dummy, positions, decode=True)
    prompt = jnp.array([5], jnp.int32)
    events = sample(model, variables["params"], variables["cache"], prompt, cfg.max_len - 1)
    events.block_until_ready()
    return None
