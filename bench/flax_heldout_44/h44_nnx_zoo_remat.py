# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a model built by name from a zoo is called in train mode inside a jax.checkpoint-wrapped scan body of a harness; its Dropout draws from the outer nnx.Rngs stream
"""Model zoo with name-based factories; a memory-saving harness rematerializes the scanned body."""
import jax
import jax.numpy as jnp
from flax import nnx

_REGISTRY = {}


def register_model(name):
    def deco(fn):
        _REGISTRY[name] = fn
        return fn
    return deco


class MLPDropout(nnx.Module):
    def __init__(self, width, rate, rngs):
        self.fc1 = nnx.Linear(4, width, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.fc2 = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


@register_model("mlp_dropout_small")
def mlp_dropout_small(rngs):
    return MLPDropout(16, 0.1, rngs)


def build_model(name, seed=0):
    return _REGISTRY[name](nnx.Rngs(params=seed, dropout=seed + 1))


class Harness:
    def __init__(self, model_name):
        self.model = build_model(model_name)
        self.model.train()

    def sweep(self, xs):
        model = self.model

        @jax.checkpoint
        def body(carry, x):
            return carry + model(x).sum(), None

        total, _ = jax.lax.scan(body, jnp.float32(0.0), xs)
        return total


def main():
    h = Harness("mlp_dropout_small")
    jax.block_until_ready(h.sweep(jnp.ones((3, 5, 4))))
    return None
