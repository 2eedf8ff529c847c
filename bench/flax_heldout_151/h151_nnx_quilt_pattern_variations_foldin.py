# label: ok
# flax-error: none
# class: 5 the fori_loop body calls a functools.partial(model, temperature=...) kept on the sampler, passing a Dropout key folded with the row index
"""Quilt block pattern variation sampler.

Designers pick a motif and ask for a handful of variations. The pattern
generator is a small network whose dropout layer perturbs the motif
embedding; the sampler keeps a ready-to-call partial of the generator and
fills a table with one variation per row.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class QuiltConfig:
    motifs: int = 5
    width: int = 12
    cells: int = 9
    rate: float = 0.4
    temperature: float = 0.7


class PatternGenerator(nnx.Module):
    def __init__(self, config: QuiltConfig, rngs: nnx.Rngs):
        self.embed = nnx.Linear(config.motifs, config.width, rngs=rngs)
        self.perturb = nnx.Dropout(config.rate)
        self.cells = nnx.Linear(config.width, config.cells, rngs=rngs)

    def __call__(self, motif, *, temperature=1.0, rngs=None):
        h = self.perturb(nnx.relu(self.embed(motif)), rngs=rngs)
        return nnx.sigmoid(self.cells(h) / temperature)


class VariationSampler:
    def __init__(self, generator: PatternGenerator, config: QuiltConfig, seed: int):
        self.config = config
        self.key = jax.random.key(seed)
        self._draw = functools.partial(generator, temperature=config.temperature)

    def variations(self, motif, count):
        def fill(i, table):
            return table.at[i].set(self._draw(motif, rngs=jax.random.fold_in(self.key, i)))

        return lax.fori_loop(0, count, fill, jnp.zeros((count, self.config.cells)))


def main():
    config = QuiltConfig()
    sampler = VariationSampler(PatternGenerator(config, nnx.Rngs(0)), config, seed=21)
    return sampler.variations(jax.nn.one_hot(2, config.motifs), count=5)
