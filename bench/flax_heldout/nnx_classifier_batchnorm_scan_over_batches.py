# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an NNX CNN-style classifier with BatchNorm in train mode evaluated batch by batch in a raw scan
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(6, 12, rngs=rngs)
        self.bn = nnx.BatchNorm(12, rngs=rngs)
        self.lin2 = nnx.Linear(12, 3, rngs=rngs)

    def __call__(self, x):
        return self.lin2(nnx.relu(self.bn(self.lin1(x))))


def main():
    model = Classifier(nnx.Rngs(0))
    batches = jnp.ones((5, 8, 6))

    def predict(carry, x):
        return carry, model(x).argmax(-1)

    _, labels = jax.lax.scan(predict, None, batches)
