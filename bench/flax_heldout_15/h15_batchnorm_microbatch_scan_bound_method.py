# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 bound method self._accumulate is the lax.scan body; it calls self(...) with a train-mode BatchNorm, applied with mutable batch_stats
import jax
import jax.numpy as jnp
import flax.linen as nn


class DenseBNBlock(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class Classifier(nn.Module):
    num_classes: int = 3

    def setup(self):
        self.block = DenseBNBlock()
        self.head = nn.Dense(self.num_classes)

    def __call__(self, x, train=False):
        return self.head(self.block(x, train))

    def _accumulate(self, total, batch):
        logits = self(batch, train=True)
        return total + jnp.mean(jax.nn.logsumexp(logits, axis=-1)), None

    def recalibrate(self, batches):
        total, _ = jax.lax.scan(self._accumulate, 0.0, batches)
        return total / batches.shape[0]


def main():
    model = Classifier()
    batches = jax.random.normal(jax.random.key(0), (4, 8, 5))
    variables = model.init(jax.random.key(1), batches[0])
    _, updates = model.apply(variables, batches, method=Classifier.recalibrate,
                             mutable=["batch_stats"])
    variables = {**variables, **updates}
    model.apply(variables, batches[0])
    return None
