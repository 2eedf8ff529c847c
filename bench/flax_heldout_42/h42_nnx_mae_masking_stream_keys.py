# label: ok
# flax-error: none
# class: 2 the masking module keeps an nnx.Rngs on self; one key is drawn from self.rngs.mask() before the raw scan and split into per-batch keys that the body passes to the module
"""MAE-style random patch masking in NNX.

`PatchMasker` owns an `nnx.Rngs` with a 'mask' stream. The pre-training loss over a
stack of batches is computed with a raw `jax.lax.scan`; one key is drawn from the stream
outside the loop and split into one subkey per batch, which the masker uses.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class PatchMasker(nnx.Module):
    def __init__(self, mask_ratio: float, rngs: nnx.Rngs):
        self.mask_ratio = mask_ratio
        self.rngs = rngs

    def keys(self, n):
        return jax.random.split(self.rngs.mask(), n)

    def __call__(self, patches, key):
        keep = jax.random.bernoulli(key, 1.0 - self.mask_ratio, patches.shape[:-1])
        return patches * keep[..., None], keep


class TinyMAE(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.masker = PatchMasker(0.75, rngs=nnx.Rngs(mask=rngs.params()))
        self.enc = nnx.Linear(dim, 16, rngs=rngs)
        self.dec = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, patches, key):
        visible, keep = self.masker(patches, key)
        recon = self.dec(nnx.gelu(self.enc(visible)))
        err = ((recon - patches) ** 2).mean(-1)
        loss = jnp.sum(err * (1 - keep)) / jnp.maximum(jnp.sum(1 - keep), 1.0)
        return loss, keep


def pretrain_losses(model: TinyMAE, batches):
    keys = model.masker.keys(batches.shape[0])

    def step(carry, inp):
        patches, key = inp
        loss, keep = model(patches, key)
        return carry + loss, keep

    total, masks = jax.lax.scan(step, 0.0, (batches, keys))
    return total, masks


def main():
    model = TinyMAE(6, rngs=nnx.Rngs(params=0))
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 9, 6))
    total, masks = pretrain_losses(model, batches)
    return masks
