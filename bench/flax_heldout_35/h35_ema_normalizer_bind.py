# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 module bound with model.bind(state) (no mutable); the fori_loop body inside normalize() writes the 'stats' EMA variable
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class RunningNormalizer(nn.Module):
    decay: float = 0.9

    @nn.compact
    def normalize(self, xs):
        mean = self.variable("stats", "mean", jnp.zeros, xs.shape[1:])

        def body(i, acc):
            x = xs[i]
            mean.value = self.decay * mean.value + (1.0 - self.decay) * x
            return acc.at[i].set(x - mean.value)

        return fori_loop(0, xs.shape[0], body, jnp.zeros_like(xs))


def main():
    xs = jnp.linspace(0.0, 2.0, 15).reshape(5, 3)
    state = {"stats": {"mean": jnp.zeros((3,))}}
    normalizer = RunningNormalizer().bind(state)
    out = normalizer.normalize(xs)
    out.block_until_ready()
    return None
