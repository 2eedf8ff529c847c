# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a helper forward(model, x) is called in the raw lax.scan body and runs an NNX BatchNorm in train mode, updating its BatchStat variables
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ConvBlock(nnx.Module):
    def __init__(self, channels, rngs):
        self.conv = nnx.Conv(channels, channels, kernel_size=(3,), rngs=rngs)
        self.bn = nnx.BatchNorm(channels, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x)))


def forward(model, x):
    return model(x).mean()


def load_batches(key, n_batches=4, batch=2, length=8, channels=3):
    # stand-in for a data loader: a stack of equally sized batches
    return jax.random.normal(key, (n_batches, batch, length, channels)) * 2.0 + 1.0


def main():
    model = ConvBlock(3, rngs=nnx.Rngs(0))
    model.train()
    batches = load_batches(jax.random.key(1))

    def body(carry, x):
        return carry, forward(model, x)

    _, means = lax.scan(body, None, batches)
    print(means, model.bn.mean.value)
    return None
