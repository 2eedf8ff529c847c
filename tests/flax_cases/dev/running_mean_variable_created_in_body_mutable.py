# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.variable running mean created and updated in the body; apply with mutable batch_stats
import flax.linen as nn
import jax
import jax.numpy as jnp


class StreamingNorm(nn.Module):
    momentum: float = 0.9

    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            mean = self.variable("batch_stats", "mean", jnp.zeros, x.shape[-1:])
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
            y = x - mean.value
            return carry + y.sum(), y

        return jax.lax.scan(step, 0.0, xs)


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (8, 4, 3))
    model = StreamingNorm()
    variables = model.init(jax.random.PRNGKey(1), xs)
    (total, ys), updates = model.apply(variables, xs, mutable=["batch_stats"])
