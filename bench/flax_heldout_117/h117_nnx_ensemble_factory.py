# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the fori_loop body calls the factory make_head, which builds a new NNX Linear from a folded key, and appends it to the local list `heads`
"""Deep-ensemble heads on a shared NNX feature extractor, created in a raw fori_loop.

Shape of the reports: building a list of NNX modules from inside jax.lax.fori_loop (instead of
a Python loop or nnx.vmap), then calling them after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Features(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.l1(x))


def make_head(key, din, dout):
    return nnx.Linear(din, dout, rngs=nnx.Rngs(params=key))


def main():
    features = Features(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (8, 3))
    h = features(x)
    base = jax.random.key(2)
    heads = []

    def body(i, acc):
        head = make_head(jax.random.fold_in(base, i), 16, 1)
        heads.append(head)
        return acc + jnp.mean(head(h))

    jax.lax.fori_loop(0, 5, body, 0.0)
    preds = jnp.stack([head(h) for head in heads])
    print("ensemble mean", preds.mean(0)[:, 0])
    return None
