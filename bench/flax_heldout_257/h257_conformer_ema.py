# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 ConformerEnsemble.__call__ owns the ema variable and assigns it inside the body of its own scan over conformers
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

        def accumulate(total, energy):
            running.value = self.momentum * running.value + (1.0 - self.momentum) * energy
            return total + energy, running.value

        total, smoothed = lax.scan(accumulate, jnp.zeros(()), energies)
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
