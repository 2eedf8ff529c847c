# label: ok
# flax-error: none
# class: 1 LiftQueueModel.forecast runs jax.lax.scan over its own layers; the model is put in eval mode first, so its Dropout draws nothing inside the body
"""Ski resort operations: forecasts chairlift queue length through the day."""
import jax
import jax.numpy as jnp
from flax import nnx


class LiftQueueModel(nnx.Module):
    def __init__(self, n_features: int, hidden: int = 16, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_features, hidden, rngs=rngs)
        self.recur = nnx.Linear(hidden, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden

    def __call__(self, h, arrivals):
        h = jnp.tanh(self.inp(arrivals) + self.recur(h))
        return h, nnx.relu(self.out(self.drop(h))).squeeze(-1)

    def forecast(self, arrivals):
        h0 = jnp.zeros((arrivals.shape[1], self.hidden))

        def body(h, a):
            return self(h, a)

        _, queue = jax.lax.scan(body, h0, arrivals)
        return queue


class LiftOperations:
    def __init__(self, model: LiftQueueModel, chairs_per_min: float = 6.0):
        self.model = model
        self.chairs_per_min = chairs_per_min

    def wait_minutes(self, arrivals):
        return self.model.forecast(arrivals) / self.chairs_per_min


def main():
    arrivals = jax.random.poisson(jax.random.key(0), 4.0, (18, 3, 5)).astype(jnp.float32)
    model = LiftQueueModel(5, rngs=nnx.Rngs(params=0, dropout=1))
    model.eval()
    ops = LiftOperations(model)
    return ops.wait_minutes(arrivals)
