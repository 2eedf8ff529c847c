# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a model holding nnx.Dropout with its own Rngs is passed to an MC-dropout helper and called inside the raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.mean = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.mean(self.drop(nnx.relu(self.hidden(x))))


def mc_predict(model, x, num_samples):
    def body(_, __):
        return None, model(x)

    _, preds = jax.lax.scan(body, None, None, length=num_samples)
    return preds.mean(0), preds.std(0)


def main():
    model = Regressor(4, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jnp.ones((3, 4))
    mean, std = mc_predict(model, x, 8)
    return None
