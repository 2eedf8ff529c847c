# label: ok
# flax-error: none
# class: 4 the dropout key reaches the scan body through OvenScheduler.adapter -> StochasticAdapter.predict, which folds the adapter's key with the step before passing it to the model's Dropout
"""Industrial bakery: sample bake-time predictions for the trays loaded in the next oven slot
with a dropout-perturbed model, one sample per scan step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BakeTimeModel(nnx.Module):
    def __init__(self, features, rngs):
        self.lin = nnx.Linear(features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, trays, *, rngs=None):
        h = self.drop(nnx.relu(self.lin(trays)), rngs=rngs)
        return 20.0 + 5.0 * nnx.softplus(self.out(h))[..., 0]


class StochasticAdapter:
    def __init__(self, model, key):
        self.model = model
        self.key = key

    def predict(self, trays, step):
        return self.model(trays, rngs=jax.random.fold_in(self.key, step))


class OvenScheduler:
    def __init__(self, adapter):
        self.adapter = adapter

    def sample_bake_times(self, trays, n):
        def body(carry, step):
            return carry, self.adapter.predict(trays, step)

        _, samples = jax.lax.scan(body, None, jnp.arange(n))
        return samples


def main():
    trays = jax.random.uniform(jax.random.key(0), (6, 5))  # trays x (mass, hydration, ...)
    adapter = StochasticAdapter(BakeTimeModel(5, nnx.Rngs(0)), jax.random.key(4))
    return OvenScheduler(adapter).sample_bake_times(trays, 12)
