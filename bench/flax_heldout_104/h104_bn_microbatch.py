# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 MicroBatchNet.__call__ creates its Dense params and BatchNorm batch_stats inside its own scan body over micro-batches
"""Memory-saving forward pass: split the batch into micro-batches and run the network on one
micro-batch per lax.scan step. Fails already at init."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MicroBatchNet(nn.Module):
    n_micro: int = 4
    features: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        dense = nn.Dense(self.features)
        norm = nn.BatchNorm(use_running_average=not train)
        head = nn.Dense(2)
        micro = x.reshape(self.n_micro, -1, x.shape[-1])

        def body(carry, xb):
            h = nn.relu(norm(dense(xb)))
            return carry, head(h)

        _, out = jax.lax.scan(body, None, micro)
        return out.reshape(x.shape[0], -1)


def main():
    model = MicroBatchNet()
    x = jax.random.normal(jax.random.key(0), (32, 6))
    variables = model.init(jax.random.key(1), x)
    out, updates = model.apply(variables, x, mutable=['batch_stats'])
    print(out.shape, jax.tree.map(jnp.shape, updates))
    return None
