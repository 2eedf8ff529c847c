# label: same-values
# flax-error: none
# class: 2 a setup nn.Dropout (deterministic=False) is called on the recurrent state inside the lax.scan step
"""GRU encoder with recurrent dropout on the hidden state, unrolled with a raw `lax.scan`.

Modelled on google/flax#2194 ("Make RNG name configurable in Dropout", recurrent dropout in
an RNN cell) and google/flax#1252 (Dropout inside a scanned cell). The step returns the
dropout mask it applied so the masks of the steps can be compared.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GRUEncoder(nn.Module):
    hidden: int = 16
    rate: float = 0.5

    def setup(self):
        self.cell = nn.GRUCell(self.hidden)
        self.state_drop = nn.Dropout(self.rate, deterministic=False)

    def __call__(self, xs):
        h = jnp.zeros((xs.shape[1], self.hidden))
        h, _ = self.cell(h, xs[0])

        def step(h, x_t):
            mask = self.state_drop(jnp.ones_like(h))
            h, y = self.cell(h * mask, x_t)
            return h, mask

        h, masks = jax.lax.scan(step, h, xs[1:])
        return h, masks


def main():
    xs = jax.random.normal(jax.random.key(7), (6, 2, 3))
    model = GRUEncoder()
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs)
    _, masks = model.apply(variables, xs, rngs={"dropout": jax.random.key(2)})
    return masks
