# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 SorterEvaluator keeps the RouteNet as self.model (left in train mode); the fori_loop body calls self.model(parcels[i]), whose Dropout draws from the model's nnx.Rngs stream
"""Parcel hub sorting: chute-routing accuracy of a route classifier over conveyor batches."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class RouteNet(nnx.Module):
    def __init__(self, n_features: int, n_chutes: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, n_chutes, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.hidden(x))))


class SorterEvaluator:
    def __init__(self, model: RouteNet):
        self.model = model

    def accuracy(self, parcels, chutes):  # [batches, parcels, features], [batches, parcels]
        n = parcels.shape[0]

        def body(i, correct):
            pred = jnp.argmax(self.model(parcels[i]), axis=-1)
            return correct + (pred == chutes[i]).sum()

        return fori_loop(0, n, body, jnp.zeros((), jnp.int32)) / chutes.size


def main():
    model = RouteNet(6, 4, nnx.Rngs(params=0, dropout=1))
    parcels = jnp.sin(jnp.arange(5 * 8 * 6, dtype=jnp.float32)).reshape(5, 8, 6)
    chutes = jnp.arange(5 * 8).reshape(5, 8) % 4
    _ = float(SorterEvaluator(model).accuracy(parcels, chutes))
    return None
