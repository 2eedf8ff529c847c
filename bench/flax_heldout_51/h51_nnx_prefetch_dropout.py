# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a prefetching iterator hands stacked batches to a step function made by a factory that closes over a train-mode model with a dropout Rngs stream
"""Input pipeline with a prefetcher: a Prefetcher groups host batches into device chunks and a
factory-made step function consumes a chunk with jax.lax.scan; the model is in training mode,
so its nnx.Dropout draws from the model's Rngs 'dropout' stream."""
import collections
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx


class Tagger(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(10, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.embed(x))))


def host_batches(seed, batch=8):
    rs = np.random.RandomState(seed)
    while True:
        yield rs.randn(batch, 10).astype(np.float32)


class Prefetcher:
    def __init__(self, iterator, chunk=4, buffer_size=2):
        self.iterator = iterator
        self.chunk = chunk
        self.queue = collections.deque(maxlen=buffer_size)

    def _fill(self):
        while len(self.queue) < self.queue.maxlen:
            group = list(itertools.islice(self.iterator, self.chunk))
            self.queue.append(jax.device_put(np.stack(group)))

    def __iter__(self):
        return self

    def __next__(self):
        self._fill()
        return self.queue.popleft()


def make_chunk_step(model):
    def chunk_step(chunk):
        def body(acc, x):
            logits = model(x)
            return acc + jax.nn.logsumexp(logits, axis=-1).mean(), None
        total, _ = jax.lax.scan(body, jnp.zeros(()), chunk)
        return total
    return chunk_step


def main():
    model = Tagger(nnx.Rngs(params=0, dropout=1))
    model.train()
    step = make_chunk_step(model)
    for chunk in itertools.islice(Prefetcher(host_batches(0)), 2):
        step(chunk)
