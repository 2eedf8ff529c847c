# label: ok
# flax-error: none
# class: 2 a setup nn.Dropout is called in the lax.scan step with rng= taken from per-step keys scanned as xs
"""GRU encoder with recurrent dropout whose per-step keys are scanned alongside the inputs.

Modelled on google/flax#2194 (recurrent dropout in RNN cells) and the per-step RNG
discussion of google/flax#2593: one key per time step is
split before the loop and passed to `nn.Dropout(..., rng=key)`. The step returns the mask it
applied.
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
        keys = jax.random.split(self.make_rng("dropout"), xs.shape[0] - 1)

        def step(h, inp):
            x_t, key = inp
            mask = self.state_drop(jnp.ones_like(h), rng=key)
            h, y = self.cell(h * mask, x_t)
            return h, mask

        h, masks = jax.lax.scan(step, h, (xs[1:], keys))
        return h, masks


def main():
    xs = jax.random.normal(jax.random.key(7), (6, 2, 3))
    model = GRUEncoder()
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, xs)
    _, masks = model.apply(variables, xs, rngs={"dropout": jax.random.key(2)})
    return masks
