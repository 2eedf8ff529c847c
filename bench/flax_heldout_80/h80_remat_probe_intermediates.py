# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a model bound with mutable 'intermediates' on an ActivationProbe, called in a jax.checkpoint-wrapped scan body
"""Activation probing: record hidden activations of a classifier over a stream of evaluation batches."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    hidden: int = 12
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(self.hidden)(x))
        self.sow("intermediates", "hidden_norm", jnp.linalg.norm(h, axis=-1).mean())
        return nn.Dense(self.classes)(h)


class ActivationProbe:
    def __init__(self, model, params):
        self.bound = model.bind({"params": params}, mutable=["intermediates"])

    def run(self, batches):
        @jax.checkpoint
        def body(acc, x):
            logits = self.bound(x)
            return acc + jnp.mean(jax.nn.logsumexp(logits, axis=-1)), None

        total, _ = jax.lax.scan(body, jnp.float32(0.0), batches)
        return total

    def summary(self):
        norms = self.bound.variables["intermediates"]["hidden_norm"]
        return jnp.stack(norms).mean()


def main():
    model = Classifier()
    batches = jax.random.normal(jax.random.key(0), (5, 4, 7))
    params = model.init(jax.random.key(1), batches[0])["params"]
    probe = ActivationProbe(model, params)
    probe.run(batches)
    float(probe.summary())
    return None
