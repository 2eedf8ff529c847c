# label: same-values
# flax-error: none
# class: 4 a key taken from nnx.Rngs before the raw scan is closed over and passed as rngs= to nnx.Dropout every step
"""After the TraceContextError from calling the model's Rngs inside jax.lax.scan, the dropout key is
taken out once before the loop and handed to nnx.Dropout at every time step."""
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

    def body(h, x_t):
        return model.step(h, x_t, key)

    _, masks = jax.lax.scan(body, jnp.zeros((B, H)), xs)
    return masks
