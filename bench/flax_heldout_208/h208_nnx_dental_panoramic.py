# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a train-mode NNX network with BatchNorm held as PanoramicTriage.net and called in the fori_loop body
"""Dental imaging triage: flags panoramic x-ray crops that need a same-day review."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class CropEncoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.95, rngs=rngs)
        self.head = nnx.Linear(8, 2, rngs=rngs)  # review today / routine

    def __call__(self, crops):
        h = nnx.relu(self.norm(self.conv(crops)))
        return self.head(h.mean(axis=(1, 2)))


class PanoramicTriage:
    def __init__(self, seed: int = 0):
        self.net = CropEncoder(nnx.Rngs(seed))

    def count_urgent(self, crop_batches):
        def body(i, urgent):
            logits = self.net(crop_batches[i])
            return urgent + (logits.argmax(-1) == 0).sum()

        return lax.fori_loop(0, crop_batches.shape[0], body, jnp.int32(0))


def main():
    crops = jax.random.uniform(jax.random.key(3), (5, 4, 16, 16, 1))
    PanoramicTriage().count_urgent(crops)
