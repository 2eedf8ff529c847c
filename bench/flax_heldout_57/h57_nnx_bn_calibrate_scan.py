# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a model holding nnx.BatchNorm is closed over and called in train mode inside the raw scan body
"""'My BatchNorm statistics never update': recalibrating BatchNorm running statistics after
pruning by streaming calibration batches through the model in a jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Net(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.bn(self.linear(x))))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    calib = jax.random.normal(jax.random.key(2), (5, 16, 4)) * 3.0 + 1.0

    def calibrate(carry, x):
        model(x)
        return carry, None

    scan(calibrate, None, calib)
    model.eval()
    model.bn.mean.value.block_until_ready()
    return None
