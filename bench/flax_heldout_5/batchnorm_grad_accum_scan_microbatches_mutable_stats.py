# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 CNN classifier runs its setup BatchNorm in training mode over micro-batches inside a raw lax.scan under apply(mutable=['batch_stats']); the next step uses the leaked stats
"""Gradient accumulation over micro-batches, written with jax.lax.scan inside the model so
that one apply call covers the whole batch. BatchNorm runs in training mode in the scan
body and apply is told that batch_stats is mutable."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SmallCNN(nn.Module):
    num_classes: int = 4

    def setup(self):
        self.conv = nn.Conv(8, (3, 3))
        self.bn = nn.BatchNorm(momentum=0.9)
        self.head = nn.Dense(self.num_classes)

    def __call__(self, x, train: bool = True):
        x = self.conv(x)
        x = self.bn(x, use_running_average=not train)
        x = nn.relu(x).mean(axis=(1, 2))
        return self.head(x)

    def accumulate(self, micro_batches):
        # micro_batches: [num_micro, batch, H, W, C]
        def body(total, mb):
            logits = self(mb, train=True)
            return total + logits.sum(), logits

        total, logits = jax.lax.scan(body, 0.0, micro_batches)
        return total, logits


def main():
    model = SmallCNN()
    x = jnp.ones((2, 6, 6, 1))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    micro = jax.random.normal(jax.random.PRNGKey(1), (3, 2, 6, 6, 1))
    (total, logits), updates = model.apply(
        variables, micro, method=SmallCNN.accumulate, mutable=["batch_stats"]
    )
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    logits = model.apply(variables, x, train=False)
    assert logits.shape == (2, 4)
    return None
