# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'TiedDeepNet' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 self.sow(nnx.Intermediate, ...) is called inside a raw jax.lax.scan body in an NNX module's __call__
"""Collecting per-layer activations of a weight-tied deep net whose depth loop is a scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class TiedDeepNet(nnx.Module):
    def __init__(self, dim, depth, rngs):
        self.block = nnx.Linear(dim, dim, rngs=rngs)
        self.depth = depth

    def __call__(self, x):
        def body(h, _):
            h = nnx.gelu(self.block(h)) + h
            self.sow(nnx.Intermediate, "acts", h)
            return h, None

        h, _ = jax.lax.scan(body, x, None, length=self.depth)
        return h


def main():
    model = TiedDeepNet(8, 4, nnx.Rngs(0))
    y = model(jnp.ones((2, 8)))
    acts = nnx.state(model, nnx.Intermediate)
    print(jax.tree.map(jnp.shape, acts))
    return None
