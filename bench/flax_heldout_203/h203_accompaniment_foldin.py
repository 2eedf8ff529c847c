# label: ok
# flax-error: none
# class: 1 the Accompanist's own generate method runs the scan; it draws self.make_rng('humanize') once before the loop and folds the bar index in inside the body
"""Music accompaniment generation: given a melody, an accompanist module produces chord
voicings bar by bar and adds humanising timing jitter to each bar."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class VoicingHead(nn.Module):
    voices: int = 4

    @nn.compact
    def __call__(self, state, melody_bar):
        h = nn.tanh(nn.Dense(32)(jnp.concatenate([state, melody_bar], -1)))
        return h[..., : state.shape[-1]], nn.Dense(self.voices)(h)


class Accompanist(nn.Module):
    state_dim: int = 16
    jitter_ms: float = 12.0

    def setup(self):
        self.head = VoicingHead()

    def generate(self, melody):
        state = jnp.zeros((self.state_dim,))
        self.head(state, melody[0])
        base_key = self.make_rng("humanize")

        def bar(state, inputs):
            index, melody_bar = inputs
            state, voicing = self.head(state, melody_bar)
            key = jax.random.fold_in(base_key, index)
            jitter = self.jitter_ms * jax.random.normal(key, voicing.shape)
            return state, jitter

        _, jitters = lax.scan(bar, state, (jnp.arange(melody.shape[0]), melody))
        return jitters

    def __call__(self, melody):
        return self.generate(melody)


def main():
    bars, notes = 6, 8
    melody = jax.random.normal(jax.random.key(3), (bars, notes))
    model = Accompanist()
    variables = model.init({"params": jax.random.key(0), "humanize": jax.random.key(1)}, melody)
    jitters = model.apply(variables, melody, rngs={"humanize": jax.random.key(2)})
    return jitters
