# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an @nnx.jit step function is given the outer model from inside a raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


@nnx.jit
def predict(model, x):
    return model(x)


class Decoder(nnx.Module):
    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, h):
        return jnp.tanh(self.proj(h))


def main():
    model = Decoder(6, nnx.Rngs(0))

    def body(h, _):
        h = predict(model, h)
        return h, h

    _, hs = jax.lax.scan(body, jnp.ones(6), None, length=5)
    return None
