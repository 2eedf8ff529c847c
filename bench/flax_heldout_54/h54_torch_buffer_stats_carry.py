# label: ok
# flax-error: none
# class: 3 the running mean is threaded through the raw lax.scan carry and written to the buffer after the loop
"""The register_buffer port after the fix: keep the running mean in the carry, store it once."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class StreamingNorm(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, xs):
        running_mean = self.variable("buffers", "running_mean", lambda: jnp.zeros(xs.shape[-1]))

        def step(mean, x):
            mean = self.momentum * mean + (1 - self.momentum) * x.mean(0)
            return mean, x - mean

        mean, ys = jax.lax.scan(step, running_mean.value, xs)
        running_mean.value = mean
        return ys


def main():
    model = StreamingNorm()
    xs = jax.random.normal(jax.random.PRNGKey(0), (8, 4, 3))
    variables = model.init(jax.random.PRNGKey(1), xs)
    for _ in range(2):
        ys, updates = model.apply(variables, xs, mutable=["buffers"])
        variables = {**variables, **updates}
    ys.block_until_ready()
    return None
