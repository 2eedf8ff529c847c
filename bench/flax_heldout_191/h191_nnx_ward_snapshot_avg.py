# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the averager's serializer restores each snapshot into the averager's shadow model with nnx.update inside the fori_loop body
"""Ward deterioration-risk model: average parameter snapshots sent by several hospital sites."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RiskModel(nnx.Module):
    def __init__(self, vitals, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(vitals, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.tanh(self.hidden(x)))[:, 0]


class StateSerializer:
    """Round-trips a model's parameters through plain nested dicts."""

    def dump(self, model):
        return nnx.to_pure_dict(nnx.state(model, nnx.Param))

    def load(self, model, blob):
        state = nnx.state(model, nnx.Param)
        nnx.replace_by_pure_dict(state, blob)
        nnx.update(model, state)


class SnapshotAverager:
    def __init__(self, shadow: RiskModel, serializer: StateSerializer):
        self.shadow = shadow
        self.serializer = serializer

    def average(self, stacked_blobs, sites):
        zeros = jax.tree.map(jnp.zeros_like, self.serializer.dump(self.shadow))

        def body(i, acc):
            blob = jax.tree.map(lambda leaf: leaf[i], stacked_blobs)
            self.serializer.load(self.shadow, blob)
            restored = self.serializer.dump(self.shadow)
            return jax.tree.map(lambda a, r: a + r / sites, acc, restored)

        mean_blob = lax.fori_loop(0, sites, body, zeros)
        self.serializer.load(self.shadow, mean_blob)
        return self.shadow


def main():
    serializer = StateSerializer()
    blobs = [serializer.dump(RiskModel(7, rngs=nnx.Rngs(site))) for site in range(3)]
    stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *blobs)
    averager = SnapshotAverager(RiskModel(7, rngs=nnx.Rngs(99)), serializer)
    merged = averager.average(stacked, sites=3)
    print(merged(jnp.ones((2, 7))))
    return None
