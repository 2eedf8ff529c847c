# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX conv block with training-mode BatchNorm called on each micro-batch in a raw scan
"""Shape from gradient-accumulation loops that scan over micro-batches (here the forward pass
only) with an NNX model whose BatchNorm is in training mode."""
import jax
import jax.numpy as jnp
from flax import nnx


class ConvBlock(nnx.Module):
    def __init__(self, cin, cout, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(cin, cout, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(cout, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x)))


class TinyResNet(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.stem = ConvBlock(3, 8, rngs=rngs)
        self.head = nnx.Linear(8, 4, rngs=rngs)

    def __call__(self, x):
        return self.head(self.stem(x).mean((1, 2)))


def accumulate_logits(model, micro_batches):
    def body(acc, mb):
        return acc + model(mb).sum(0), None

    acc, _ = jax.lax.scan(body, jnp.zeros((4,)), micro_batches)
    return acc


def main():
    model = TinyResNet(rngs=nnx.Rngs(0))
    model.train()
    mbs = jax.random.normal(jax.random.PRNGKey(0), (3, 2, 8, 8, 3))
    acc = accumulate_logits(model, mbs)
    jax.block_until_ready(acc)
    return None
