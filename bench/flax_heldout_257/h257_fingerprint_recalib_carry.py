# label: ok
# flax-error: none
# class: 2 the batch_stats of the variables dict passed to recalibrate_statistics go through the scan carry, applied with mutable batch_stats
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
    params = variables["params"]

    def absorb(batch_stats, fingerprints):
        logits, mutated = model.apply(
            {"params": params, "batch_stats": batch_stats}, fingerprints, train=True, mutable=["batch_stats"]
        )
        return mutated["batch_stats"], jax.nn.softmax(logits)[:, 1].mean()

    batch_stats, toxic_rate = jlax.scan(absorb, variables["batch_stats"], library)
    return {"params": params, "batch_stats": batch_stats}, toxic_rate


def fake_library(n_batches=3, batch=6, bits=64, seed=0):
    return jax.random.bernoulli(jax.random.key(seed), 0.15, (n_batches, batch, bits))


def main():
    library = fake_library()
    model = FingerprintClassifier()
    variables = model.init(jax.random.key(1), library[0])
    variables, toxic_rate = recalibrate_statistics(model, variables, library)
    logits = model.apply(variables, library[0])
    jax.block_until_ready((logits, toxic_rate))
