# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 decode-mode MultiHeadAttention caches in a list of decoder layers are updated from the while_loop body of a Synthesizer, through decoder.step and each layer
"""Transformer TTS decoder in NNX: autoregressive mel frames with decode-mode attention caches."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    n_mels: int = 8
    d_model: int = 16
    heads: int = 2
    layers: int = 2
    max_frames: int = 10


class DecoderLayer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(num_heads=cfg.heads, in_features=cfg.d_model,
                                           decode=True, rngs=rngs)
        self.ff = nnx.Linear(cfg.d_model, cfg.d_model, rngs=rngs)

    def __call__(self, x):
        x = x + self.attn(self.norm(x))
        return x + nnx.gelu(self.ff(x))


class MelDecoder(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.prenet = nnx.Linear(cfg.n_mels, cfg.d_model, rngs=rngs)
        self.layers = nnx.List([DecoderLayer(cfg, rngs) for _ in range(cfg.layers)])
        self.mel = nnx.Linear(cfg.d_model, cfg.n_mels, rngs=rngs)
        self.stop = nnx.Linear(cfg.d_model, 1, rngs=rngs)

    def prepare(self, batch):
        for layer in self.layers:
            layer.attn.init_cache((batch, self.cfg.max_frames, self.cfg.d_model))

    def step(self, frame):
        x = nnx.relu(self.prenet(frame))[:, None]
        for layer in self.layers:
            x = layer(x)
        return self.mel(x[:, 0]), nnx.sigmoid(self.stop(x[:, 0]))[:, 0]


class Synthesizer:
    def __init__(self, decoder, threshold=0.5):
        self.decoder, self.threshold = decoder, threshold

    def generate(self, go_frame):
        cfg = self.decoder.cfg
        self.decoder.prepare(go_frame.shape[0])
        mels = jnp.zeros((cfg.max_frames,) + go_frame.shape)

        def cond(state):
            t, _, _, stop = state
            return (t < cfg.max_frames) & jnp.any(stop < self.threshold)

        def body(state):
            t, frame, mels, _ = state
            frame, stop = self.decoder.step(frame)
            return t + 1, frame, mels.at[t].set(frame), stop

        state = (0, go_frame, mels, jnp.zeros(go_frame.shape[:1]))
        t, _, mels, _ = jax.lax.while_loop(cond, body, state)
        return mels, t


def main():
    cfg = DecoderConfig()
    decoder = MelDecoder(cfg, nnx.Rngs(0))
    mels, length = Synthesizer(decoder).generate(jnp.zeros((2, cfg.n_mels)))
    mels.block_until_ready()
    return None
