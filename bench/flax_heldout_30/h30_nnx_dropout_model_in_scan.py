# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX model in train mode (nnx.Dropout holding the Rngs stream) is called from a closure that is the raw jax.lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.dropout(nnx.relu(self.fc1(x))))


def make_sequence(key, n_steps=5, batch=2, dim=4):
    xs = jax.random.normal(key, (n_steps, batch, dim))
    targets = jnp.roll(xs, -1, axis=0)
    return xs, targets


def main():
    model = MLP(4, 16, 4, rngs=nnx.Rngs(params=0, dropout=1))
    xs, targets = make_sequence(jax.random.key(0))

    def scan_fn(carry, inputs):
        x, target = inputs
        y = model(x)
        return carry + jnp.mean((y - target) ** 2), y

    total, ys = jax.lax.scan(scan_fn, 0.0, (xs, targets))
    print("mean loss", total / xs.shape[0], ys.shape)
    return None
