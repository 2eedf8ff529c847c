# label: ok
# flax-error: none
# class: 3 a Captioner object's greedy_decode() while_loop body calls the decoder's step method, which passes deterministic=True down to the Dropout inside the GRU-style cell
"""Image-feature captioner: a GRU-style decoder generates tokens until an end token (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CaptionConfig:
    feat_dim: int = 6
    vocab: int = 10
    embed: int = 8
    hidden: int = 12
    dropout: float = 0.3
    max_len: int = 7
    end_token: int = 0


class GatedCell(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.gates = nnx.Linear(cfg.embed + cfg.hidden, 2 * cfg.hidden, rngs=rngs)
        self.cand = nnx.Linear(cfg.embed + cfg.hidden, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)

    def __call__(self, h, x, *, deterministic=False):
        x = self.drop(x, deterministic=deterministic)
        z, r = jnp.split(nnx.sigmoid(self.gates(jnp.concatenate([x, h], -1))), 2, -1)
        c = jnp.tanh(self.cand(jnp.concatenate([x, r * h], -1)))
        return (1.0 - z) * h + z * c


class CaptionDecoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.init_h = nnx.Linear(cfg.feat_dim, cfg.hidden, rngs=rngs)
        self.embed = nnx.Embed(cfg.vocab, cfg.embed, rngs=rngs)
        self.cell = GatedCell(cfg, rngs=rngs)
        self.readout = nnx.Linear(cfg.hidden, cfg.vocab, rngs=rngs)

    def step(self, h, token, *, deterministic=False):
        h = self.cell(h, self.embed(token), deterministic=deterministic)
        return h, self.readout(h)


class Captioner:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.decoder = CaptionDecoder(cfg, rngs=nnx.Rngs(seed))

    def greedy_decode(self, features):
        cfg = self.cfg

        def cond(carry):
            i, _, token, _ = carry
            return (i < cfg.max_len) & jnp.any(token != cfg.end_token)

        def body(carry):
            i, h, token, out = carry
            h, logits = self.decoder.step(h, token, deterministic=True)
            token = jnp.argmax(logits, -1)
            return i + 1, h, token, out.at[:, i].set(token)

        h0 = jnp.tanh(self.decoder.init_h(features))
        start = jnp.ones((features.shape[0],), jnp.int32)
        out = jnp.zeros((features.shape[0], cfg.max_len), jnp.int32)
        return jax.lax.while_loop(cond, body, (0, h0, start, out))[3]


def main():
    cfg = CaptionConfig()
    captioner = Captioner(cfg)
    feats = jax.random.normal(jax.random.key(3), (2, cfg.feat_dim))
    captions = captioner.greedy_decode(feats)
    assert captions.shape == (2, cfg.max_len)
    return None
