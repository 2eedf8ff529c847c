# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ScoringPipeline.estimate -> self.scorer (DecoyScorer) -> scorer.model, whose nnx.Dropout draws from the nnx.Rngs stream it was built with inside the scan body
"""Protein structure scoring: Monte Carlo dropout spread of a model's score for one decoy."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ResidueEnvironmentScorer(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.energy = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, residues, rngs=None):
        h = self.drop(nnx.silu(self.embed(residues)), rngs=rngs)
        return self.energy(h).sum()  # pseudo-energy of the decoy


class DecoyScorer:
    def __init__(self, model):
        self.model = model

    def score(self, residues, key=None):
        return self.model(residues, rngs=key)


class ScoringPipeline:
    def __init__(self, scorer, n_passes=8):
        self.scorer = scorer
        self.n_passes = n_passes

    def estimate(self, residues):
        def one_pass(carry, _):
            return carry, self.scorer.score(residues)

        _, energies = lax.scan(one_pass, None, None, length=self.n_passes)
        return energies


def main():
    residues = jax.random.normal(jax.random.key(0), (60, 10))  # residues x environment features
    model = ResidueEnvironmentScorer(10, nnx.Rngs(params=0, dropout=1))
    pipeline = ScoringPipeline(DecoyScorer(model))
    return pipeline.estimate(residues)
