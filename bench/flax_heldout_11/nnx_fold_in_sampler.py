# label: ok
# flax-error: none
# class: 3 helper sample_one() builds nnx.Rngs from fold_in(key, i) each fori_loop step; model read-only; returns per-step outputs
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyHead(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, rngs=None):
        return self.drop(self.lin(x), rngs=rngs)


def sample_one(model, key, x):
    return model(x, rngs=nnx.Rngs(dropout=key))


def main():
    head = NoisyHead(nnx.Rngs(0))
    key = jax.random.key(42)
    x = jnp.ones(4)
    out = jnp.zeros((5, 4))

    def body(i, out):
        y = sample_one(head, jax.random.fold_in(key, i), x)
        return out.at[i].set(y)

    out = jax.lax.fori_loop(0, 5, body, out)
    print(out)
    return out
