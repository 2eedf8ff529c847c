# label: ok
# flax-error: none
# class: 4 VoicingPipeline calls its VoicingAdapter, which switched adapter.model to eval mode when it was built; score() calls it inside the scan body
"""Pipe organ voicing: score each pipe of a rank for how far its speech is from the target voicing."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class SpeechModel(nnx.Module):
    def __init__(self, harmonics: int, *, rngs: nnx.Rngs):
        self.spectrum = nnx.Linear(harmonics, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)  # (cut-up error, nicking error)

    def __call__(self, partials):
        return self.out(self.drop(nnx.relu(self.spectrum(partials))))


class VoicingAdapter:
    """Wraps a trained model for the voicer's bench tool."""

    def __init__(self, model):
        self.model = model
        self.model.eval()

    def score(self, partials):
        return jnp.linalg.norm(self.model(partials), axis=-1)


class VoicingPipeline:
    def __init__(self, adapter):
        self.adapter = adapter

    def voice_rank(self, rank):
        def pipe(worst, partials):
            error = self.adapter.score(partials)
            return jnp.maximum(worst, error.max()), error

        worst, per_pipe = lax.scan(pipe, jnp.zeros(()), rank)
        return worst, per_pipe


def main():
    rank = jax.random.uniform(jax.random.key(8), (12, 3, 8))  # pipes x mic positions x harmonics
    model = SpeechModel(8, rngs=nnx.Rngs(0))
    VoicingPipeline(VoicingAdapter(model)).voice_rank(rank)
    return None
