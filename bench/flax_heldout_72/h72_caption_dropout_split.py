# label: ok
# flax-error: none
# class: 1 self.make_rng('dropout') split into per-step keys outside the raw jax.lax.scan, each passed to nn.Dropout(rng=...)
"""Image captioning decoder with per-step dropout under scan, one dropout key per step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CaptionDecoder(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, image_feats, word_embs):
        w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        w_x = self.param("w_x", nn.initializers.lecun_normal(), (word_embs.shape[-1], self.hidden))
        h0 = jnp.tanh(nn.Dense(self.hidden)(image_feats))
        keys = jax.random.split(self.make_rng("dropout"), word_embs.shape[0])

        def step(h, inp):
            x, key = inp
            mask = nn.Dropout(self.rate, deterministic=False)(jnp.ones_like(h), rng=key)
            h = jnp.tanh(x @ w_x + (h * mask) @ w_h)
            return h, mask

        _, masks = jax.lax.scan(step, h0, (word_embs, keys))
        return masks


def main():
    feats = jnp.ones((2, 10))
    words = jnp.ones((5, 2, 8))
    model = CaptionDecoder()
    params = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, feats, words)
    masks = model.apply(params, feats, words, rngs={"dropout": jax.random.key(3)})
    return masks
