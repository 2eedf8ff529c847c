# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables dict passed to recalibrate_statistics goes into the scan body directly and is applied in training mode
"""Streams Morgan-fingerprint batches from a new library through a toxicity classifier to refresh its BatchNorm statistics."""

import jax
import jax.numpy as jnp
import jax.lax as jlax
from flax import linen


class FingerprintClassifier(linen.Module):
    widths: tuple = (32, 16)

    @linen.compact
    def __call__(self, fingerprints, train=False):
        x = fingerprints.astype(jnp.float32)
        for width in self.widths:
            x = linen.Dense(width)(x)
            x = linen.BatchNorm(use_running_average=not train)(x)
            x = linen.relu(x)
        return linen.Dense(2)(x)


def recalibrate_statistics(model, variables, library):
    def absorb(n_seen, fingerprints):
        logits = model.apply(variables, fingerprints, train=True)
        return n_seen + fingerprints.shape[0], jax.nn.softmax(logits)[:, 1].mean()

    n_seen, toxic_rate = jlax.scan(absorb, 0, library)
    return variables, toxic_rate


def fake_library(n_batches=3, batch=6, bits=64, seed=0):
    return jax.random.bernoulli(jax.random.key(seed), 0.15, (n_batches, batch, bits))


def main():
    library = fake_library()
    model = FingerprintClassifier()
    variables = model.init(jax.random.key(1), library[0])
    variables, toxic_rate = recalibrate_statistics(model, variables, library)
    logits = model.apply(variables, library[0])
    jax.block_until_ready((logits, toxic_rate))
