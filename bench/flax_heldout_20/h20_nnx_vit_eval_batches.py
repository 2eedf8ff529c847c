# label: ok
# flax-error: none
# class: 3 the Evaluator holds the ViT after model.eval(); the scan over test batches reaches the TokenDropper (deterministic) through _batch_hits() -> model()
"""Evaluation of a vision transformer trained with random token dropping: the test set
is scanned batch by batch and the number of top-1 hits accumulated."""
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


class Evaluator:
    def __init__(self, model: TinyViT):
        self.model = model

    def _batch_hits(self, images, labels):
        return jnp.sum(jnp.argmax(self.model(images), -1) == labels)

    def accuracy(self, images, labels):
        def body(total, batch):
            return total + self._batch_hits(*batch), None

        total, _ = jax.lax.scan(body, jnp.zeros((), jnp.int32), (images, labels))
        return total / labels.size


def main():
    cfg = ViTConfig()
    model = TinyViT(cfg, nnx.Rngs(0))
    model.eval()
    images = jax.random.uniform(jax.random.key(1), (3, 2, cfg.img, cfg.img, cfg.channels))
    labels = jax.random.randint(jax.random.key(2), (3, 2), 0, cfg.n_classes)
    acc = Evaluator(model).accuracy(images, labels)
    return None
