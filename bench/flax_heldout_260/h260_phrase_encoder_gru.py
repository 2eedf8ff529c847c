# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[48,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 PhraseEncoder.__call__ runs the scan itself and its GRU cell and note embedding are first called inside the body
"""Symbolic music: encode a phrase of note events into a summary vector for the style classifier."""
import jax
import jax.numpy as jnp
import flax.linen as nn

PITCH_VOCAB = 48
N_STYLES = 5


class PhraseEncoder(nn.Module):
    embed_dim: int = 12
    state_dim: int = 16

    @nn.compact
    def __call__(self, pitches, durations):
        embed = nn.Embed(PITCH_VOCAB, self.embed_dim, name="pitch_embed")
        cell = nn.GRUCell(features=self.state_dim, name="cell")
        batch = pitches.shape[1]
        h0 = jnp.zeros((batch, self.state_dim))

        def step(h, event):
            pitch, dur = event
            x = jnp.concatenate([embed(pitch), dur[:, None]], axis=-1)
            h, _ = cell(h, x)
            return h, None

        h_last, _ = jax.lax.scan(step, h0, (pitches, durations))
        return h_last


class StyleClassifier(nn.Module):
    @nn.compact
    def __call__(self, pitches, durations):
        summary = PhraseEncoder(name="encoder")(pitches, durations)
        return nn.Dense(N_STYLES, name="style_head")(summary)


def load_phrase_batch(key, n_events=8, batch=3):
    k1, k2 = jax.random.split(key)
    pitches = jax.random.randint(k1, (n_events, batch), 0, PITCH_VOCAB)
    durations = jax.random.choice(k2, jnp.array([0.25, 0.5, 1.0]), (n_events, batch))
    return pitches, durations


def main():
    pitches, durations = load_phrase_batch(jax.random.key(11))
    classifier = StyleClassifier()
    variables = classifier.init(jax.random.key(0), pitches, durations)
    logits = classifier.apply(variables, pitches, durations)
    jax.block_until_ready(jax.nn.log_softmax(logits))
    return None
