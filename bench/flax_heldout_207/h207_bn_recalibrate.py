# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Net.recalibrate scans over micro-batches and calls its own BatchNorm in training mode inside the body
"""Recomputing BatchNorm running statistics after weight averaging (SWA), micro-batch by micro-batch.

apply is called with mutable=["batch_stats"] so the running averages can be updated."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Net(nn.Module):
    features: int = 16

    def setup(self):
        self.dense1 = nn.Dense(self.features)
        self.bn = nn.BatchNorm(momentum=0.9)
        self.dense2 = nn.Dense(3)

    def __call__(self, x, train: bool = False):
        h = self.dense1(x)
        h = self.bn(h, use_running_average=not train)
        return self.dense2(nn.relu(h))

    def recalibrate(self, batches):
        def body(carry, x):
            h = self.bn(self.dense1(x), use_running_average=False)
            return carry + jnp.mean(h), None

        total, _ = scan(body, jnp.float32(0.0), batches)
        return total


def main():
    model = Net()
    batches = jax.random.normal(jax.random.key(0), (5, 8, 4))
    variables = model.init(jax.random.key(1), batches[0], train=False)
    _, updates = model.apply(variables, batches, method=Net.recalibrate, mutable=["batch_stats"])
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    model.apply(variables, batches[0], train=False)
    return None


if __name__ == "__main__":
    main()
