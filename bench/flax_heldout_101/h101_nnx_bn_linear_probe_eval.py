# label: ok
# flax-error: none
# class: 2 the local `backbone` is switched to eval mode before the fori_loop, so the body only reads its BatchNorm stats
"""Linear-probe fine-tuning: features from a BN backbone are extracted batch by batch with fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Backbone(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(3, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.fc = nnx.Linear(8, 16, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.fc(x.mean(axis=(1, 2)))


def main():
    backbone = Backbone(nnx.Rngs(0))
    backbone.eval()
    images = jax.random.normal(jax.random.PRNGKey(1), (6, 4, 8, 8, 3))
    feats = jnp.zeros((6, 4, 16))

    def extract(i, feats):
        return feats.at[i].set(backbone(images[i]))

    feats = fori_loop(0, images.shape[0], extract, feats)
    feats = feats.reshape(-1, 16)
    labels = jnp.arange(feats.shape[0]) % 2
    w = jnp.linalg.lstsq(feats, labels.astype(jnp.float32))[0]
    print(w.shape)
    return None
