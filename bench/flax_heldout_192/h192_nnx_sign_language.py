# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 StreamingDecoder.decode scans over frames; the body calls self.recognizer.encode and passes the activation to every hook in self.hooks (an ActivationRecorder keeping a list)
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

    def __call__(self, name, value):
        self.activations.append(value)

    def summary(self):
        return jnp.stack(self.activations).mean(axis=(0, 1))


class StreamingDecoder:
    def __init__(self, recognizer, hooks=()):
        self.recognizer = recognizer
        self.hooks = list(hooks)

    def decode(self, frames):
        def body(prev, landmarks):
            hidden = self.recognizer.encode(landmarks)
            for hook in self.hooks:
                hook("encoder", hidden)
            logits = self.recognizer.classify(hidden) + 0.1 * prev
            return logits, jnp.argmax(logits, axis=-1)
        init = jnp.zeros((frames.shape[1], 10))
        return jax.lax.scan(body, init, frames)


def main():
    recognizer = GestureRecognizer(n_landmarks=21, n_signs=10, rngs=nnx.Rngs(0))
    recorder = ActivationRecorder()
    frames = jax.random.normal(jax.random.key(1), (8, 2, 21, 3))
    StreamingDecoder(recognizer, hooks=[recorder]).decode(frames)
    recorder.summary().block_until_ready()
    return None
