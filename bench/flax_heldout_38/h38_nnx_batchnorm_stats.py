# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a model with nnx.BatchNorm left in train mode is captured by the raw lax.scan body, so each call updates the BatchStat variables inside the scan
"""Memory-bounded inference: embeddings are computed batch by batch with lax.scan instead
of one big call. The model was just trained and is still in train mode, so its BatchNorm
layer updates the running statistics when called inside the scanned step."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.nnx as nnx


class Encoder(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.linear = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.proj = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.proj(nnx.relu(self.bn(self.linear(x))))


def embed_all(model, batches):
    def step(carry, x):
        return carry, model(x)

    _, emb = lax.scan(step, None, batches)
    return emb


def main():
    model = Encoder(6, 4, rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 16, 6))
    emb = embed_all(model, batches)
    emb.block_until_ready()
