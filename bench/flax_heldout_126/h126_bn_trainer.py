# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls self.bound, a Trainer attribute holding model.bind(variables, mutable=['batch_stats'])
"""Recalibrating BatchNorm statistics after averaging weights (SWA-style).

The Trainer keeps a bound copy of the model with a mutable 'batch_stats' collection and
refreshes the running statistics by pushing the training batches through it in train
mode inside a lax.scan; evaluation then uses the refreshed statistics.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def recalibrate(self, batches):
        def body(total, xb):
            logits = self.bound(xb, train=True)
            return total + logits.mean(), None

        jax.lax.scan(body, 0.0, batches)
        return self.bound.variables["batch_stats"]

    def evaluate(self, batch_stats, x):
        return self.model.apply({"params": self.params, "batch_stats": batch_stats}, x, train=False)


def main():
    model = MLP()
    x = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 5))
    variables = model.init(jax.random.PRNGKey(1), x[0], train=False)
    trainer = Trainer(model, variables)
    batch_stats = trainer.recalibrate(x)
    logits = trainer.evaluate(batch_stats, x[0])
    print("eval logits", logits.shape, float(logits.mean()))
    return None
