# label: ok
# flax-error: none
# class: 3 stacked layers made with nnx.vmap are split in __call__; the jax.lax.scan body merges each layer slice from xs
"""Scan over layers by hand: vmapped layer stack, `nnx.split` outside, `nnx.merge` per step.

Modelled on google/flax#4153 (nnx rng splitting with vmapped layers, `TestStackedLaxScanLinear`)
and the split-based method of google/flax#5291 (read-only modules in closures): the stacked
layer state is the `xs` of a raw `jax.lax.scan` and each step merges its slice.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class StackedMLP(nnx.Module):
    def __init__(self, width, depth, *, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=depth)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def make_layers(rngs: nnx.Rngs):
            return nnx.Linear(width, width, rngs=rngs)

        self.layers = make_layers(rngs)
        self.up = nnx.Linear(2, width, rngs=rngs)
        self.down = nnx.Linear(width, 2, rngs=rngs)

    def __call__(self, x):
        h = self.up(x)
        layer_def, layer_states = nnx.split(self.layers)

        def forward(h, layer_state):
            layer = nnx.merge(layer_def, layer_state)
            return nnx.gelu(layer(h)), None

        h, _ = jax.lax.scan(forward, h, layer_states)
        return self.down(h)


def main():
    model = StackedMLP(4, 3, rngs=nnx.Rngs(0))
    y = model(jnp.ones((5, 2)))
    y = nnx.jit(lambda m, x: m(x))(model, y)
    y.block_until_ready()
    return None
