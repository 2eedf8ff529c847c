# label: ok
# flax-error: none
# class: 4 Model.__call__ scans with self.encoder.cell.step, returns the pre-activations as ys and sows the stacked array on the cell after the loop
"""Inspecting the pre-activations of a recurrent cell with sow, for a saturation plot."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

HID = 8


class Cell(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.wx = nnx.Linear(din, HID, rngs=rngs)
        self.wh = nnx.Linear(HID, HID, use_bias=False, rngs=rngs)

    def step(self, h, x):
        pre = self.wx(x) + self.wh(h)
        return jnp.tanh(pre), pre

    def __call__(self, h, x):
        h, pre = self.step(h, x)
        self.sow(nnx.Intermediate, "pre", pre)
        return h


class Encoder(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.cell = Cell(din, rngs)


class Model(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.encoder = Encoder(din, rngs)
        self.head = nnx.Linear(HID, 2, rngs=rngs)

    def __call__(self, xs):
        def body(h, x_t):
            return self.encoder.cell.step(h, x_t)

        h, pres = jax.lax.scan(body, jnp.zeros((xs.shape[0], HID)), xs.swapaxes(0, 1))
        self.encoder.cell.sow(nnx.Intermediate, "pre", pres)
        return self.head(h)


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 6, 3))
    model = Model(3, nnx.Rngs(0))
    model(xs)
    pre = nnx.pop(model, nnx.Intermediate)
    jax.tree.map(lambda a: jnp.abs(a).max().block_until_ready(), pre)
    return None
