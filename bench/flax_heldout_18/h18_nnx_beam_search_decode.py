# label: ok
# flax-error: none
# class: 4 a factory splits the decode-mode LM into params and Cache; the while_loop body merges them, steps the model, splits out the updated Cache and reorders it by beam in the carry
"""Beam search over an NNX decode-mode attention language model, with the cache carried functionally."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 16
    d_model: int = 16
    heads: int = 2
    max_len: int = 6
    beams: int = 3


class TinyLM(nnx.Module):
    def __init__(self, cfg, rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.d_model, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(num_heads=cfg.heads, in_features=cfg.d_model,
                                           decode=True, rngs=rngs)
        self.out = nnx.Linear(cfg.d_model, cfg.vocab, rngs=rngs)

    def __call__(self, token):
        x = self.embed(token)[:, None]
        x = x + self.attn(x)
        return self.out(x[:, 0])


def make_beam_search(model, cfg):
    model.attn.init_cache((cfg.beams, cfg.max_len, cfg.d_model))
    graphdef, params, cache, rest = nnx.split(model, nnx.Param, nnx.Cache, ...)

    def step(cache, token):
        lm = nnx.merge(graphdef, params, cache, rest)
        logp = jax.nn.log_softmax(lm(token))
        _, _, cache, _ = nnx.split(lm, nnx.Param, nnx.Cache, ...)
        return logp, cache

    def search(bos):
        k, v = cfg.beams, cfg.vocab
        tokens = jnp.full((k, cfg.max_len), bos, jnp.int32)
        scores = jnp.array([0.0] + [-jnp.inf] * (k - 1))

        def body(state):
            t, tokens, scores, cache = state
            logp, cache = step(cache, tokens[:, t])
            scores, idx = jax.lax.top_k((scores[:, None] + logp).reshape(-1), k)
            origin = idx // v
            tokens = tokens[origin].at[:, t + 1].set(idx % v)
            cache = jax.tree.map(lambda c: c[origin] if c.ndim and c.shape[0] == k else c, cache)
            return t + 1, tokens, scores, cache

        state = (0, tokens, scores, cache)
        _, tokens, scores, _ = jax.lax.while_loop(lambda s: s[0] < cfg.max_len - 1, body, state)
        return tokens, scores

    return search


def main():
    cfg = LMConfig()
    model = TinyLM(cfg, nnx.Rngs(0))
    search = make_beam_search(model, cfg)
    tokens, scores = search(1)
    tokens.block_until_ready()
    return None
