# label: same-values
# flax-error: none
# class: 3 one augmentation key from nnx.Rngs is closed over by the fori_loop body that crops each image
"""Random-crop augmentation before an NNX CNN, written as jax.lax.fori_loop over the images of
a batch; the crop offsets come from a key drawn once from nnx.Rngs. Returns the offsets."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class TinyCNN(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3, 3), rngs=rngs)
        self.out = nnx.Linear(4, 10, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.conv(x)).mean(axis=(0, 1)))


def main():
    rngs = nnx.Rngs(params=0, augment=3)
    model = TinyCNN(rngs)
    images = jax.random.uniform(jax.random.key(5), (6, 12, 12, 1))
    key = rngs.augment()

    def augment_and_score(i, state):
        logits, offsets = state
        off = jax.random.randint(key, (2,), 0, 4)
        crop = jax.lax.dynamic_slice(images[i], (off[0], off[1], 0), (8, 8, 1))
        logits = logits.at[i].set(model(crop))
        return logits, offsets.at[i].set(off)

    init = (jnp.zeros((6, 10)), jnp.zeros((6, 2), jnp.int32))
    _, offsets = jax.lax.fori_loop(0, 6, augment_and_score, init)
    return offsets
