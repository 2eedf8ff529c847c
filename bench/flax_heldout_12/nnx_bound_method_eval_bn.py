# label: ok
# flax-error: none
# class: 3 model.eval() before the loop, then a bound method taken to a local and called read-only inside the raw lax.scan body
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
    model.eval()
    frames = jax.random.normal(jax.random.PRNGKey(1), (6, 2, 10, 1))
    encode = model.embed
    feats = embed_sequence(encode, frames)
    jax.block_until_ready(feats)
    return None
