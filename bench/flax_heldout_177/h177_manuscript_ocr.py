# label: same-values
# flax-error: none
# class: 5 OcrEngine.recognise is jax.checkpoint(functools.partial(model.apply, variables, rngs={'dropout': key})); the scan body draws every Monte-Carlo sample through it
"""Archive digitisation: a handwritten manuscript line is recognised several times with dropout
left on, and the spread of the character scores flags lines for a human transcriber. The engine
wraps a partial of model.apply in jax.checkpoint to save memory on long lines."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class LineRecognizer(nn.Module):
    glyphs: int = 12

    @nn.compact
    def __call__(self, line, train: bool = False):
        h = nn.gelu(nn.Dense(24)(line))
        h = nn.Dropout(0.3, deterministic=not train)(h)
        return jax.nn.log_softmax(nn.Dense(self.glyphs)(h))


class OcrEngine:
    def __init__(self, model, variables, key, samples):
        recognise = functools.partial(model.apply, variables, train=True, rngs={"dropout": key})
        self.recognise = jax.checkpoint(recognise)
        self.samples = samples

    def mc_transcribe(self, line):
        def body(acc, _):
            scores = self.recognise(line)
            return acc + scores, scores

        total, draws = jax.lax.scan(body, jnp.zeros((line.shape[0], 12)), None, length=self.samples)
        return draws


def main():
    model = LineRecognizer()
    line = jax.random.uniform(jax.random.key(0), (4, 16))  # 4 glyph slots x 16 stroke features
    variables = model.init(jax.random.key(1), line)
    engine = OcrEngine(model, variables, jax.random.key(2), samples=5)
    return engine.mc_transcribe(line)
