# label: ok
# flax-error: none
# class: 3 init runs __call__, which calls the duration head once before the loop; synthesize scans over the built head under apply(method=)
"""Duration model for a small non-autoregressive TTS front end, with a synthesis entry point.

`__call__` scores the first phoneme (used by the training loss as an anchor); `synthesize`
walks over every phoneme with the length regulator and returns the frame counts.
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

    def encode(self, phonemes):
        h = self.embed(phonemes)
        for layer in self.encoder:
            h = layer(h)
        return h

    def _regulate_step(self, position, h):
        frames = jnp.exp(self.head(h, position))
        return position + frames, frames

    def synthesize(self, phonemes):
        return lax.scan(self._regulate_step, jnp.zeros(()), self.encode(phonemes))

    def __call__(self, phonemes):
        h = self.encode(phonemes)
        return self.head(h[0], jnp.zeros(()))


def main():
    cfg = DurationConfig()
    model = DurationModel(cfg)
    phonemes = jnp.array([1, 4, 7, 2, 9, 3])
    variables = model.init(jax.random.key(0), phonemes)
    synth = jax.jit(lambda v, p: model.apply(v, p, method=DurationModel.synthesize))
    total, frames = synth(variables, phonemes)
    print("utterance frames", float(total), frames.shape)
    return None
