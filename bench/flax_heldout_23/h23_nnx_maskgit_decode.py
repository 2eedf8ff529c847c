# label: ok
# flax-error: none
# class: 4 make_sampler() closure runs fori_loop refinement; the body calls the model after model.eval(), so its blocks' nnx.Dropout are deterministic
"""MaskGIT-style iterative decoding for a bidirectional token model.

Decoding starts from an all-[MASK] sequence; at each iteration the most
confident predictions are committed according to a cosine schedule.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class MaskGITConfig:
    vocab: int = 12
    seq_len: int = 10
    dim: int = 24
    depth: int = 2
    dropout: float = 0.1
    iters: int = 4

    @property
    def mask_id(self):
        return self.vocab


class MixerBlock(nnx.Module):
    def __init__(self, cfg, rngs):
        self.token_mix = nnx.Linear(cfg.seq_len, cfg.seq_len, rngs=rngs)
        self.channel_mix = nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)

    def __call__(self, h):
        h = h + self.token_mix(h.swapaxes(-1, -2)).swapaxes(-1, -2)
        return h + self.drop(nnx.gelu(self.channel_mix(h)))


class TokenModel(nnx.Module):
    def __init__(self, cfg: MaskGITConfig, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.vocab + 1, cfg.dim, rngs=rngs)
        self.blocks = nnx.List([MixerBlock(cfg, rngs) for _ in range(cfg.depth)])
        self.head = nnx.Linear(cfg.dim, cfg.vocab, rngs=rngs)

    def __call__(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            h = block(h)
        return self.head(h)


def refine_step(model, cfg, key, i, tokens):
    logits = model(tokens)
    g = jax.random.gumbel(jax.random.fold_in(key, i), logits.shape)
    pred = jnp.argmax(logits + g, -1)
    conf = jnp.where(tokens == cfg.mask_id, jnp.max(jax.nn.log_softmax(logits), -1), jnp.inf)
    keep_masked = jnp.floor(cfg.seq_len * jnp.cos(0.5 * jnp.pi * (i + 1) / cfg.iters)).astype(jnp.int32)
    cutoff = jnp.sort(conf, -1)[:, keep_masked][:, None]
    commit = (tokens == cfg.mask_id) & (conf >= cutoff)
    return jnp.where(commit, pred, tokens)


def make_sampler(model, cfg):
    model.eval()

    def sample(key, batch):
        tokens = jnp.full((batch, cfg.seq_len), cfg.mask_id)
        body = functools.partial(refine_step, model, cfg, key)
        return fori_loop(0, cfg.iters, body, tokens)
    return sample


def main():
    cfg = MaskGITConfig()
    model = TokenModel(cfg, nnx.Rngs(params=0, dropout=1))
    sample = make_sampler(model, cfg)
    tokens = sample(jax.random.key(2), 3)
    int(tokens.sum())
    return None
