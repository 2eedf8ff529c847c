# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the rngs argument of sample_gumbel_softmax is a local whose "gumbel" stream is called inside the scan body
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
    def body(carry, _):
        y = gumbel_softmax(logits, rngs.gumbel(), tau)
        return carry, y

    _, ys = scan(body, None, None, length=num_samples)
    return ys


def main():
    head = CodeHead(5, 6, rngs=nnx.Rngs(params=0))
    logits = head(jnp.ones((2, 5)))
    rngs = nnx.Rngs(gumbel=3)
    return sample_gumbel_softmax(logits, rngs, tau=0.5, num_samples=4)
