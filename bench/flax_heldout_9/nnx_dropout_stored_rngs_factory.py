# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a factory closes over a model whose Dropout holds its own Rngs; the made step is the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class MCHead(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(5, 5, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.proj(x))


def make_step(model):
    def step(carry, _):
        y = model(carry)
        return carry, y

    return step


def main():
    head = MCHead(nnx.Rngs(params=0, dropout=1))
    _, ys = jax.lax.scan(make_step(head), jnp.ones((5,)), None, length=4)
    return ys
