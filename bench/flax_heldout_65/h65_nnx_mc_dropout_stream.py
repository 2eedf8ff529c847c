# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an UncertaintyEstimator's model owns an nnx.Dropout with an Rngs stream that advances when the scan body calls it
"""MC-dropout uncertainty estimator using the model's own dropout stream; returns per-sample masks."""
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutProbe(nnx.Module):
    def __init__(self, rate, rngs: nnx.Rngs):
        self.drop = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, x):
        return self.drop(x)


class UncertaintyEstimator:
    def __init__(self, model, num_samples=6):
        self.model = model
        self.num_samples = num_samples

    def masks(self, x):
        self.model.train()

        def sample(_, __):
            return None, self.model(x) != 0

        _, masks = jax.lax.scan(sample, None, None, length=self.num_samples)
        return masks


def main():
    model = DropoutProbe(0.5, nnx.Rngs(params=0, dropout=1))
    return UncertaintyEstimator(model).masks(jnp.ones((3, 8)))
