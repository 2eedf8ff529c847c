# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body calls a Linen projection head wrapped with nnx.bridge.ToNNX; the wrapper's Rngs is advanced by the head's dropout inside the body
"""Contrastive pretraining while migrating from Linen to NNX: the projection head of an older
SimCLR codebase is a Linen module with dropout, wrapped for NNX with nnx.bridge.ToNNX and
lazily initialised. The user draws several dropout-perturbed projections of a batch (a cheap
augmentation) with a raw jax.lax.scan that closes over the wrapped head.

Modelled on bridge-migration reports: "TraceContextError: Cannot mutate RngCount" once the
ToNNX-wrapped module is used inside a JAX loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import nnx

DIM = 16
EMBED = 8
N_VIEWS = 3


class LinenProjectionHead(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(0.2, deterministic=False)(h)
        return nn.Dense(EMBED)(h)


def main():
    features = jax.random.normal(jax.random.key(0), (4, DIM))
    head = nnx.bridge.ToNNX(LinenProjectionHead(), rngs=nnx.Rngs(params=1, dropout=2))
    nnx.bridge.lazy_init(head, features)

    def body(carry, _):
        z = head(features)
        return carry, z / jnp.linalg.norm(z, axis=-1, keepdims=True)

    _, views = jax.lax.scan(body, None, None, length=N_VIEWS)
    print("views", views.shape)
    return views  # one dropout-perturbed projection per step
