# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 generate() method run via apply(method=, mutable=['cache']) scans decode steps that update the attention cache inside the body
"""Small code-completion decoder (t5x-style decode cache) with a greedy generate method."""
import dataclasses

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

    def _next_token(self, tok):
        logits = self(tok[:, None])
        return jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)

    def generate(self, first_tok, num_steps: int):
        def body(tok, _):
            nxt = self._next_token(tok)
            return nxt, nxt

        last, toks = jax.lax.scan(body, first_tok, None, length=num_steps)
        return last, toks.T


def main():
    train_cfg = DecoderConfig()
    decode_cfg = dataclasses.replace(train_cfg, decode=True)
    prompt = jnp.array([[3], [7]], jnp.int32)
    params = CodeDecoder(train_cfg).init(jax.random.key(0), jnp.ones((2, 12), jnp.int32))["params"]
    decoder = CodeDecoder(decode_cfg)
    cache = decoder.init(jax.random.key(0), jnp.ones((2, 12), jnp.int32))["cache"]

    (last, completion), state = decoder.apply(
        {"params": params, "cache": cache}, prompt[:, 0], 5,
        method=CodeDecoder.generate, mutable=["cache"])
    (_, more), state = decoder.apply(
        {"params": params, "cache": state["cache"]}, last, 4,
        method=CodeDecoder.generate, mutable=["cache"])
    jnp.concatenate([completion, more], axis=1).block_until_ready()
    return None
