# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "prev_frame" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 module method self.decode_step used inside the lax.while_loop body writes a 'cache' variable declared in setup(); apply is not mutable
"""FastSpeech-style duration predictor followed by a frame-by-frame stop-token decoder (Linen).

Durations are predicted per phoneme, and frames are generated with lax.while_loop until the
stop token fires or the predicted length is reached. The previous frame is kept in a 'cache'
collection, in the manner of flax's autoregressive decoding caches.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DurationTTS(nn.Module):
    hidden: int = 16
    n_mels: int = 8
    max_frames: int = 12

    def setup(self):
        self.embed = nn.Embed(40, self.hidden)
        self.duration = nn.Dense(1)
        self.frame = nn.Dense(self.n_mels)
        self.stop = nn.Dense(1)
        self.prev = self.variable("cache", "prev_frame", jnp.zeros, (self.n_mels,))

    def decode_step(self, ctx, t):
        frame = jnp.tanh(self.frame(jnp.concatenate([ctx, self.prev.value])))
        self.prev.value = frame
        return frame, jax.nn.sigmoid(self.stop(frame))[0]

    def __call__(self, phonemes):
        h = self.embed(phonemes)
        dur = jnp.clip(jnp.round(jnp.exp(self.duration(h)[:, 0])), 1, 4)
        total = jnp.minimum(dur.sum(), self.max_frames).astype(jnp.int32)
        ctx = h.mean(0)
        if self.is_initializing():
            self.decode_step(ctx, 0)  # create the decoder parameters and cache
            return jnp.zeros((), jnp.int32), dur

        def cond(state):
            t, stop_p = state
            return (t < total) & (stop_p < 0.5)

        def body(state):
            t, _ = state
            _, stop_p = self.decode_step(ctx, t)
            return t + 1, stop_p

        n_frames, _ = jax.lax.while_loop(cond, body, (0, jnp.zeros(())))
        return n_frames, dur


def main():
    model = DurationTTS()
    phonemes = jnp.array([3, 7, 12, 5])
    variables = model.init(jax.random.PRNGKey(0), phonemes)
    n_frames, dur = model.apply(variables, phonemes)
    print(n_frames, dur)
    return None
