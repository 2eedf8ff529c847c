# label: ok
# flax-error: none
# class: 4 AugmenterPool.acquire() hands out a worker; one key is drawn from its nnx.Rngs stream before the fori_loop and folded with the loop index in the body
"""Streaming augmentation service: a pool of augmentation workers, each an NNX module with its
own random stream, produces several jittered views of a product image embedding."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class JitterWorker(nnx.Module):
    def __init__(self, dim, seed):
        self.rngs = nnx.Rngs(augment=seed)
        self.mix = nnx.Linear(dim, dim, rngs=nnx.Rngs(seed + 100))
        self.scale = 0.1

    def jitter(self, x, key):
        noise = jax.random.normal(key, x.shape)
        return x + self.scale * self.mix(noise)


class AugmenterPool:
    def __init__(self, dim, size):
        self._free = [JitterWorker(dim, seed) for seed in range(size)]
        self._busy = []

    def acquire(self):
        worker = self._free.pop()
        self._busy.append(worker)
        return worker

    def release(self, worker):
        self._busy.remove(worker)
        self._free.append(worker)


def make_views(pool, embedding, views):
    worker = pool.acquire()
    try:
        base = worker.rngs.augment()

        def body(i, out):
            return out.at[i].set(worker.jitter(embedding, jax.random.fold_in(base, i)))

        return lax.fori_loop(0, views, body, jnp.zeros((views,) + embedding.shape))
    finally:
        pool.release(worker)


def main():
    pool = AugmenterPool(dim=8, size=3)
    embedding = jnp.linspace(-1.0, 1.0, 8)
    return make_views(pool, embedding, views=4)
