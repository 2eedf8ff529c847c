# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the model with BatchNorm is the attribute self.model of a Calibrator, called in its fori_loop body
"""Recompute BatchNorm running statistics after pruning, over a few calibration batches."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class ConvBN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 5, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.head(x.mean(axis=(1, 2)))


class Calibrator:
    def __init__(self, model):
        self.model = model

    def recalibrate(self, batches):
        self.model.train()

        def body(i, total):
            return total + self.model(batches[i]).mean()

        return lax.fori_loop(0, batches.shape[0], body, jnp.float32(0.0))


def main():
    model = ConvBN(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 4, 8, 8, 1))
    total = Calibrator(model).recalibrate(batches)
    print("mean output", total, model.bn.mean[...])
    return None


if __name__ == "__main__":
    main()
