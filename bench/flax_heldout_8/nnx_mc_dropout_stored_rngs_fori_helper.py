# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a helper function called from the fori_loop body runs a model whose Dropout draws from the Rngs it stored at construction
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.dropout(nnx.gelu(self.l1(x))))


def predict(model, x):
    return model(x)[:, 0]


def main():
    model = Regressor(nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-1, 1, 30).reshape(10, 3)
    n = 16

    def accumulate(i, stats):
        mean, sq = stats
        y = predict(model, x)
        return mean + y / n, sq + y**2 / n

    mean, sq = fori_loop(0, n, accumulate, (jnp.zeros(10), jnp.zeros(10)))
    print(mean, jnp.sqrt(sq - mean**2))
    return None
