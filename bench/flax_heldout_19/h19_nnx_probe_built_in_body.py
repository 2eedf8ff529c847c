# label: ok
# flax-error: none
# class: 1 a fresh nnx.Linear probe is constructed from the step's key and used only inside the jax.lax.scan body
"""Random-probe ensemble: each scan step builds a fresh random linear probe and scores features.

Modelled on the NNX transforms guide section on Modules and transforms (google/flax#4333)
and the Keras NNX backend change keras-team/keras#23326 (layers created inside a trace):
here every probe is created
and used inside the `jax.lax.scan` body from that step's key. The per-probe scores are returned.
"""
import jax
import jax.numpy as jnp
from flax import nnx


def probe_scores(features, key, num_probes):
    keys = jax.random.split(key, num_probes)

    def step(carry, k):
        probe = nnx.Linear(features.shape[-1], 1, rngs=nnx.Rngs(params=k))
        score = jnp.mean(probe(features))
        return carry + score, score

    total, scores = jax.lax.scan(step, jnp.zeros(()), keys)
    return scores


def main():
    features = jax.random.normal(jax.random.key(0), (10, 6))
    return probe_scores(features, jax.random.key(1), 4)
