# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a module bound with model.bind(variables, mutable=['batch_stats']) is called from the raw scan body
"""'scan over my model is slow and then crashes': to avoid passing variables around, the user
binds the model once and scans the bound module over minibatches; reading the running
statistics afterwards crashes."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=False)(x)
        return nn.gelu(x)


def main():
    model = Encoder()
    batches = jnp.arange(4 * 3 * 5, dtype=jnp.float32).reshape(4, 3, 5) / 60.0
    variables = model.init(jax.random.key(0), batches[0])
    bound = model.bind(variables, mutable=["batch_stats"])

    def body(total, xb):
        return total + bound(xb).sum(), None

    total, _ = jax.lax.scan(body, 0.0, batches)
    stats = bound.variables["batch_stats"]
    jax.tree.map(lambda a: a + 0.0, stats)
    return None
