# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "noise_floor" in "/" because collection "stream" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_frame_step factory returns functools.partial(_frame_step, model.apply, variables); the spotter updates its noise floor in the "stream" collection
"""Always-on keyword spotter: scores log-mel frames of an audio stream against a wake word."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class KeywordSpotter(nn.Module):
    n_keywords: int = 3
    floor_decay: float = 0.95

    @nn.compact
    def __call__(self, frame):
        floor = self.variable("stream", "noise_floor", lambda: jnp.zeros(frame.shape[-1]))
        frames = self.variable("stream", "frames_seen", lambda: jnp.zeros((), jnp.int32))
        energy = frame - floor.value
        if not self.is_initializing():
            floor.value = self.floor_decay * floor.value + (1.0 - self.floor_decay) * frame
            frames.value = frames.value + 1
        h = nn.relu(nn.Dense(24, name="conv_proj")(energy))
        return nn.log_softmax(nn.Dense(self.n_keywords + 1, name="classifier")(h))


def _frame_step(apply_fn, variables, threshold, frame):
    log_probs = apply_fn(variables, frame)
    keyword_prob = jnp.exp(log_probs[1:]).max()
    return keyword_prob > threshold, keyword_prob


def make_frame_step(model, variables, threshold=0.6):
    """Build the per-frame detector used by the streaming front end."""
    return functools.partial(_frame_step, model.apply, variables, threshold)


class StreamFrontEnd:
    def __init__(self, step_fn):
        self.step_fn = step_fn

    def run(self, mel_frames):
        n = mel_frames.shape[0]

        def on_frame(i, acc):
            fired, prob = self.step_fn(mel_frames[i])
            return acc.at[i].set(jnp.where(fired, prob, 0.0))

        return jax.lax.fori_loop(0, n, on_frame, jnp.zeros(n))


def main():
    model = KeywordSpotter()
    mel = jax.random.normal(jax.random.key(0), (20, 40))  # frames x mel bins
    variables = model.init(jax.random.key(1), mel[0])
    front_end = StreamFrontEnd(make_frame_step(model, variables))
    detections = front_end.run(mel)
    assert detections.shape == (20,)
    return None
