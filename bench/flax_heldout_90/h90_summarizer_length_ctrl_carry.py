# label: ok
# flax-error: none
# class: 3 the decoder's "cache" collection is carried through the scan and handed to SummaryService.apply_fn with mutable=["cache"]
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class SummaryConfig:
    vocab: int = 32
    hidden: int = 16
    max_len: int = 6
    target_len: int = 4


class Decoder(nn.Module):
    cfg: SummaryConfig

    @nn.compact
    def __call__(self, tok, ctx):
        emitted = self.variable("cache", "emitted", lambda: jnp.zeros((), jnp.int32))
        h = nn.Embed(self.cfg.vocab, self.cfg.hidden)(tok) + ctx
        h = nn.tanh(nn.Dense(self.cfg.hidden)(h))
        emitted.value = emitted.value + 1
        return nn.Dense(self.cfg.vocab)(h), emitted.value


class LengthController:
    """Pushes the EOS logit up once the summary is longer than the target."""

    def __init__(self, cfg):
        self.cfg = cfg

    def eos_bias(self, emitted):
        over = jnp.maximum(emitted - self.cfg.target_len, 0)
        return over.astype(jnp.float32) * 2.0


class SummaryService:
    def __init__(self, cfg, variables):
        self.cfg = cfg
        self.model = Decoder(cfg)
        self.params = variables["params"]
        self.cache = variables["cache"]
        self.apply_fn = self.model.apply
        self.length = LengthController(cfg)

    def _next_token(self, cache, tok, ctx):
        (logits, emitted), updates = self.apply_fn(
            {"params": self.params, "cache": cache}, tok, ctx, mutable=["cache"]
        )
        logits = logits.at[..., 0].add(self.length.eos_bias(emitted))
        return updates["cache"], jnp.argmax(logits, -1)

    def summarize(self, ctx):
        def body(carry, _):
            cache, tok = carry
            cache, nxt = self._next_token(cache, tok, ctx)
            return (cache, nxt), nxt

        start = jnp.ones((ctx.shape[0],), jnp.int32)
        (self.cache, _), toks = jax.lax.scan(body, (self.cache, start), None, length=self.cfg.max_len)
        return toks


def main():
    cfg = SummaryConfig()
    ctx = jnp.ones((2, cfg.hidden))
    variables = Decoder(cfg).init(jax.random.PRNGKey(0), jnp.ones((2,), jnp.int32), ctx)
    SummaryService(cfg, variables).summarize(ctx)
    return None
