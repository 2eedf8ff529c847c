# label: ok
# flax-error: none
# class: 1 ConformerEnsemble.__call__ owns the ema variable, threads its value through the carry of its own scan over conformers and assigns it after the scan
"""Energy model over a conformer ensemble that keeps a running (EMA) energy per molecule."""

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class AtomEmbedding(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, coords, species):
        onehot = jnp.broadcast_to(jax.nn.one_hot(species, 5), coords.shape[:-1] + (5,))
        h = nn.Dense(self.features)(jnp.concatenate([coords, onehot], axis=-1))
        return nn.silu(h)


class ConformerEnsemble(nn.Module):
    momentum: float = 0.9

    @nn.compact
    def __call__(self, conformers, species):
        embed = AtomEmbedding()
        atom_energy = nn.Dense(1)
        energies = atom_energy(embed(conformers, species)).sum(axis=(-2, -1))
        running = self.variable("ema", "energy", lambda: jnp.zeros(()))

        def accumulate(carry, energy):
            total, ema = carry
            ema = self.momentum * ema + (1.0 - self.momentum) * energy
            return (total + energy, ema), ema

        (total, final_ema), smoothed = lax.scan(accumulate, (jnp.zeros(()), running.value), energies)
        running.value = final_ema
        return total / energies.shape[0], smoothed


def main():
    n_conf, n_atoms = 6, 5
    coords = jax.random.normal(jax.random.key(0), (n_conf, n_atoms, 3))
    species = jnp.array([0, 1, 1, 2, 3])
    model = ConformerEnsemble()
    variables = model.init(jax.random.key(1), coords, species)
    (mean_energy, smoothed), updates = model.apply(variables, coords, species, mutable=["ema"])
    variables = {**variables, **updates}
    drift = variables["ema"]["energy"] - mean_energy
    jax.block_until_ready((drift, smoothed))
