# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the member factory make_member builds an NNX model from a key folded with the loop index inside the fori_loop body; the models are appended to an outer list
"""Deep ensemble of small NNX regressors; members are initialised in a lax.fori_loop (one key
per member) to avoid a slow Python loop, then the ensemble's predictions are averaged."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class Member(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def make_member(key):
    return Member(nnx.Rngs(params=key))


def build_ensemble(n_members, seed=0):
    members = []
    base_key = jax.random.key(seed)

    def body(i, count):
        members.append(make_member(jax.random.fold_in(base_key, i)))
        return count + 1

    fori_loop(0, n_members, body, 0)
    return members


def main():
    members = build_ensemble(5)
    x = jnp.ones((4, 2))
    preds = jnp.stack([m(x) for m in members])
    print("ensemble mean", preds.mean(0).ravel())
    return None
