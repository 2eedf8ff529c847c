# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the evaluator passes the body's outputs to callbacks registered on a callback registry (evaluator -> registry -> callback) which keep them
"""Evaluator with a callback registry for a speech keyword spotter: utterances are classified with
scan over the model's split state, and registered callbacks see each step's logits; a confusion
callback keeps the latest logits for its end-of-run report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class KWSClassifier(nnx.Module):
    def __init__(self, n_mels, n_kw, rngs):
        self.conv = nnx.Conv(n_mels, 16, kernel_size=(3,), rngs=rngs)
        self.out = nnx.Linear(16, n_kw, rngs=rngs)

    def __call__(self, spec):
        return self.out(nnx.relu(self.conv(spec)).mean(axis=-2))


CALLBACKS = {}


def register_callback(name):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls
    return deco


@register_callback("confusion")
class ConfusionCallback:
    def __init__(self):
        self.last_logits = None

    def on_batch(self, logits, labels):
        self.last_logits = logits

    def report(self):
        return jnp.argmax(self.last_logits, -1)


class Evaluator:
    def __init__(self, model, callback_names):
        self.model = model
        self.callbacks = [CALLBACKS[n]() for n in callback_names]

    def run(self, specs, labels):
        graphdef, state = nnx.split(self.model)

        def body(correct, batch):
            spec, y = batch
            logits = nnx.merge(graphdef, state)(spec)
            for cb in self.callbacks:
                cb.on_batch(logits, y)
            return correct + jnp.sum(jnp.argmax(logits, -1) == y), None

        correct, _ = jax.lax.scan(body, 0, (specs, labels))
        return correct, [cb.report() for cb in self.callbacks]


def main():
    model = KWSClassifier(20, 6, nnx.Rngs(0))
    ev = Evaluator(model, ["confusion"])
    specs = jax.random.normal(jax.random.key(1), (3, 4, 30, 20))
    labels = jax.random.randint(jax.random.key(2), (3, 4), 0, 6)
    jax.block_until_ready(ev.run(specs, labels))
    return None
