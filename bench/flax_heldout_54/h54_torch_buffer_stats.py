# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a register_buffer-style self.variable is written inside the raw lax.scan body of the module
"""PyTorch module with register_buffer('running_mean') updated every timestep, ported to Flax:
the buffer became self.variable('buffers', ...) and the time loop became jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class StreamingNorm(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, xs):
        running_mean = self.variable("buffers", "running_mean", lambda: jnp.zeros(xs.shape[-1]))

        def step(_, x):
            running_mean.value = self.momentum * running_mean.value + (1 - self.momentum) * x.mean(0)
            return None, x - running_mean.value

        _, ys = jax.lax.scan(step, None, xs)
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
