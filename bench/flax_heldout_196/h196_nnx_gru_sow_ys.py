# label: ok
# flax-error: none
# class: 1 the GRUEncoder module's __call__ steps self.cell in its own lax.scan body, returns the hidden states as ys and sows them after the loop
"""An NNX GRU encoder whose cell is stepped by hand in jax.lax.scan, sowing the hidden states.

Twin of h196_nnx_gru_sow: the hidden states leave the body as the scan's stacked outputs.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class GRUEncoder(nnx.Module):
    def __init__(self, din, dh, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.head = nnx.Linear(dh, 1, rngs=rngs)
        self.dh = dh

    def __call__(self, xs):
        h = jnp.zeros((xs.shape[1], self.dh))

        def body(h, x):
            h, _ = self.cell(h, x)
            return h, h

        h, hs = scan(body, h, xs)
        self.sow(nnx.Intermediate, 'hidden', hs)
        return self.head(h)


def main():
    model = GRUEncoder(3, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(0), (6, 2, 3))
    y = model(xs)
    intermediates = nnx.pop(model, nnx.Intermediate)
    print(y.shape, jax.tree.map(jnp.shape, intermediates))
    return None


if __name__ == "__main__":
    main()
