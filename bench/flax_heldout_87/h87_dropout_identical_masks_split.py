# label: ok
# flax-error: none
# class: 4 one dropout key per time step is split from self.make_rng('dropout') and scanned in as xs (rng= argument)
"""Per-step dropout masks inside jax.lax.scan: the keys are split from the 'dropout' stream before
the loop and handed to nn.Dropout through its rng argument."""
import jax
import jax.numpy as jnp
from flax import linen as nn

T, B, F, H = 6, 2, 8, 16


class CharRNN(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, xs, train: bool = True):
        cell = nn.GRUCell(H)
        drop = nn.Dropout(self.rate, deterministic=not train)
        h0 = jnp.zeros((xs.shape[1], H))
        if self.is_initializing():
            cell(h0, xs[0])
        keys = jax.random.split(self.make_rng("dropout"), xs.shape[0])

        def step(h, inputs):
            x_t, key = inputs
            keep = drop(jnp.ones_like(x_t), rng=key) > 0
            h, y = cell(h, jnp.where(keep, x_t / (1 - self.rate), 0.0))
            return h, keep

        _, masks = jax.lax.scan(step, h0, (xs, keys))
        return masks


def main():
    xs = jax.random.normal(jax.random.key(0), (T, B, F))
    model = CharRNN()
    params = model.init({"params": jax.random.key(1), "dropout": jax.random.key(3)}, xs, train=False)
    masks = model.apply(params, xs, train=True, rngs={"dropout": jax.random.key(2)})
    return masks
