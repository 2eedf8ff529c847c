# label: same-values
# flax-error: none
# class: 1 nn.Dropout drawing its mask from the 'dropout' stream inside a raw jax.lax.scan body of the caption decoder
"""Image captioning decoder with variational (per-step) dropout on the recurrent state under scan."""
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

        def step(h, x):
            mask = nn.Dropout(self.rate, deterministic=False)(jnp.ones_like(h))
            h = jnp.tanh(x @ w_x + (h * mask) @ w_h)
            return h, mask

        _, masks = jax.lax.scan(step, h0, word_embs)
        return masks


def main():
    feats = jnp.ones((2, 10))
    words = jnp.ones((5, 2, 8))
    model = CaptionDecoder()
    params = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, feats, words)
    masks = model.apply(params, feats, words, rngs={"dropout": jax.random.key(3)})
    return masks
