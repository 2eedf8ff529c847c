# label: ok
# flax-error: none
# class: 1 the MLP is split before the loop; the raw lax.scan body merges it from the carried state, calls it, and returns nnx.state as the new carry
# modelled on: google/flax issue #4151 "`nnx.Dropout` in combination with `jax.lax.scan` returns an error"; google/flax PR #4384 "[nnx] add performance guide notebook" (split/merge around JAX transforms)
"""Apply a dropout MLP to a sequence of inputs with jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(10, 64, rngs=rngs)
        self.linear2 = nnx.Linear(64, 10, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


def summarize(ys):
    """Per-feature mean and spread of the stacked outputs."""
    return ys.mean(axis=(0, 1)), ys.std(axis=(0, 1))


def main():
    model = MLP(rngs=nnx.Rngs(0))
    xs = jnp.ones((6, 1, 10))
    print(model(xs[0]).shape)
    graphdef, state = nnx.split(model)

    def scan_fn(carry, x):
        total, state = carry
        m = nnx.merge(graphdef, state)
        y = m(x)
        return (total + y.sum(), nnx.state(m)), y

    (total, state), ys = jax.lax.scan(scan_fn, (jnp.zeros(()), state), xs)
    nnx.update(model, state)
    mean, std = summarize(ys)
    print(float(total), ys.shape, mean.shape, std.shape)
    return None
