# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the masking module keeps an nnx.Rngs on self and its __call__ draws self.rngs.mask(); the raw scan body calls that module for every batch
"""MAE-style random patch masking in NNX.

`PatchMasker` owns an `nnx.Rngs` with a 'mask' stream and draws a fresh Bernoulli mask on
every call. The pre-training loss over a stack of batches is computed with a raw
`jax.lax.scan`; the per-batch masks are kept for the reconstruction targets.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class PatchMasker(nnx.Module):
    def __init__(self, mask_ratio: float, rngs: nnx.Rngs):
        self.mask_ratio = mask_ratio
        self.rngs = rngs

    def __call__(self, patches):
        keep = jax.random.bernoulli(
            self.rngs.mask(), 1.0 - self.mask_ratio, patches.shape[:-1])
        return patches * keep[..., None], keep


class TinyMAE(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.masker = PatchMasker(0.75, rngs=nnx.Rngs(mask=rngs.params()))
        self.enc = nnx.Linear(dim, 16, rngs=rngs)
        self.dec = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, patches):
        visible, keep = self.masker(patches)
        recon = self.dec(nnx.gelu(self.enc(visible)))
        err = ((recon - patches) ** 2).mean(-1)
        loss = jnp.sum(err * (1 - keep)) / jnp.maximum(jnp.sum(1 - keep), 1.0)
        return loss, keep


def pretrain_losses(model: TinyMAE, batches):
    def step(carry, patches):
        loss, keep = model(patches)
        return carry + loss, keep

    total, masks = jax.lax.scan(step, 0.0, batches)
    return total, masks


def main():
    model = TinyMAE(6, rngs=nnx.Rngs(params=0))
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 9, 6))
    total, masks = pretrain_losses(model, batches)
    return masks
