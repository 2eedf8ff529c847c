# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/blocks_0/self_attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 generate() is run with apply(method=...); its fori_loop body calls self(...) in decode mode, reaching the attention 'cache' collection of every DecoderBlock
"""Tiny decoder-only transformer over MIDI-like event tokens, with KV-cache generation.

Tokens are (note-on / note-off / time-shift) events flattened into one vocabulary.
`generate` continues a one-token prompt greedily using the attention cache.
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

    def generate(self, first_token, n_new):
        batch = first_token.shape[0]
        out = jnp.zeros((batch, n_new + 1), jnp.int32).at[:, 0].set(first_token)

        def body(i, carry):
            tok, out = carry
            pos = jnp.full((batch, 1), i, jnp.int32)
            logits = self(tok[:, None], pos, decode=True)[:, -1]
            nxt = jnp.argmax(logits, -1).astype(jnp.int32)
            return nxt, out.at[:, i + 1].set(nxt)

        _, out = lax.fori_loop(0, n_new, body, (first_token, out))
        return out


def main():
    cfg = MusicConfig()
    model = MusicDecoder(cfg)
    dummy = jnp.zeros((1, cfg.max_len), jnp.int32)
    positions = jnp.arange(cfg.max_len)[None]
    variables = model.init(jax.random.PRNGKey(0), dummy, positions, decode=True)
    prompt = jnp.array([5], jnp.int32)
    events = model.apply(variables, prompt, cfg.max_len - 1, method=MusicDecoder.generate)
    events.block_until_ready()
    return None
