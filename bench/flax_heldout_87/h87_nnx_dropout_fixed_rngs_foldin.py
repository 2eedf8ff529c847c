# label: ok
# flax-error: none
# class: 4 the key taken from nnx.Rngs before the raw scan is folded in with the time step before nnx.Dropout uses it
"""Per-step dropout masks for an NNX GRU inside jax.lax.scan: the key taken from the Rngs before
the loop is folded in with the time index at every step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

T, B, F, H = 6, 2, 8, 16


class DropRNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(F, H, rngs=rngs)
        self.drop = nnx.Dropout(0.3)

    def step(self, h, x_t, key):
        keep = self.drop(jnp.ones_like(x_t), rngs=key) > 0
        h, _ = self.cell(h, jnp.where(keep, x_t, 0.0))
        return h, keep


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    model = DropRNN(rngs)
    xs = jax.random.normal(jax.random.key(2), (T, B, F))
    key = rngs.dropout()

    def body(h, inputs):
        t, x_t = inputs
        return model.step(h, x_t, jax.random.fold_in(key, t))

    _, masks = jax.lax.scan(body, jnp.zeros((B, H)), (jnp.arange(T), xs))
    return masks
