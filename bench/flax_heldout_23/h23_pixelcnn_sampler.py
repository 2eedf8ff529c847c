# label: ok
# flax-error: none
# class: 3 fori_loop body calls apply(method=decode_pixel, mutable=['cache']) and carries the returned cache
"""Autoregressive binary image model with an incremental decoding cache.

Pixels are generated in raster order. Training uses the masked, teacher-forced
forward pass; sampling keeps a running hidden state in the `cache` collection
so that every pixel costs O(hidden) instead of O(pixels * hidden).
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PixelConfig:
    side: int = 6
    hidden: int = 24
    batch: int = 4

    @property
    def n_pixels(self):
        return self.side * self.side


class CausalPixelModel(nn.Module):
    cfg: PixelConfig

    def setup(self):
        p, h = self.cfg.n_pixels, self.cfg.hidden
        self.w_in = self.param("w_in", nn.initializers.normal(0.1), (p, h))
        self.b_in = self.param("b_in", nn.initializers.zeros, (h,))
        self.w_out = self.param("w_out", nn.initializers.normal(0.1), (h, p))
        self.state = self.variable("cache", "hidden", jnp.zeros, (self.cfg.batch, h))

    def __call__(self, x):
        mask = jnp.tril(jnp.ones((self.cfg.n_pixels,) * 2), -1)
        hidden = nn.relu(jnp.einsum("bj,jh,ij->bih", x, self.w_in, mask) + self.b_in)
        return jnp.einsum("bih,hi->bi", hidden, self.w_out)

    def decode_pixel(self, i, key):
        logit = nn.relu(self.state.value + self.b_in) @ self.w_out[:, i]
        pixel = jax.vmap(jax.random.bernoulli)(key, jax.nn.sigmoid(logit)).astype(jnp.float32)
        self.state.value = self.state.value + pixel[:, None] * self.w_in[i]
        return pixel


class PixelSampler:
    def __init__(self, model, variables):
        self.cfg = model.cfg
        self.model = model
        self.variables = variables

    def _body(self, i, carry):
        img, cache, key = carry
        keys = jax.random.split(jax.random.fold_in(key, i), img.shape[0])
        pixel, upd = self.model.apply({"params": self.variables["params"], "cache": cache}, i, keys,
                                      method=CausalPixelModel.decode_pixel, mutable=["cache"])
        return img.at[:, i].set(pixel), upd["cache"], key

    def sample(self, key):
        batch = self.cfg.batch
        img = jnp.zeros((batch, self.cfg.n_pixels))
        carry = (img, self.variables["cache"], key)
        img, _, _ = jax.lax.fori_loop(0, self.cfg.n_pixels, self._body, carry)
        return img.reshape(batch, self.cfg.side, self.cfg.side)


def binary_xent(logits, labels):
    return jnp.logaddexp(0.0, logits) - labels * logits


def main():
    cfg = PixelConfig()
    model = CausalPixelModel(cfg)
    x = (jax.random.uniform(jax.random.key(0), (4, cfg.n_pixels)) > 0.5).astype(jnp.float32)
    variables = model.init(jax.random.key(1), x)
    logits = model.apply(variables, x)
    nll = jnp.mean(binary_xent(logits, x))
    sampler = PixelSampler(model, variables)
    first = sampler.sample(jax.random.key(2))
    second = sampler.sample(jax.random.key(3))
    float(nll + first.mean() + second.mean())
    return None
