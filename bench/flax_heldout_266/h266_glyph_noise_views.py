# label: same-values
# flax-error: none
# class: 5 NoisyLineReader.views scans a functools.partial of the module-level _noisy_view bound to self, whose body applies self.dropout (make_rng "dropout") to the line
"""OCR post-correction training data: several noisy views of one embedded text line."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def _noisy_view(reader, carry, embedded):
    dropped = reader.dropout(embedded, deterministic=False)
    return carry, dropped.sum(axis=-1)


class NoisyLineReader(nn.Module):
    vocab: int = 20
    width: int = 8
    rate: float = 0.3

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.width)
        self.dropout = nn.Dropout(self.rate)

    def __call__(self, char_ids):
        return self.embed(char_ids).sum(axis=-1)

    def views(self, char_ids, n_views):
        embedded = self.embed(char_ids)
        stacked = jnp.broadcast_to(embedded, (n_views,) + embedded.shape)
        _, out = scan(functools.partial(_noisy_view, self), None, stacked)
        return out


class AugmentationService:
    def __init__(self, reader: NoisyLineReader, n_views: int = 4):
        self.reader = reader
        self.n_views = n_views
        self.variables = None

    def prepare(self, char_ids, key):
        self.variables = self.reader.init(key, char_ids)

    def augment(self, char_ids, key):
        return self.reader.apply(
            self.variables, char_ids, self.n_views, rngs={"dropout": key}, method=NoisyLineReader.views
        )


def main():
    line = jnp.array([4, 11, 2, 17, 9, 3], dtype=jnp.int32)
    service = AugmentationService(NoisyLineReader())
    service.prepare(line, jax.random.key(0))
    return service.augment(line, jax.random.key(7))
