# label: ok
# flax-error: none
# class: 2 featurize_stream builds the extractor (with an nnx.Rngs dropout stream, train mode) as a local; its split state rides in the scan carry and is merged in the body
"""On-device keyword spotting: learned filterbank front end with feature dropout, run chunk by chunk
over a microphone stream during on-device fine-tuning."""
import jax
import jax.numpy as jnp
from flax import nnx


class LearnedFilterbank(nnx.Module):
    def __init__(self, frame: int, bands: int, rngs: nnx.Rngs):
        self.filters = nnx.Linear(frame, bands, use_bias=False, rngs=rngs)
        self.norm = nnx.LayerNorm(bands, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, chunk):
        energies = jnp.log1p(jnp.abs(self.filters(chunk)))
        return self.drop(self.norm(energies))


class KeywordHead(nnx.Module):
    def __init__(self, bands: int, keywords: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(bands, keywords, rngs=rngs)

    def __call__(self, feats):
        return self.proj(feats.mean(axis=0))


def featurize_stream(chunks, frame: int, bands: int, seed: int):
    extractor = LearnedFilterbank(frame, bands, nnx.Rngs(params=seed, dropout=seed + 1))

    graphdef, state = nnx.split(extractor)

    def body(carry, chunk):
        energy, state = carry
        local = nnx.merge(graphdef, state)
        feats = local(chunk)
        return (energy + jnp.sum(feats ** 2), nnx.state(local)), feats

    (energy, state), feats = jax.lax.scan(body, (jnp.float32(0.0), state), chunks)
    nnx.update(extractor, state)
    return energy, feats


def main():
    chunks = jax.random.normal(jax.random.key(12), (6, 10, 80))
    _, feats = featurize_stream(chunks, frame=80, bands=24, seed=0)
    head = KeywordHead(24, 5, nnx.Rngs(1))
    jax.vmap(head)(feats)
    return None
