# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a BatchNorm submodule bound to a local updates batch_stats inside the raw scan body; apply runs with mutable=['batch_stats']
import jax
import jax.numpy as jnp
import flax.linen as nn


class IteratedNormNet(nn.Module):
    depth: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        dense = nn.Dense(x.shape[-1])
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        x = norm(dense(x))

        def refine(h, _):
            return nn.relu(norm(dense(h))), None

        x, _ = jax.lax.scan(refine, x, None, length=self.depth)
        return x


def main():
    net = IteratedNormNet()
    x = jax.random.normal(jax.random.key(0), (8, 5))
    variables = net.init(jax.random.key(1), x)
    y, updates = net.apply(variables, x, mutable=["batch_stats"])
    new_vars = {**variables, **updates}
    print(net.apply(new_vars, x, train=False).mean())
    return None
