# label: ok
# flax-error: none
# class: 5 a classifier applied with mutable 'intermediates' in a jax.checkpoint-wrapped scan body, sown values emitted as ys
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
        self.model = model
        self.params = params
        self.norms = None

    def run(self, batches):
        @jax.checkpoint
        def body(acc, x):
            logits, state = self.model.apply({"params": self.params}, x, mutable=["intermediates"])
            norm = state["intermediates"]["hidden_norm"][0]
            return acc + jnp.mean(jax.nn.logsumexp(logits, axis=-1)), norm

        total, self.norms = jax.lax.scan(body, jnp.float32(0.0), batches)
        return total

    def summary(self):
        return self.norms.mean()


def main():
    model = Classifier()
    batches = jax.random.normal(jax.random.key(0), (5, 4, 7))
    params = model.init(jax.random.key(1), batches[0])["params"]
    probe = ActivationProbe(model, params)
    probe.run(batches)
    float(probe.summary())
    return None
