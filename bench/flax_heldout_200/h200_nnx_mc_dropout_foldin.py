# label: ok
# flax-error: none
# class: 2 the local dropout key of predict_with_uncertainty is folded with the sample index before building the nnx.Rngs inside the scan body
"""Monte-Carlo dropout cloud masks for satellite tiles: several stochastic passes per tile."""
import jax
import jax.numpy as jnp
from flax import nnx


class CloudMaskNet(nnx.Module):
    def __init__(self, bands: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(bands, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.decode = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, pixels, *, rngs: nnx.Rngs | None = None):
        h = nnx.relu(self.encode(pixels))
        h = self.drop(h, deterministic=rngs is None, rngs=rngs)
        return jax.nn.sigmoid(self.decode(h)).squeeze(-1)


def predict_with_uncertainty(model: CloudMaskNet, pixels, seed: int, num_samples: int):
    key = jax.random.key(seed)

    def one_pass(carry, sample_id):
        mask = model(pixels, rngs=nnx.Rngs(dropout=jax.random.fold_in(key, sample_id)))
        return carry, mask

    _, masks = jax.lax.scan(one_pass, None, jnp.arange(num_samples))
    return masks


def main():
    pixels = jax.random.uniform(jax.random.key(4), (12, 6))
    model = CloudMaskNet(6, nnx.Rngs(params=0))
    masks = predict_with_uncertainty(model, pixels, seed=17, num_samples=6)
    print("cloud fraction", float(masks.mean()), "max std", float(masks.std(0).max()))
    return masks
