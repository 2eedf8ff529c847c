# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a BNRecalibrator object reaches the model through self.model and calls it in train mode inside the while_loop body
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class ConvBlock(nnx.Module):
    def __init__(self, cin, cout, *, rngs):
        self.conv = nnx.Conv(cin, cout, kernel_size=(3,), rngs=rngs)
        self.bn = nnx.BatchNorm(cout, momentum=0.8, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x)))


class Network(nnx.Module):
    def __init__(self, *, rngs):
        self.block1 = ConvBlock(2, 8, rngs=rngs)
        self.block2 = ConvBlock(8, 8, rngs=rngs)

    def __call__(self, x):
        return self.block2(self.block1(x)).mean(axis=(1, 2))


class BNRecalibrator:
    """Re-estimates BatchNorm statistics after weight surgery, until they settle."""

    def __init__(self, model, tol=1e-3, max_batches=16):
        self.model = model
        self.tol = tol
        self.max_batches = max_batches

    def running_mean(self):
        return self.model.block2.bn.mean.value

    def recalibrate(self, batches):
        self.model.train()
        n = batches.shape[0]

        def cond(state):
            i, delta = state
            return (i < self.max_batches) & (delta > self.tol)

        def body(state):
            i, _ = state
            before = self.running_mean()
            self.model(batches[i % n])
            delta = jnp.max(jnp.abs(self.running_mean() - before))
            return i + 1, delta

        lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(jnp.inf)))
        self.model.eval()


def main():
    model = Network(rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (6, 4, 12, 2))
    BNRecalibrator(model).recalibrate(batches)
    model(batches[0])
    return None
