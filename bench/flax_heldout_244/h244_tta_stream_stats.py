# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the adapter's `self.variables` attribute is read in the scan body and overwritten there with the batch_stats returned by apply(mutable=...)
"""Test-time adaptation: re-estimate BatchNorm statistics on an unlabelled, shifted test stream,
then predict with the adapted statistics."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Classifier(nn.Module):
    num_classes: int = 3
    hidden: int = 8

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.num_classes)(x)


@dataclasses.dataclass
class StreamAdapter:
    model: nn.Module
    variables: Any

    def _adapt_batch(self, _, batch):
        logits, updates = self.model.apply(
            self.variables, batch, train=True, mutable=["batch_stats"]
        )
        self.variables = {"params": self.variables["params"], **updates}
        return None, logits

    def adapt(self, stream):
        _, logits = lax.scan(self._adapt_batch, None, stream)
        return logits

    def predict(self, x):
        return self.model.apply(self.variables, x, train=False)


def main():
    model = Classifier()
    key_init, key_data = jax.random.split(jax.random.key(0))
    variables = model.init(key_init, jnp.ones((4, 5)))
    stream = 1.5 + 2.0 * jax.random.normal(key_data, (6, 4, 5))

    adapter = StreamAdapter(model, variables)
    adapter.adapt(stream)
    preds = adapter.predict(stream[0]).argmax(-1)
    jax.block_until_ready(preds)
    return None
