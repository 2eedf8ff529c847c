# label: ok
# flax-error: none
# class: 3 the scan body is the __call__ of a frozen dataclass holding model and params, with the tracker collection carried through the loop
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
    head: nn.Module  # unbound PitchHead
    params: dict

    def __call__(self, carry, frame):
        last_bin, tracker = carry
        bin_, updates = self.head.apply(
            {"params": self.params, "tracker": tracker}, frame, mutable=["tracker"]
        )
        jump = jnp.abs(bin_ - last_bin)
        return (bin_, updates["tracker"]), jump


class PitchSession:
    def __init__(self, n_fft: int = 32):
        self.model = PitchHead()
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((n_fft,)))

    def track(self, frames):
        step = TrackStep(self.model, self.variables["params"])
        (last, tracker), jumps = lax.scan(step, (jnp.array(0), self.variables["tracker"]), frames)
        final_posterior = jnp.exp(tracker["prev_bin_logits"])
        return jumps, final_posterior


def main():
    session = PitchSession()
    frames = jnp.abs(jax.random.normal(jax.random.key(3), (10, 32)))
    jumps, posterior = session.track(frames)
    posterior.block_until_ready()
    return None


if __name__ == "__main__":
    main()
