# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 MC-dropout predictions: an outside nnx.Sequential holding nnx.Dropout(rngs=...) called in a scan step
import jax
import jax.numpy as jnp
from flax import nnx


def mc_predictions(model, x, samples):
    def step(carry, _):
        return carry, model(x)

    _, preds = jax.lax.scan(step, None, None, length=samples)
    return preds


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    model = nnx.Sequential(
        nnx.Linear(3, 16, rngs=rngs), nnx.relu, nnx.Dropout(0.5, rngs=rngs), nnx.Linear(16, 1, rngs=rngs)
    )
    preds = mc_predictions(model, jnp.ones((4, 3)), 8)
    print(preds.std(0))
