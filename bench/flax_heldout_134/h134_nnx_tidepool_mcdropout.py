# label: same-values
# flax-error: none
# class: 4 UncertaintyService -> ModelStore holds the species classifier and a dropout key drawn once from its nnx.Rngs; the scan body passes store.mask_key to the model's nnx.Dropout
"""Tide-pool photo survey: a species classifier with Monte-Carlo dropout gives a
per-photo uncertainty for the volunteer review queue."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class SpeciesClassifier(nnx.Module):
    def __init__(self, n_in, n_species, rngs):
        self.embed = nnx.Linear(n_in, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.head = nnx.Linear(32, n_species, rngs=rngs)

    def __call__(self, photo_features, dropout_key=None):
        h = nnx.relu(self.embed(photo_features))
        h = self.drop(h, deterministic=dropout_key is None, rngs=dropout_key)
        return nnx.softmax(self.head(h))


class ModelStore:
    def __init__(self, model, rngs):
        self.model = model
        self.mask_key = rngs.mc()


class UncertaintyService:
    def __init__(self, store, n_passes):
        self.store = store
        self.n_passes = n_passes

    def probabilities(self, photos):
        def one_pass(carry, _):
            probs = self.store.model(photos, dropout_key=self.store.mask_key)
            return carry, probs

        _, passes = lax.scan(one_pass, None, None, length=self.n_passes)
        return passes


def main():
    photos = jax.random.normal(jax.random.key(0), (4, 20))
    store = ModelStore(SpeciesClassifier(20, 5, nnx.Rngs(0)), nnx.Rngs(mc=11))
    return UncertaintyService(store, n_passes=8).probabilities(photos)
