# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a bound method of a model with BatchNorm in train mode is taken to a local before the raw lax.scan; calling it in the body updates batch stats
import jax
import jax.numpy as jnp
from flax import nnx


class ConvEncoder(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(1, 4, (3,), rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def embed(self, x):
        return jnp.mean(nnx.relu(self.bn(self.conv(x))), axis=1)


def embed_sequence(encode, frames):
    def body(_, frame):
        return None, encode(frame)

    return jax.lax.scan(body, None, frames)[1]


def main():
    model = ConvEncoder(nnx.Rngs(0))
    frames = jax.random.normal(jax.random.PRNGKey(1), (6, 2, 10, 1))
    encode = model.embed
    feats = embed_sequence(encode, frames)
    jax.block_until_ready(feats)
    return None
