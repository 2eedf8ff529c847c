# label: same-values
# flax-error: none
# class: 2 nn.Dropout (and so self.make_rng('dropout')) is called inside the raw scan body, traced once
"""'Dropout gives identical masks across scan steps': a character-level RNN applies input dropout
at every time step inside jax.lax.scan and returns the masks to check them."""
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

        def step(h, x_t):
            keep = drop(jnp.ones_like(x_t)) > 0
            h, y = cell(h, jnp.where(keep, x_t / (1 - self.rate), 0.0))
            return h, keep

        _, masks = jax.lax.scan(step, h0, xs)
        return masks


def main():
    xs = jax.random.normal(jax.random.key(0), (T, B, F))
    model = CharRNN()
    params = model.init(jax.random.key(1), xs, train=False)
    masks = model.apply(params, xs, train=True, rngs={"dropout": jax.random.key(2)})
    return masks
