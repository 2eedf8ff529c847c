# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 augment_trip creates rngs = nnx.Rngs(...) locally and the local's jitter stream is called in the scan body
"""Fleet telematics: GPS jitter augmentation for a map-matching model.

To make the map matcher robust, each trip is replayed with Gaussian jitter added
to every fix. The augmentation returns the per-fix jitter so the training job can
check its spread.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MapMatcher(nnx.Module):
    def __init__(self, n_segments, rngs: nnx.Rngs):
        self.embed = nnx.Linear(2, 16, rngs=rngs)
        self.segment = nnx.Linear(16, n_segments, rngs=rngs)

    def __call__(self, fix):
        return self.segment(nnx.gelu(self.embed(fix)))


def augment_trip(matcher, fixes, sigma_m=5.0, seed=0):
    rngs = nnx.Rngs(jitter=seed)

    def replay(n_switches, fix):
        jitter = sigma_m * 1e-5 * jax.random.normal(rngs.jitter(), (2,))
        segment = jnp.argmax(matcher(fix + jitter))
        return n_switches, (jitter, segment)

    _, (jitter, segments) = lax.scan(replay, jnp.zeros((), jnp.int32), fixes)
    return jitter, segments


def main():
    matcher = MapMatcher(12, rngs=nnx.Rngs(params=0))
    fixes = jnp.array([52.37, 4.89]) + 1e-4 * jnp.cumsum(jax.random.normal(jax.random.PRNGKey(1), (10, 2)), 0)
    jitter, segments = augment_trip(matcher, fixes)
    return jitter
