# label: same-values
# flax-error: none
# class: 1 the defect head's own __call__ runs the scan over test-time augmentations and calls self.make_rng('augment') inside the body
"""Textile loom inspection: defect probability for fabric patches, averaged over test-time
augmentations (jittered brightness and sensor noise) to cut false stops on the loom."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PatchEncoder(nn.Module):
    @nn.compact
    def __call__(self, patch):
        h = nn.Conv(8, (3, 3), strides=(2, 2))(patch)
        h = nn.relu(h).mean(axis=(1, 2))
        return nn.Dense(1)(h).squeeze(-1)


class AugmentedDefectHead(nn.Module):
    n_views: int = 6
    noise: float = 0.1

    @nn.compact
    def __call__(self, patches):
        encoder = PatchEncoder()
        encoder(patches)  # build the encoder's params outside the loop

        def view(carry, _):
            key = self.make_rng("augment")
            k_gain, k_noise = jax.random.split(key)
            gain = 1.0 + 0.2 * jax.random.uniform(k_gain, (patches.shape[0], 1, 1, 1), minval=-1.0)
            noisy = gain * patches + self.noise * jax.random.normal(k_noise, patches.shape)
            return carry, nn.sigmoid(encoder(noisy))

        _, probs = lax.scan(view, None, None, length=self.n_views)
        return probs  # (n_views, n_patches)


class InspectionStation:
    def __init__(self, head, variables, seed):
        self.head = head
        self.variables = variables
        self.key = jax.random.key(seed)

    def inspect(self, patches):
        probs = self.head.apply(self.variables, patches, rngs={"augment": self.key})
        return probs, probs.mean(axis=0) > 0.5


def main():
    patches = jax.random.uniform(jax.random.key(0), (4, 16, 16, 1))  # grey-level fabric patches
    head = AugmentedDefectHead()
    variables = head.init({"params": jax.random.key(1), "augment": jax.random.key(2)}, patches)
    station = InspectionStation(head, variables, seed=3)
    probs, _ = station.inspect(patches)
    return probs
