# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 training-mode BatchNorm updating batch_stats inside a raw lax.scan over chunks
import jax
import jax.numpy as jnp
import flax.linen as nn


class ChunkNorm(nn.Module):
    @nn.compact
    def __call__(self, chunks, train: bool = True):
        bn = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        bn(chunks[0])

        def body(c, x):
            return c, bn(x)

        _, ys = jax.lax.scan(body, None, chunks)
        return ys


def main():
    chunks = jnp.arange(60.0).reshape(3, 4, 5)
    model = ChunkNorm()
    variables = model.init(jax.random.PRNGKey(0), chunks)
    _, updates = model.apply(variables, chunks, mutable=["batch_stats"])
    variables = {**variables, **updates}
    jax.tree.map(lambda a: a * 1.0, variables["batch_stats"])
    return None
