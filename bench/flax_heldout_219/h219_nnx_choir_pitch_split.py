# label: ok
# flax-error: none
# class: 3 self.model on a PitchEnsemble; the scan body runs it with one of jax.random.split(self.key, n) per step passed as the dropout key
"""Choir pitch drift: a model predicts how far each voice section drifts over a long
unaccompanied piece; the ensemble draws several dropout samples for one passage."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DriftNet(nnx.Module):
    def __init__(self, n_sections, rngs: nnx.Rngs):
        self.breath = nnx.Linear(n_sections, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.35, rngs=rngs)
        self.cents = nnx.Linear(12, n_sections, rngs=rngs)

    def __call__(self, passage, rngs=None):
        return self.cents(self.drop(nnx.gelu(self.breath(passage)), rngs=rngs))


class PitchEnsemble:
    def __init__(self, n_sections=4, n_draws=6, seed=0):
        self.model = DriftNet(n_sections, nnx.Rngs(params=seed, dropout=seed + 1))
        self.key = jax.random.key(seed + 1)
        self.n_draws = n_draws

    def sample(self, passage):
        def body(carry, key):
            drift = self.model(passage, rngs=key)
            return carry, drift

        keys = jax.random.split(self.key, self.n_draws)
        _, drifts = jax.lax.scan(body, None, keys)
        return drifts


def main():
    passage = jnp.array([0.2, -0.1, 0.05, 0.3])
    return PitchEnsemble().sample(passage)
