# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BatchNorm in train mode constructed inside the scan body, batch_stats mutable at apply
import jax
import jax.numpy as jnp
import flax.linen as nn


class Stack(nn.Module):
    depth: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        def layer(h, _):
            h = nn.Dense(8)(h)
            h = nn.BatchNorm(use_running_average=not train)(h)
            return nn.relu(h), None

        x, _ = jax.lax.scan(layer, x, None, length=self.depth)
        return x


def main():
    net = Stack()
    x = jnp.ones((4, 8))
    variables = net.init(jax.random.PRNGKey(0), x)
    y, updates = net.apply(variables, x, mutable=["batch_stats"])
    print(y.mean(), jax.tree_util.tree_map(jnp.shape, updates))
    return None
