# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup-defined recycling block is first called in a scan body through a helper method, so init creates its params inside the body
"""Masked protein language model with AlphaFold-style recycling of the trunk output."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ProteinConfig:
    vocab: int = 25
    dim: int = 16
    heads: int = 2
    layers: int = 2
    recycles: int = 3


class EncoderLayer(nn.Module):
    cfg: ProteinConfig

    @nn.compact
    def __call__(self, h, mask):
        y = nn.LayerNorm()(h)
        y = nn.SelfAttention(num_heads=self.cfg.heads, qkv_features=self.cfg.dim)(y, mask=mask)
        h = h + y
        y = nn.LayerNorm()(h)
        y = nn.Dense(self.cfg.dim * 2)(y)
        return h + nn.Dense(self.cfg.dim)(nn.gelu(y))


class RecycleEmbedder(nn.Module):
    cfg: ProteinConfig

    @nn.compact
    def __call__(self, prev, h):
        prev = nn.LayerNorm(name="prev_norm")(prev)
        return h + nn.Dense(self.cfg.dim, name="prev_proj")(prev)


class ProteinEncoder(nn.Module):
    cfg: ProteinConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.dim)
        self.layers = [EncoderLayer(self.cfg) for _ in range(self.cfg.layers)]
        self.recycle = RecycleEmbedder(self.cfg)
        self.lm_head = nn.Dense(self.cfg.vocab)

    def trunk(self, h, mask):
        for layer in self.layers:
            h = layer(h, mask)
        return h

    def _recycle_iteration(self, h0, mask, prev):
        return self.trunk(self.recycle(prev, h0), mask)

    def __call__(self, tokens):
        mask = nn.make_attention_mask(tokens > 0, tokens > 0)
        h0 = self.embed(tokens)
        first = self.trunk(h0, mask)

        def body(prev, _):
            return self._recycle_iteration(h0, mask, jax.lax.stop_gradient(prev)), None

        final, _ = jax.lax.scan(body, first, None, length=self.cfg.recycles - 1)
        return self.lm_head(final)


def masked_lm_loss(logits, targets, weights):
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    return jnp.sum(nll * weights) / jnp.maximum(weights.sum(), 1.0)


def main():
    cfg = ProteinConfig()
    model = ProteinEncoder(cfg)
    key = jax.random.key(0)
    targets = jax.random.randint(key, (2, 12), 1, cfg.vocab)
    weights = (jax.random.uniform(jax.random.key(1), targets.shape) < 0.15).astype(jnp.float32)
    tokens = jnp.where(weights > 0, 24, targets)
    variables = model.init(key, tokens)
    logits = model.apply(variables, tokens)
    float(masked_lm_loss(logits, targets, weights))
    return None
