# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a Linen dropout MLP wrapped by nnx.bridge.ToNNX is called inside a raw scan body, drawing from the wrapper's Rngs
"""Port of a Linen model into an NNX code base through nnx.bridge.ToNNX; MC-dropout
predictions are then collected with a raw jax.lax.scan that calls the wrapped module,
which draws its dropout keys from the Rngs the wrapper holds."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx
from flax.nnx import bridge


class LinenMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.5, deterministic=False)(x)
        return nn.Dense(1)(x)


def main():
    model = bridge.ToNNX(LinenMLP(), rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.ones((3, 8))
    bridge.lazy_init(model, x)

    def body(carry, _):
        return carry, model(x)

    _, samples = jax.lax.scan(body, None, None, length=5)
    print(samples.mean(0))
    return samples
