# label: ok
# flax-error: none
# class: 4 StreamingDecoder.decode scans over frames; the body calls self.recognizer.encode and returns the activation as a scan output, handed to every hook in self.hooks after the loop
"""Sign-language recognition: decodes a landmark stream frame by frame with activation logging hooks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GestureRecognizer(nnx.Module):
    def __init__(self, n_landmarks: int, n_signs: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_landmarks * 3, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.classifier = nnx.Linear(24, n_signs, rngs=rngs)

    def encode(self, landmarks):
        return nnx.gelu(self.norm(self.encoder(landmarks.reshape(landmarks.shape[0], -1))))

    def classify(self, hidden):
        return self.classifier(hidden)


class ActivationRecorder:
    def __init__(self):
        self.activations = []

    def __call__(self, name, values):
        self.activations.extend(list(values))

    def summary(self):
        return jnp.stack(self.activations).mean(axis=(0, 1))


class StreamingDecoder:
    def __init__(self, recognizer, hooks=()):
        self.recognizer = recognizer
        self.hooks = list(hooks)

    def decode(self, frames):
        def body(prev, landmarks):
            hidden = self.recognizer.encode(landmarks)
            logits = self.recognizer.classify(hidden) + 0.1 * prev
            return logits, (jnp.argmax(logits, axis=-1), hidden)
        init = jnp.zeros((frames.shape[1], 10))
        last, (signs, hidden) = jax.lax.scan(body, init, frames)
        for hook in self.hooks:
            hook("encoder", hidden)
        return last, signs


def main():
    recognizer = GestureRecognizer(n_landmarks=21, n_signs=10, rngs=nnx.Rngs(0))
    recorder = ActivationRecorder()
    frames = jax.random.normal(jax.random.key(1), (8, 2, 21, 3))
    StreamingDecoder(recognizer, hooks=[recorder]).decode(frames)
    recorder.summary().block_until_ready()
    return None
