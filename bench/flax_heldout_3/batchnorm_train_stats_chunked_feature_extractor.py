# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 training-mode BatchNorm (built before the loop) applied to every chunk inside a raw scan
"""Shape from flax issue #2052 (nn.BatchNorm used across scan steps) and the flax BatchNorm guide
(apply with mutable=['batch_stats'], merge the updates back), with jax.lax.scan over chunks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ChunkedEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, chunks, train: bool = True):
        proj = nn.Dense(self.features)
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        first = norm(proj(chunks[0]))  # built on the first chunk, outside the loop

        def encode(acc, chunk):
            h = nn.relu(norm(proj(chunk)))
            return acc + h.mean(0), h

        total, _ = jax.lax.scan(encode, first.mean(0), chunks[1:])
        return total


def main():
    model = ChunkedEncoder()
    chunks = jax.random.normal(jax.random.PRNGKey(0), (4, 5, 3))
    variables = model.init(jax.random.PRNGKey(1), chunks)
    params, batch_stats = variables["params"], variables["batch_stats"]
    for _ in range(2):
        _, updates = model.apply({"params": params, "batch_stats": batch_stats}, chunks,
                                 mutable=["batch_stats"])
        batch_stats = updates["batch_stats"]
    out = model.apply({"params": params, "batch_stats": batch_stats}, chunks, train=False)
    jax.block_until_ready(out)
    return None
