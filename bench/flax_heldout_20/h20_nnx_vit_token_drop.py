# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the TokenDropper held by the ViT draws from its own Rngs stream; the consistency scan reaches it through _view_logits() -> model() -> dropper()
"""Vision transformer with random token dropping, trained with a multi-view
consistency penalty (the variance of log-probabilities across stochastic views)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ViTConfig:
    img: int = 16
    patch: int = 4
    channels: int = 3
    dim: int = 32
    keep_tokens: int = 8
    n_views: int = 4
    n_classes: int = 5


class PatchEmbed(nnx.Module):
    def __init__(self, cfg: ViTConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        n_patches = (cfg.img // cfg.patch) ** 2
        self.proj = nnx.Linear(cfg.patch * cfg.patch * cfg.channels, cfg.dim, rngs=rngs)
        self.pos = nnx.Param(0.02 * jax.random.normal(rngs.params(), (n_patches, cfg.dim)))

    def __call__(self, img):
        b, p = img.shape[0], self.cfg.patch
        x = img.reshape(b, self.cfg.img // p, p, self.cfg.img // p, p, -1).transpose(0, 1, 3, 2, 4, 5)
        return self.proj(x.reshape(b, -1, p * p * self.cfg.channels)) + self.pos[...]


class TokenDropper(nnx.Module):
    def __init__(self, keep: int, rngs: nnx.Rngs, deterministic: bool = False):
        self.keep, self.rngs, self.deterministic = keep, rngs, deterministic

    def __call__(self, tokens):
        if self.deterministic:
            return tokens
        order = jax.random.permutation(self.rngs.tokens(), tokens.shape[1])
        return tokens[:, order[: self.keep]]


class TinyViT(nnx.Module):
    def __init__(self, cfg: ViTConfig, rngs: nnx.Rngs):
        self.embed = PatchEmbed(cfg, rngs)
        self.dropper = TokenDropper(cfg.keep_tokens, nnx.Rngs(tokens=rngs.params()))
        self.norm = nnx.LayerNorm(cfg.dim, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(2, cfg.dim, decode=False, rngs=rngs)
        self.head = nnx.Linear(cfg.dim, cfg.n_classes, rngs=rngs)

    def __call__(self, img):
        tokens = self.dropper(self.embed(img))
        tokens = tokens + self.attn(self.norm(tokens))
        return self.head(tokens.mean(axis=1))


class ConsistencyObjective:
    def __init__(self, model: TinyViT, cfg: ViTConfig):
        self.model, self.cfg = model, cfg

    def _view_logits(self, images):
        return jax.nn.log_softmax(self.model(images))

    def __call__(self, images):
        def body(carry, _):
            return carry, self._view_logits(images)

        _, logps = jax.lax.scan(body, None, None, length=self.cfg.n_views)
        return jnp.var(logps, axis=0).sum(-1).mean()


def main():
    cfg = ViTConfig()
    model = TinyViT(cfg, nnx.Rngs(0))
    objective = ConsistencyObjective(model, cfg)
    images = jax.random.uniform(jax.random.key(1), (2, cfg.img, cfg.img, cfg.channels))
    penalty = objective(images)
    return None
