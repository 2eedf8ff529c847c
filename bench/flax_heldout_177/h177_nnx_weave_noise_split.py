# label: ok
# flax-error: none
# class: 2 the local key drawn from the nnx.Rngs 'noise' stream is split into one key per pass before the loop and scanned as xs
"""Textile defect inspection: a fabric patch is scored several times under sensor-noise
augmentation to estimate how stable the defect score is. The noise key comes from the 'noise'
stream of the inspection Rngs and is split into one key per pass."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DefectScorer(nnx.Module):
    def __init__(self, width: int, rngs: nnx.Rngs):
        self.conv = nnx.Linear(width, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, patch):
        return nnx.sigmoid(self.head(nnx.relu(self.conv(patch))))[..., 0].mean()


def noisy_scores(model, rngs, patch, passes, sigma=0.05):
    keys = jax.random.split(rngs.noise(), passes)

    def body(carry, key):
        noise = sigma * jax.random.normal(key, patch.shape)
        return carry, {"score": model(patch + noise), "noise_energy": jnp.sum(noise**2)}

    _, out = scan(body, None, keys)
    return out


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = DefectScorer(24, rngs)
    patch = jax.random.uniform(jax.random.key(2), (4, 24))
    return noisy_scores(model, rngs, patch, passes=5)
