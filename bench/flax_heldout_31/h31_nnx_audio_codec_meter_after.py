# label: ok
# flax-error: none
# class: 3 codec module holds a plain BitrateMeter object; the codes returned by the bound scan body are recorded into it after the loop
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CodecConfig:
    frame: int = 8
    latent: int = 4
    codebook_size: int = 6
    n_frames: int = 5


class BitrateMeter:
    def __init__(self, codebook_size):
        self.codebook_size = codebook_size
        self.history = []

    def record(self, code):
        self.history.append(code)

    def bits_per_frame(self):
        codes = jnp.stack(self.history)
        counts = jnp.bincount(codes, length=self.codebook_size)
        p = counts / counts.sum()
        return -jnp.sum(jnp.where(p > 0, p * jnp.log2(p), 0.0))


class NeuralCodec(nnx.Module):
    def __init__(self, cfg: CodecConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.analysis = nnx.Linear(cfg.frame, cfg.latent, rngs=rngs)
        self.codebook = nnx.Param(jax.random.normal(rngs.params(), (cfg.codebook_size, cfg.latent)))
        self.synthesis = nnx.Linear(cfg.latent, cfg.frame, rngs=rngs)
        self.meter = BitrateMeter(cfg.codebook_size)

    def _code_frame(self, err, frame):
        z = jnp.tanh(self.analysis(frame))
        code = jnp.argmin(jnp.sum((self.codebook[...] - z) ** 2, axis=-1))
        recon = self.synthesis(self.codebook[...][code])
        return err + jnp.mean((recon - frame) ** 2), code

    def encode(self, signal):
        err, codes = jax.lax.scan(self._code_frame, jnp.zeros(()), signal)
        for code in codes:
            self.meter.record(code)
        return codes, err / signal.shape[0]


def test_tone(cfg):
    t = jnp.linspace(0.0, 1.0, cfg.n_frames * cfg.frame)
    return jnp.sin(30.0 * t).reshape(cfg.n_frames, cfg.frame)


def main():
    cfg = CodecConfig()
    codec = NeuralCodec(cfg, nnx.Rngs(0))
    codes, distortion = codec.encode(test_tone(cfg))
    rate = codec.meter.bits_per_frame()
    _ = float(rate) + float(distortion)
    return None
