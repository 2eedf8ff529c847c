# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "usage" in "/quantizer" because collection "codebook_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 runner holds model and variables; jax.checkpoint-wrapped fori_loop body calls apply, which reaches a codebook usage counter
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CodecConfig:
    frame: int = 8
    latent: int = 4
    codebook_size: int = 6
    n_frames: int = 5


class VectorQuantizer(nn.Module):
    codebook_size: int
    latent: int

    @nn.compact
    def __call__(self, z, track_usage: bool = True):
        codebook = self.param("codebook", nn.initializers.normal(1.0), (self.codebook_size, self.latent))
        usage = self.variable("codebook_stats", "usage", jnp.zeros, (self.codebook_size,))
        code = jnp.argmin(jnp.sum((codebook - z) ** 2, axis=-1))
        if track_usage:
            usage.value = usage.value + jax.nn.one_hot(code, self.codebook_size)
        return code, codebook[code]


class FrameCodec(nn.Module):
    cfg: CodecConfig

    def setup(self):
        self.analysis = nn.Dense(self.cfg.latent)
        self.quantizer = VectorQuantizer(self.cfg.codebook_size, self.cfg.latent)
        self.synthesis = nn.Dense(self.cfg.frame)

    def __call__(self, frame, track_usage: bool = True):
        code, zq = self.quantizer(jnp.tanh(self.analysis(frame)), track_usage)
        return code, self.synthesis(zq)


class CodecRunner:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = FrameCodec(cfg)
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((cfg.frame,)))

    def _frame_step(self, i, carry):
        codes, recon, signal = carry
        code, frame_hat = self.model.apply(self.variables, signal[i])
        return codes.at[i].set(code), recon.at[i].set(frame_hat), signal

    def encode(self, signal):
        step = jax.checkpoint(self._frame_step)
        init = (jnp.zeros((self.cfg.n_frames,), jnp.int32), jnp.zeros_like(signal), signal)
        codes, recon, _ = lax.fori_loop(0, self.cfg.n_frames, step, init)
        return codes, recon


def main():
    cfg = CodecConfig()
    runner = CodecRunner(cfg)
    t = jnp.linspace(0.0, 1.0, cfg.n_frames * cfg.frame)
    signal = jnp.sin(40.0 * t).reshape(cfg.n_frames, cfg.frame)
    codes, recon = runner.encode(signal)
    _ = float(jnp.mean((recon - signal) ** 2)) + int(codes[0])
    return None
