# label: ok
# flax-error: none
# class: 2 the rngs argument of sample_gumbel_softmax is a local; one key drawn from its "gumbel" stream is split before the loop and the keys are scanned as xs
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CodeHead(nnx.Module):
    def __init__(self, dim, num_codes, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, num_codes, rngs=rngs)

    def __call__(self, h):
        return self.proj(h)


def gumbel_softmax(logits, key, tau):
    g = jax.random.gumbel(key, logits.shape)
    return jax.nn.softmax((logits + g) / tau, axis=-1)


def sample_gumbel_softmax(logits, rngs: nnx.Rngs, tau: float, num_samples: int):
    def body(carry, key):
        y = gumbel_softmax(logits, key, tau)
        return carry, y

    keys = jax.random.split(rngs.gumbel(), num_samples)
    _, ys = scan(body, None, keys)
    return ys


def main():
    head = CodeHead(5, 6, rngs=nnx.Rngs(params=0))
    logits = head(jnp.ones((2, 5)))
    rngs = nnx.Rngs(gumbel=3)
    return sample_gumbel_softmax(logits, rngs, tau=0.5, num_samples=4)
