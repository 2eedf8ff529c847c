# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "usage" in "/vq" because collection "codebook_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the VectorQuantizer keeps a 'codebook_stats' usage variable that its quantize() method bumps; the encode() while_loop body calls quantize() on each frame
"""Streaming VQ tokenizer for audio frames.

Frames are encoded one at a time (so the same code path serves a streaming
server), quantized against a learned codebook, and the codebook usage is
tracked to detect dead codes.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class VQConfig:
    frame_dim: int = 12
    latent: int = 8
    codebook_size: int = 16
    max_frames: int = 6


class VectorQuantizer(nn.Module):
    codebook_size: int
    latent: int

    def setup(self):
        self.codebook = self.param("codebook", nn.initializers.normal(1.0), (self.codebook_size, self.latent))
        self.usage = self.variable("codebook_stats", "usage", jnp.zeros, (self.codebook_size,))

    def quantize(self, z):
        d = jnp.sum((z[None, :] - self.codebook) ** 2, axis=-1)
        code = jnp.argmin(d)
        if not self.is_initializing():
            self.usage.value = self.usage.value.at[code].add(1.0)
        return code, self.codebook[code]

    def __call__(self, z):
        return self.quantize(z)


class FrameTokenizer(nn.Module):
    cfg: VQConfig

    def setup(self):
        self.enc = nn.Dense(self.cfg.latent)
        self.vq = VectorQuantizer(self.cfg.codebook_size, self.cfg.latent)
        self.dec = nn.Dense(self.cfg.frame_dim)

    def __call__(self, frames):
        # reconstruct the first frame; used for init and for the reconstruction loss
        code, q = self.vq(self.enc(frames[0]))
        return self.dec(q)

    def encode(self, frames, n_valid):
        tokens = jnp.full((frames.shape[0],), -1, jnp.int32)

        def cond(carry):
            i, _ = carry
            return i < n_valid

        def body(carry):
            i, tokens = carry
            code, _ = self.vq.quantize(self.enc(frames[i]))
            return i + 1, tokens.at[i].set(code.astype(jnp.int32))

        _, tokens = lax.while_loop(cond, body, (jnp.array(0), tokens))
        return tokens


def main():
    cfg = VQConfig()
    model = FrameTokenizer(cfg)
    frames = jax.random.normal(jax.random.PRNGKey(1), (cfg.max_frames, cfg.frame_dim))
    variables = model.init(jax.random.PRNGKey(0), frames)
    tokens = model.apply(variables, frames, 4, method=FrameTokenizer.encode)
    tokens.block_until_ready()
    return None
