# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory make_member(key) builds NNX MLPs inside a raw scan body over keys; the modules are kept in an outer list
"""Deep-ensemble construction: the user scans over a batch of PRNG keys with a raw
jax.lax.scan, calls a factory that builds an NNX MLP from each key, and keeps the
members in a Python list to evaluate them afterwards."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


def make_member(key, din, hidden):
    rngs = nnx.Rngs(params=key)
    return nnx.Sequential(
        nnx.Linear(din, hidden, rngs=rngs), nnx.gelu, nnx.Linear(hidden, 1, rngs=rngs)
    )


def main():
    factory = functools.partial(make_member, din=4, hidden=16)
    keys = jax.random.split(jax.random.key(0), 5)
    members = []

    def build(carry, key):
        members.append(factory(key))
        return carry, None

    jax.lax.scan(build, None, keys)
    x = jnp.ones((3, 4))
    preds = jnp.stack([m(x) for m in members])
    print(preds.mean(0))
    return None
