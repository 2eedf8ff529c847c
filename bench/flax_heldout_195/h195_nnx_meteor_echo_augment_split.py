# label: ok
# flax-error: none
# class: 2 augment_and_score splits rngs.noise() into one key per copy in a local; the scan body gets its key as the xs
"""Meteor radar echo detection: before an echo template is added to the detection catalogue the
pipeline checks the detector is stable under receiver noise, scoring several noisy copies of
the template."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class EchoDetector(nnx.Module):
    def __init__(self, gates: int, rngs: nnx.Rngs):
        self.filter = nnx.Linear(gates, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, echo):
        return nnx.sigmoid(self.score(nnx.relu(self.filter(echo))))[0]


def augment_and_score(detector: EchoDetector, template, rngs: nnx.Rngs, copies: int, snr_db: float):
    noise_scale = jnp.abs(template).max() * 10.0 ** (-snr_db / 20.0)
    noise_keys = jax.random.split(rngs.noise(), copies)

    def noisy_copy(carry, noise_key):
        noise = noise_scale * jax.random.normal(noise_key, template.shape)
        return carry, detector(template + noise)

    _, scores = scan(noisy_copy, None, noise_keys)
    return scores


def main():
    detector = EchoDetector(gates=32, rngs=nnx.Rngs(0))
    template = jnp.exp(-0.5 * ((jnp.arange(32.0) - 14.0) / 2.5) ** 2)
    rngs = nnx.Rngs(params=1, noise=2)
    return augment_and_score(detector, template, rngs, copies=10, snr_db=12.0)
