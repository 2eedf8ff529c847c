# label: same-values
# flax-error: none
# class: 4 a partial of encode_chunk bound to the config seed runs under a scan wrapper; two calls down, a gumbel helper builds nnx.Rngs from that seed on every chunk
"""Neural audio codec in NNX with stochastic (Gumbel) code assignment over a streaming encoder."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CodecConfig:
    chunk: int = 8
    latent: int = 4
    codebook_size: int = 8
    temperature: float = 1.0
    seed: int = 11


def gumbel_like(logits, seed):
    rngs = nnx.Rngs(gumbel=seed)
    return jax.random.gumbel(rngs.gumbel(), logits.shape)


def run_over_chunks(fn, chunks):
    def body(carry, chunk):
        return carry, fn(chunk)
    return jax.lax.scan(body, None, chunks)[1]


class StochasticQuantizer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.codebook = nnx.Param(jax.random.normal(rngs.params(), (cfg.codebook_size, cfg.latent)))

    def __call__(self, z, seed):
        logits = -jnp.sum((z[:, None] - self.codebook[...][None]) ** 2, -1) / self.cfg.temperature
        noise = gumbel_like(logits, seed)
        codes = jnp.argmax(logits + noise, -1)
        return self.codebook[...][codes], codes, noise


class StreamingCodec(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.encoder = nnx.Linear(cfg.chunk, cfg.latent, rngs=rngs)
        self.quantizer = StochasticQuantizer(cfg, rngs)
        self.decoder = nnx.Linear(cfg.latent, cfg.chunk, rngs=rngs)

    def encode_chunk(self, chunk, seed):
        q, codes, noise = self.quantizer(self.encoder(chunk), seed)
        return {"recon": self.decoder(q), "codes": codes, "noise": noise}

    def stream(self, audio):
        chunks = audio.reshape(audio.shape[0], -1, self.cfg.chunk).swapaxes(0, 1)
        fn = functools.partial(self.encode_chunk, seed=self.cfg.seed)
        return run_over_chunks(fn, chunks)


def main():
    cfg = CodecConfig()
    codec = StreamingCodec(cfg, nnx.Rngs(0))
    audio = jnp.sin(jnp.linspace(0.0, 20.0, 2 * 40)).reshape(2, 40)
    out = codec.stream(audio)
    return out["noise"]
