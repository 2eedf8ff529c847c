# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a BN-recalibration helper runs the train-mode model (nnx.BatchNorm updating batch stats) over calibration batches in a raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.fc = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        return self.fc(h.mean(axis=(1, 2)))


def _forward_only(model, batch):
    return model(batch).mean()


def recalibrate_batchnorm(model, batches):
    model.train()

    def body(acc, batch):
        return acc + _forward_only(model, batch), None

    total, _ = jax.lax.scan(body, 0.0, batches)
    return total


def main():
    model = ConvNet(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (4, 2, 6, 6, 1))
    recalibrate_batchnorm(model, batches)
    return None
