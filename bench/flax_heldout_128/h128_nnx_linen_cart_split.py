# label: ok
# flax-error: none
# class: 3 the Augmenter object keeps an nnx.Rngs; one key is drawn before the loop, split per round and enters the scan as xs
"""Hospital linen logistics: jittered fill-level readings from cart weight sensors.

An augmentation helper owns an nnx.Rngs stream; the collector draws one key from it before
the loop, splits it per cart round and passes each round its own key.
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

    def round_keys(self, n):
        return jax.random.split(self.rngs.jitter(), n)

    def jitter_with(self, key, load):
        noise = self.scale * jax.random.normal(key, load.shape)
        return load + noise, noise


def collect_rounds(model, augmenter, loads):
    def body(carry, key_load):
        key, load = key_load
        noisy, noise = augmenter.jitter_with(key, load)
        return carry, (model(noisy), noise)

    keys = augmenter.round_keys(loads.shape[0])
    _, (fill, noise) = jax.lax.scan(body, None, (keys, loads))
    return fill, noise


def main():
    # per round: kg clean linen, kg soiled linen, cart tare deviation, for 4 carts
    loads = jnp.tile(jnp.array([[18.0, 6.5, 0.3]] * 4), (5, 1, 1))
    model = FillEstimator(nnx.Rngs(0))
    fill, noise = collect_rounds(model, Augmenter(seed=3), loads)
    return noise
