# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the Augmenter object keeps an nnx.Rngs; its jitter stream is drawn inside the scan body
"""Hospital linen logistics: jittered fill-level readings from cart weight sensors.

An augmentation helper owns an nnx.Rngs stream and perturbs each reading; the collector
runs the perturbation for every cart round with a raw scan and keeps the jitter applied.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FillEstimator(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, load):
        return nnx.sigmoid(self.proj(load))[..., 0]


class Augmenter:
    def __init__(self, seed, scale=0.05):
        self.rngs = nnx.Rngs(jitter=seed)
        self.scale = scale

    def jitter(self, load):
        noise = self.scale * jax.random.normal(self.rngs.jitter(), load.shape)
        return load + noise, noise


def collect_rounds(model, augmenter, loads):
    def body(carry, load):
        noisy, noise = augmenter.jitter(load)
        return carry, (model(noisy), noise)

    _, (fill, noise) = jax.lax.scan(body, None, loads)
    return fill, noise


def main():
    # per round: kg clean linen, kg soiled linen, cart tare deviation, for 4 carts
    loads = jnp.tile(jnp.array([[18.0, 6.5, 0.3]] * 4), (5, 1, 1))
    model = FillEstimator(nnx.Rngs(0))
    fill, noise = collect_rounds(model, Augmenter(seed=3), loads)
    return noise
