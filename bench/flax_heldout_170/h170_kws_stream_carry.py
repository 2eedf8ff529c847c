# label: ok
# flax-error: none
# class: 5 make_frame_step factory returns functools.partial(_frame_step, model.apply, params); the "stream" collection is carried through fori_loop and returned mutable
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


def _frame_step(apply_fn, params, threshold, stream, frame):
    log_probs, updates = apply_fn({"params": params, "stream": stream}, frame, mutable=["stream"])
    keyword_prob = jnp.exp(log_probs[1:]).max()
    return keyword_prob > threshold, keyword_prob, updates["stream"]


def make_frame_step(model, variables, threshold=0.6):
    """Build the per-frame detector used by the streaming front end."""
    return functools.partial(_frame_step, model.apply, variables["params"], threshold)


class StreamFrontEnd:
    def __init__(self, step_fn, stream_state):
        self.step_fn = step_fn
        self.stream_state = stream_state

    def run(self, mel_frames):
        n = mel_frames.shape[0]

        def on_frame(i, carry):
            acc, stream = carry
            fired, prob, stream = self.step_fn(stream, mel_frames[i])
            return acc.at[i].set(jnp.where(fired, prob, 0.0)), stream

        detections, self.stream_state = jax.lax.fori_loop(0, n, on_frame, (jnp.zeros(n), self.stream_state))
        return detections


def main():
    model = KeywordSpotter()
    mel = jax.random.normal(jax.random.key(0), (20, 40))  # frames x mel bins
    variables = model.init(jax.random.key(1), mel[0])
    front_end = StreamFrontEnd(make_frame_step(model, variables), variables["stream"])
    detections = front_end.run(mel)
    assert detections.shape == (20,)
    assert int(front_end.stream_state["frames_seen"]) == 20
    return None
