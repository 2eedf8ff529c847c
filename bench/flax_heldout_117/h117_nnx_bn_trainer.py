# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Recalibrator.run's fori_loop body calls self.model (BatchNorm in train mode), whose BatchStat variables live outside the loop
"""Re-estimating BatchNorm statistics of an NNX 1-D conv net over a dataset, in a raw fori_loop.

Shape of the reports: "recompute BN statistics before eval" written as a fori_loop over
batches that calls the NNX model in train mode from inside the body.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3,), rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        return self.head(h.mean(axis=1))


class Recalibrator:
    def __init__(self, model):
        self.model = model

    def run(self, batches):
        self.model.train()

        def body(i, total):
            out = self.model(batches[i])
            return total + out.mean()

        total = lax.fori_loop(0, batches.shape[0], body, 0.0)
        self.model.eval()
        return total


def main():
    batches = jax.random.normal(jax.random.key(0), (6, 16, 24, 1)) * 3.0 + 1.0
    model = ConvNet(nnx.Rngs(0))
    Recalibrator(model).run(batches)
    print("running mean", model.bn.mean[...].mean())
    return None
