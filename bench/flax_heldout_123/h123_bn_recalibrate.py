# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Classifier.recalibrate scans over microbatches itself and updates its own BatchNorm stats (apply with mutable=['batch_stats'])
"""Recomputing BatchNorm statistics after weight averaging (SWA). Classifier.recalibrate scans
over microbatches and runs itself in train mode, so BatchNorm writes batch_stats from inside the
scan body; apply is called with mutable=['batch_stats'] and the new stats are then used for
evaluation."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Classifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.num_classes)(x)

    def recalibrate(self, microbatches):
        def body(carry, xb):
            logits = self(xb, train=True)
            return carry + logits.mean(), None

        total, _ = scan(body, 0.0, microbatches)
        return total


def main():
    model = Classifier()
    rng = jax.random.PRNGKey(0)
    data = jax.random.normal(rng, (6, 8, 12))
    variables = model.init(rng, data[0])
    _, updates = model.apply(variables, data, method=Classifier.recalibrate,
                             mutable=["batch_stats"])
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    logits = model.apply(variables, data[0], train=False)
    print(logits.argmax(-1))
    return None


if __name__ == "__main__":
    main()
