# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 submodule's 'batch_stats' variable updated inside the raw lax.scan body over chunks, returned from a mutable apply
# modelled on: nn.scan + nn.BatcnNorm (google/flax#2052)
"""Feature normalizer whose running moments are updated chunk by chunk."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RunningMoments(nn.Module):
    momentum: float = 0.9

    @nn.compact
    def __call__(self, x, update: bool):
        mean = self.variable("batch_stats", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("batch_stats", "var", jnp.ones, x.shape[-1:])
        if update:
            m = self.momentum
            mean.value = m * mean.value + (1 - m) * x.mean(0)
            var.value = m * var.value + (1 - m) * x.var(0)
        return (x - mean.value) / jnp.sqrt(var.value + 1e-5)


class ChunkedEncoder(nn.Module):
    @nn.compact
    def __call__(self, chunks, train: bool = False):
        norm = RunningMoments()
        dense = nn.Dense(4)
        dense(norm(chunks[0], update=False))  # create params and stats

        def body(carry, chunk):
            y = dense(norm(chunk, update=train))
            return carry + y.mean(), y

        total, ys = jax.lax.scan(body, jnp.zeros(()), chunks)
        return ys, total


def main():
    chunks = jax.random.normal(jax.random.key(0), (4, 16, 3)) * 2.0 + 1.0
    model = ChunkedEncoder()
    variables = model.init(jax.random.key(1), chunks[:1])
    (ys, total), updates = model.apply(variables, chunks, train=True,
                                       mutable=["batch_stats"])
    variables = {**variables, **updates}
    ys_eval, _ = model.apply(variables, chunks, train=False)
    jax.block_until_ready(ys_eval)
    return None
