# label: ok
# flax-error: none
# class: 1 the model is switched to eval mode before the raw lax.scan, so the captured nnx.BatchNorm only reads its BatchStat variables inside the body
"""Memory-bounded inference: embeddings are computed batch by batch with lax.scan, after
`model.eval()`, so BatchNorm uses its running averages and nothing is written inside the
scanned step."""
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
    model.eval()
    batches = jax.random.normal(jax.random.key(1), (5, 16, 6))
    emb = embed_all(model, batches)
    emb.block_until_ready()
