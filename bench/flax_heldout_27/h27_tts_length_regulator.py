# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the duration head is first called inside the scan body reached from __call__ via a helper method, so init creates its params there
"""Duration model for a small non-autoregressive TTS front end.

Phoneme embeddings go through an encoder stack; a recurrent length regulator walks over the
phonemes and predicts a log-duration for each, conditioned on the running alignment position.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class DurationConfig:
    vocab: int = 12
    width: int = 8
    layers: int = 2
    max_log_dur: float = 3.0


class EncoderLayer(linen.Module):
    width: int

    @linen.compact
    def __call__(self, x):
        h = linen.Dense(self.width)(linen.LayerNorm()(x))
        return x + jnp.tanh(h)


class DurationHead(linen.Module):
    max_log_dur: float

    @linen.compact
    def __call__(self, h, position):
        z = linen.Dense(4, name="proj")(jnp.concatenate([h, position[None]]))
        return self.max_log_dur * jax.nn.sigmoid(linen.Dense(1, name="out")(jax.nn.gelu(z))[0])


class DurationModel(linen.Module):
    cfg: DurationConfig

    def setup(self):
        self.embed = linen.Embed(self.cfg.vocab, self.cfg.width)
        self.encoder = [EncoderLayer(self.cfg.width) for _ in range(self.cfg.layers)]
        self.head = DurationHead(self.cfg.max_log_dur)

    def _regulate_step(self, position, h):
        log_dur = self.head(h, position)
        frames = jnp.exp(log_dur)
        return position + frames, frames

    def regulate(self, hidden):
        return lax.scan(self._regulate_step, jnp.zeros(()), hidden)

    def __call__(self, phonemes):
        h = self.embed(phonemes)
        for layer in self.encoder:
            h = layer(h)
        total, frames = self.regulate(h)
        return total, frames


def build_synthesizer(cfg):
    model = DurationModel(cfg)

    @jax.jit
    def durations(variables, phonemes):
        return model.apply(variables, phonemes)

    return model, durations


def main():
    cfg = DurationConfig()
    model, durations = build_synthesizer(cfg)
    phonemes = jnp.array([1, 4, 7, 2, 9, 3])
    variables = model.init(jax.random.key(0), phonemes)
    total, frames = durations(variables, phonemes)
    print("utterance frames", float(total), frames.shape)
    return None
