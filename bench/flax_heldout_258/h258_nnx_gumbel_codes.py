# label: same-values
# flax-error: none
# class: 3 the GumbelSampler dataclass's `key` field is read inside the jax.lax.scan body at every step
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class CodeLogits(nnx.Module):
    def __init__(self, din, n_codes, *, rngs):
        self.proj = nnx.Linear(din, n_codes, rngs=rngs)

    def __call__(self, x):
        return self.proj(x)


@dataclasses.dataclass
class GumbelSampler:
    model: CodeLogits
    key: jax.Array
    tau: float = 0.5
    hard: bool = True

    def relaxed_one_hot(self, x, key):
        logits = self.model(x)
        soft = jax.nn.softmax((logits + jax.random.gumbel(key, logits.shape)) / self.tau, axis=-1)
        if not self.hard:
            return soft
        hard = jax.nn.one_hot(jnp.argmax(soft, axis=-1), soft.shape[-1])
        return soft + jax.lax.stop_gradient(hard - soft)

    def sample_n(self, x, n):
        def body(carry, _):
            return carry, self.relaxed_one_hot(x, self.key)

        _, codes = jax.lax.scan(body, None, None, length=n)
        return codes


def main():
    rngs = nnx.Rngs(params=0, gumbel=5)
    sampler = GumbelSampler(CodeLogits(3, 6, rngs=rngs), key=rngs.gumbel())
    x = jnp.ones((2, 3))
    return sampler.sample_n(x, n=6)
