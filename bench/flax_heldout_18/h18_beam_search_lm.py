# label: ok
# flax-error: none
# class: 4 a factory returns the while_loop beam search whose body calls model.apply with the cache passed in the carry and mutable=['cache'], reordering it by beam
"""Beam search over a small language model that attends over its own decode cache."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LMConfig:
    vocab: int = 20
    d_model: int = 16
    max_len: int = 8
    beams: int = 3


class CachedDecoder(nn.Module):
    cfg: LMConfig

    @nn.compact
    def __call__(self, token):
        x = nn.Embed(self.cfg.vocab, self.cfg.d_model)(token)
        b, d = x.shape
        keys = self.variable("cache", "keys", jnp.zeros, (b, self.cfg.max_len, d))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        keys.value = jax.lax.dynamic_update_slice(keys.value, x[:, None], (0, index.value, 0))
        index.value = index.value + 1
        valid = jnp.arange(self.cfg.max_len) < index.value
        att = jax.nn.softmax(jnp.where(valid, jnp.einsum("bd,btd->bt", x, keys.value), -1e9), -1)
        h = x + jnp.einsum("bt,btd->bd", att, keys.value)
        return nn.Dense(self.cfg.vocab)(nn.gelu(nn.Dense(2 * self.cfg.d_model)(h)))


def make_beam_search(model, cfg):
    def decode_step(params, cache, token):
        logits, state = model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
        return jax.nn.log_softmax(logits), state["cache"]

    def reorder(cache, origin):
        return jax.tree.map(lambda c: c[origin] if c.ndim else c, cache)

    @functools.partial(jax.jit, static_argnames=("bos",))
    def search(params, cache, bos):
        k, v = cfg.beams, cfg.vocab
        tokens = jnp.full((k, cfg.max_len), bos, jnp.int32)
        scores = jnp.array([0.0] + [-jnp.inf] * (k - 1))

        def cond(state):
            return state[0] < cfg.max_len - 1

        def body(state):
            t, tokens, scores, cache = state
            logp, cache = decode_step(params, cache, tokens[:, t])
            flat = (scores[:, None] + logp).reshape(-1)
            scores, idx = jax.lax.top_k(flat, k)
            origin, token = idx // v, idx % v
            tokens = tokens[origin].at[:, t + 1].set(token)
            return t + 1, tokens, scores, reorder(cache, origin)

        _, tokens, scores, _ = jax.lax.while_loop(cond, body, (0, tokens, scores, cache))
        return tokens, scores

    return search


def main():
    cfg = LMConfig()
    model = CachedDecoder(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.beams,), jnp.int32))
    empty_cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    search = make_beam_search(model, cfg)
    tokens, scores = search(variables["params"], empty_cache, bos=1)
    tokens.block_until_ready()
    return None
