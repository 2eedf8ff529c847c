# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body is the __call__ of a frozen dataclass whose field holds model.bind(variables, mutable=["tracker"])
"""Choir pitch tracker: follows the fundamental frequency of a voice frame by frame."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PitchHead(nn.Module):
    n_bins: int = 24

    @nn.compact
    def __call__(self, spectrum):
        prev = self.variable("tracker", "prev_bin_logits", jnp.zeros, (self.n_bins,))
        logits = nn.Dense(self.n_bins)(spectrum) + 0.5 * prev.value
        prev.value = jax.nn.log_softmax(logits)
        return jnp.argmax(logits)


@dataclass(frozen=True, eq=False)  # identity hash: lax.scan caches on the callable
class TrackStep:
    head: nn.Module  # bound PitchHead

    def __call__(self, last_bin, frame):
        bin_ = self.head(frame)
        jump = jnp.abs(bin_ - last_bin)
        return bin_, jump


class PitchSession:
    def __init__(self, n_fft: int = 32):
        self.model = PitchHead()
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((n_fft,)))

    def track(self, frames):
        bound = self.model.bind(self.variables, mutable=["tracker"])
        last, jumps = lax.scan(TrackStep(bound), jnp.array(0), frames)
        final_posterior = jnp.exp(bound.variables["tracker"]["prev_bin_logits"])
        return jumps, final_posterior


def main():
    session = PitchSession()
    frames = jnp.abs(jax.random.normal(jax.random.key(3), (10, 32)))
    jumps, posterior = session.track(frames)
    posterior.block_until_ready()
    return None


if __name__ == "__main__":
    main()
