# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a module that updates its "stats" collection is applied in a scan body without mutable
"""Streaming feature normaliser with an EMA of the mean, applied over a sequence of chunks in lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class EMANormalizer(nn.Module):
    decay: float = 0.99

    @nn.compact
    def __call__(self, x, update_stats: bool = True):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
        count = self.variable("stats", "count", lambda: jnp.array(0, jnp.int32))
        if update_stats and not self.is_initializing():
            mean.value = self.decay * mean.value + (1 - self.decay) * x.mean(0)
            count.value += 1
        return nn.Dense(x.shape[-1])(x - mean.value)


def main():
    model = EMANormalizer()
    chunks = jax.random.normal(jax.random.PRNGKey(3), (6, 4, 5))
    variables = model.init(jax.random.PRNGKey(0), chunks[0])

    def step(carry, chunk):
        y = model.apply(variables, chunk)
        return carry + y.sum(), y

    total, ys = lax.scan(step, 0.0, chunks)
    ys.block_until_ready()
    return None
