# label: same-values
# flax-error: none
# class: 1 DropPathMLP.__call__ draws one key from self.rngs before its fori_loop over layers and the body uses it for every layer
"""Stochastic depth over a stack of residual layers in NNX, with the layers looped by fori_loop.

Modelled on drop-path code moved from a Python loop to lax.fori_loop: self.rngs cannot be called
inside the loop, so one key is drawn before it, and every layer drops the same examples.
Returns the per-layer keep masks.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DropPathMLP(nnx.Module):
    def __init__(self, depth: int, width: int, survival: float, rngs: nnx.Rngs):
        self.depth, self.survival = depth, survival
        self.inp = nnx.Linear(5, width, rngs=rngs)
        self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (depth, width, width)))
        self.b = nnx.Param(jnp.zeros((depth, width)))
        self.rngs = rngs

    def __call__(self, x):
        x = self.inp(x)
        key = self.rngs.droppath()

        def body(i, carry):
            x, masks = carry
            keep = jax.random.bernoulli(key, self.survival, (x.shape[0],))
            y = nnx.gelu(x @ self.w[i] + self.b[i])
            x = jnp.where(keep[:, None], x + y / self.survival, x)
            return x, masks.at[i].set(keep.astype(jnp.float32))

        masks = jnp.zeros((self.depth, x.shape[0]))
        return lax.fori_loop(0, self.depth, body, (x, masks))


def main():
    model = DropPathMLP(depth=6, width=16, survival=0.7, rngs=nnx.Rngs(params=0, droppath=1))
    x, masks = model(jnp.ones((8, 5)))
    return masks
