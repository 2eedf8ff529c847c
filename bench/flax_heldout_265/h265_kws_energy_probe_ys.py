# label: ok
# flax-error: none
# class: 5 the frame step is wrapped in jax.checkpoint and scanned over the clip; frame energies leave as ys and are sown after the scan
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class FrontendConfig:
    n_mels: int = 10
    frames: int = 12
    hidden: int = 16
    keywords: tuple = ("yes", "no", "up", "down")
    vad_threshold: float = 0.05


class FrameEncoder(nn.Module):
    hidden: int
    n_keywords: int

    def setup(self):
        self.mel_proj = nn.Dense(self.hidden)
        self.recur = nn.Dense(self.hidden, use_bias=False)
        self.classifier = nn.Dense(self.n_keywords)

    def _frame(self, state, mel):
        h = jnp.tanh(self.mel_proj(mel) + self.recur(state))
        return h, jnp.mean(h ** 2)

    def __call__(self, mels):
        state = jnp.tanh(self.mel_proj(mels[0]) + self.recur(jnp.zeros((mels.shape[1], self.hidden))))
        state, energies = scan(jax.checkpoint(self._frame), state, mels[1:])
        self.sow("intermediates", "frame_energy", energies)
        return self.classifier(state)


class WakeWordService:
    def __init__(self, cfg: FrontendConfig, key):
        self.cfg = cfg
        self.encoder = FrameEncoder(cfg.hidden, len(cfg.keywords))
        self.params = self.encoder.init(key, jnp.zeros((cfg.frames, 1, cfg.n_mels)))["params"]

    def detect(self, mels):
        logits, state = self.encoder.apply({"params": self.params}, mels, mutable=["intermediates"])
        (energies,) = state["intermediates"]["frame_energy"]
        voiced = jnp.mean(energies > self.cfg.vad_threshold)
        return jax.nn.softmax(logits), voiced


def main():
    cfg = FrontendConfig()
    service = WakeWordService(cfg, jax.random.key(0))
    mels = jax.random.normal(jax.random.key(1), (cfg.frames, 2, cfg.n_mels))
    probs, voiced = service.detect(mels)
    jax.block_until_ready((probs, voiced))
