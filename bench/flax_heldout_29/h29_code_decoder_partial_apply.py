# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/blocks_0/MultiHeadDotProductAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 make_sampler factory's scan body calls a functools.partial of model.apply with the cache but without a mutable cache collection
"""Small code-completion decoder (t5x-style decode cache) sampled by a factory-built loop."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab: int = 40
    dim: int = 16
    heads: int = 2
    max_len: int = 12
    decode: bool = False


class DecoderBlock(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, x):
        mask = None if self.cfg.decode else nn.make_causal_mask(jnp.ones(x.shape[:2]))
        y = nn.MultiHeadDotProductAttention(
            num_heads=self.cfg.heads, qkv_features=self.cfg.dim, decode=self.cfg.decode)(
                nn.LayerNorm()(x), mask=mask)
        x = x + y
        return x + nn.Dense(self.cfg.dim)(nn.relu(nn.Dense(2 * self.cfg.dim)(nn.LayerNorm()(x))))


class CodeDecoder(nn.Module):
    cfg: DecoderConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.dim)
        self.blocks = [DecoderBlock(self.cfg) for _ in range(2)]

    def __call__(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            h = block(h)
        return self.embed.attend(h)


def make_sampler(model, params, num_steps):
    step_fn = functools.partial(model.apply, method=CodeDecoder.__call__)

    def sample(cache, first_tok):
        def body(carry, _):
            cache, tok = carry
            logits = step_fn({"params": params, "cache": cache}, tok[:, None])
            nxt = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
            return (cache, nxt), nxt

        (cache, last), toks = jax.lax.scan(body, (cache, first_tok), None, length=num_steps)
        return cache, last, toks.T

    return sample


def main():
    train_cfg = DecoderConfig()
    decode_cfg = dataclasses.replace(train_cfg, decode=True)
    prompt = jnp.array([[3], [7]], jnp.int32)
    params = CodeDecoder(train_cfg).init(jax.random.key(0), jnp.ones((2, 12), jnp.int32))["params"]
    decoder = CodeDecoder(decode_cfg)
    cache = decoder.init(jax.random.key(0), jnp.ones((2, 12), jnp.int32))["cache"]

    sample = make_sampler(decoder, params, num_steps=5)
    cache, last, completion = sample(cache, prompt[:, 0])
    cache, _, more = sample(cache, last)
    jnp.concatenate([completion, more], axis=1).block_until_ready()
    return None
