# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 an Evaluator binds the model with model.bind(mutable=batch_stats), the raw lax.scan body calls the bound module, and an experiment tracker reads its variables afterwards
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=False)(x)
        return nn.Dense(3)(nn.gelu(x))


class ExperimentTracker:
    def __init__(self):
        self.records = {}

    def log(self, name, value):
        self.records.setdefault(name, []).append(float(jnp.mean(value)))


class Evaluator:
    def __init__(self, model, variables, tracker):
        self.bound = model.bind(variables, mutable=["batch_stats"])
        self.tracker = tracker

    def recalibrate(self, batches):
        def body(total, x):
            logits = self.bound(x)
            return total + logits.sum(), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
        stats = self.bound.variables["batch_stats"]
        self.tracker.log("bn_mean", stats["BatchNorm_0"]["mean"])
        return total


def main():
    model = Classifier()
    batches = jnp.ones((5, 4, 10))
    variables = model.init(jax.random.key(0), batches[0])
    Evaluator(model, variables, ExperimentTracker()).recalibrate(batches)
    return None
