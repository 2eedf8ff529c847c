# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 bound module (Module.bind with mutable batch_stats) closed over by the raw scan body
"""Test-time adaptation: bind the model once, re-estimate BatchNorm stats over test batches in a scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(2)(x)


def main():
    model = Classifier()
    test_batches = jnp.ones((3, 4, 5))
    variables = model.init(jax.random.PRNGKey(0), test_batches[0])
    bound = model.bind(variables, mutable=["batch_stats"])

    def adapt(carry, batch):
        logits = bound(batch, train=True)
        return carry, logits.argmax(-1)

    jax.lax.scan(adapt, None, test_batches)
    _, adapted = bound.unbind()
    mean = adapted["batch_stats"]["BatchNorm_0"]["mean"] + 0.0
    jax.block_until_ready(mean)
    return None
