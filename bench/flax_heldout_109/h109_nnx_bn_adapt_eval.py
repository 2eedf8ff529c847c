# label: ok
# flax-error: none
# class: 4 the BatchNorm sits in pipeline.model.backbone; pipeline.model.eval() is called before the scan so the body only reads the running stats
"""Extract embeddings for a stream of batches from a pretrained NNX encoder (Linear + BatchNorm
backbone) in eval mode, looping over the batches with a raw lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Backbone(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(10, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.backbone = Backbone(rngs)
        self.proj = nnx.Linear(32, 8, rngs=rngs)

    def __call__(self, x):
        return self.proj(self.backbone(x))


class Pipeline:
    def __init__(self, model):
        self.model = model

    def embed(self, x):
        z = self.model(x)
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def main():
    pipeline = Pipeline(Encoder(nnx.Rngs(0)))
    pipeline.model.eval()
    batches = jax.random.normal(jax.random.key(1), (5, 16, 10))

    def body(carry, x):
        z = pipeline.embed(x)
        return carry + z.mean(0), z

    centroid, embeddings = scan(body, jnp.zeros(8), batches)
    print(embeddings.shape, centroid)
    return None
