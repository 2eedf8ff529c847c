# label: same-values
# flax-error: none
# class: 5 make_sampler factory returns functools.partial(_propose, model, key=rngs.sample()) with the key bound once; the partial runs in every fori_loop iteration
"""Protein structure scoring: proposes side-chain rotamers for decoy generation."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RotamerProposal(nnx.Module):
    def __init__(self, n_features, n_bins, rngs: nnx.Rngs):
        self.env = nnx.Linear(n_features, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_bins, rngs=rngs)
        self.n_bins = n_bins

    def __call__(self, residues):
        return self.logits(nnx.gelu(self.env(residues)))


def _propose(model, residues, *, key, temperature):
    logits = model(residues) / temperature
    bins = jax.random.categorical(key, logits, axis=-1)
    return bins * (360.0 / model.n_bins) - 180.0  # chi1 angle per residue


def make_sampler(model, rngs: nnx.Rngs, temperature=1.0):
    return functools.partial(_propose, model, key=rngs.sample(), temperature=temperature)


class DecoyGenerator:
    def __init__(self, sampler, n_decoys):
        self.sampler = sampler
        self.n_decoys = n_decoys

    def generate(self, residues):
        def one(i, chi):
            return chi.at[i].set(self.sampler(residues))

        return jax.lax.fori_loop(0, self.n_decoys, one, jnp.zeros((self.n_decoys, residues.shape[0])))


def main():
    residues = jax.random.normal(jax.random.key(0), (40, 12))  # residues x environment features
    model = RotamerProposal(12, n_bins=36, rngs=nnx.Rngs(params=0))
    generator = DecoyGenerator(make_sampler(model, nnx.Rngs(sample=5)), n_decoys=6)
    return generator.generate(residues)
