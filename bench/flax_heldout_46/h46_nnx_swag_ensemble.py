# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a helper builds one NNX ensemble member per key inside the lax.scan body and appends it to an outer list
"""Deep ensemble of NNX regressors initialised from independent seeds (baseline for SWAG comparisons)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def make_member(key):
    return Regressor(rngs=nnx.Rngs(params=key))


def build_ensemble(key, size):
    members = []

    def body(carry, k):
        members.append(make_member(k))
        return carry, None

    lax.scan(body, None, jax.random.split(key, size))
    return members


def main():
    members = build_ensemble(jax.random.key(0), 4)
    x = jnp.linspace(-2, 2, 8)[:, None]
    jnp.stack([m(x) for m in members]).mean(0)
    return None
