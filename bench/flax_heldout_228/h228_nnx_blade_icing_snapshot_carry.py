# label: ok
# flax-error: none
# class: 4 UncertaintyProbe.sample -> self.store (SnapshotStore) -> .state carried through the scan, nnx.merge'd in the body and returned with nnx.state
"""Wind turbine blade icing: Monte Carlo dropout samples of an icing-risk model restored
from the latest snapshot, for the operator's uncertainty band."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class IcingRisk(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(5, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, weather):
        return self.head(self.drop(nnx.relu(self.body(weather))))[..., 0]


class SnapshotStore:
    def __init__(self):
        self.graphdef = None
        self.state = None

    def save(self, model):
        self.graphdef, self.state = nnx.split(model)


class UncertaintyProbe:
    def __init__(self, store: SnapshotStore, samples: int):
        self.store = store
        self.samples = samples

    def sample(self, weather):
        def draw(state, _):
            model = nnx.merge(self.store.graphdef, state)
            risk = model(weather)
            return nnx.state(model), risk

        state, risk = lax.scan(draw, self.store.state, None, length=self.samples)
        self.store.state = state
        return risk


def main():
    store = SnapshotStore()
    store.save(IcingRisk(rngs=nnx.Rngs(params=0, dropout=1)))
    weather = jnp.array([[-3.0, 0.9, 12.0, 0.2, 1.0]])
    return UncertaintyProbe(store, samples=6).sample(weather)
