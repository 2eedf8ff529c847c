# label: ok
# flax-error: none
# class: 4 LeakDetector.sweep -> self.instrumented (wrapping the nnx model) runs each segment in the scan body; the activations leave as ys and the hooks are fed after the scan
"""Water mains leak detection: acoustic logger sweep along a pipe run.

The detector wraps its model so that forward hooks can record the embeddings of each
pipe segment; the scan body returns the embeddings and the hooks are fed afterwards.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LeakNet(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Linear(16, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)


class ActivationRecorder:
    def __init__(self):
        self.activations = []

    def __call__(self, name, value):
        if name == "embed":
            self.activations.append(value)


class Instrumented:
    def __init__(self, model):
        self.model = model
        self.hooks = []

    def register_forward_hook(self, hook):
        self.hooks.append(hook)

    def forward(self, spectrum):
        emb = nnx.relu(self.model.embed(spectrum))
        return nnx.sigmoid(self.model.head(emb))[..., 0], emb

    def fire(self, name, value):
        for hook in self.hooks:
            hook(name, value)


class LeakDetector:
    def __init__(self, model):
        self.instrumented = Instrumented(model)
        self.recorder = ActivationRecorder()
        self.instrumented.register_forward_hook(self.recorder)

    def sweep(self, segments):
        def segment(max_p, spectrum):
            p, emb = self.instrumented.forward(spectrum)
            return jnp.maximum(max_p, p.max()), (p, emb)

        max_p, (probs, embs) = jax.lax.scan(segment, jnp.zeros(()), segments)
        for emb in embs:
            self.instrumented.fire("embed", emb)
        embeddings = jnp.stack(self.recorder.activations)
        return max_p, probs, embeddings.mean(axis=(1, 2))


def main():
    segments = jax.random.normal(jax.random.key(14), (7, 3, 16))  # 7 segments, 3 loggers, 16 bands
    detector = LeakDetector(LeakNet(nnx.Rngs(0)))
    max_p, probs, energy = detector.sweep(segments)
    print(float(max_p), energy)
    return None
