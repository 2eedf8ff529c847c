# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 attention cache variables written two modules below the while_loop body of synthesize(); apply(mutable=['cache']) returns them for the next chunk
"""Autoregressive mel-spectrogram decoder for TTS with a streaming key/value cache."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TTSConfig:
    n_mels: int = 8
    d_model: int = 16
    max_frames: int = 12
    chunk: int = 4
    stop_threshold: float = 0.5


class CachedSelfAttention(nn.Module):
    cfg: TTSConfig

    @nn.compact
    def __call__(self, x):
        b, d = x.shape[0], self.cfg.d_model
        q, k, v = (nn.Dense(d, name=n)(x) for n in ("query", "key", "value"))
        ck = self.variable("cache", "k", jnp.zeros, (b, self.cfg.max_frames, d))
        cv = self.variable("cache", "v", jnp.zeros, (b, self.cfg.max_frames, d))
        idx = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        ck.value = jax.lax.dynamic_update_slice(ck.value, k[:, None], (0, idx.value, 0))
        cv.value = jax.lax.dynamic_update_slice(cv.value, v[:, None], (0, idx.value, 0))
        idx.value = idx.value + 1
        mask = jnp.arange(self.cfg.max_frames) < idx.value
        logits = jnp.einsum("bd,btd->bt", q, ck.value) / jnp.sqrt(d)
        weights = jax.nn.softmax(jnp.where(mask, logits, -1e9), axis=-1)
        return jnp.einsum("bt,btd->bd", weights, cv.value)


class DecoderLayer(nn.Module):
    cfg: TTSConfig

    @nn.compact
    def __call__(self, x):
        x = x + CachedSelfAttention(self.cfg)(nn.LayerNorm()(x))
        return x + nn.Dense(self.cfg.d_model)(nn.gelu(nn.Dense(2 * self.cfg.d_model)(x)))


class MelDecoder(nn.Module):
    cfg: TTSConfig

    def setup(self):
        self.prenet = nn.Dense(self.cfg.d_model)
        self.layer = DecoderLayer(self.cfg)
        self.mel_out = nn.Dense(self.cfg.n_mels)
        self.stop_out = nn.Dense(1)

    def __call__(self, frame):
        h = self.layer(nn.relu(self.prenet(frame)))
        return self.mel_out(h), nn.sigmoid(self.stop_out(h))[:, 0]

    def synthesize(self, frame):
        buf = jnp.zeros((self.cfg.chunk,) + frame.shape)

        def keep_going(carry):
            t, _, _, stop = carry
            return (t < self.cfg.chunk) & jnp.all(stop < self.cfg.stop_threshold)

        def body(carry):
            t, frame, buf, _ = carry
            frame, stop = self(frame)
            return t + 1, frame, buf.at[t].set(frame), stop

        init = (0, frame, buf, jnp.zeros(frame.shape[:1]))
        _, last, buf, _ = jax.lax.while_loop(keep_going, body, init)
        return buf, last


def main():
    cfg = TTSConfig()
    model = MelDecoder(cfg)
    go_frame = jnp.zeros((2, cfg.n_mels))
    variables = model.init(jax.random.key(0), go_frame)
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    (mels, last), state = model.apply({"params": params, "cache": cache}, go_frame,
                                      method=MelDecoder.synthesize, mutable=["cache"])
    (more, _), state = model.apply({"params": params, **state}, last,
                                   method=MelDecoder.synthesize, mutable=["cache"])
    jnp.concatenate([mels, more]).block_until_ready()
    return None
