# label: ok
# flax-error: none
# class: 5 the same outside nnx.Sequential with dropout, put in eval mode before it is called in the scan step
import jax
import jax.numpy as jnp
from flax import nnx


def predictions(model, xs):
    def step(carry, x):
        return carry, model(x)

    _, preds = jax.lax.scan(step, None, xs)
    return preds


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    model = nnx.Sequential(
        nnx.Linear(3, 16, rngs=rngs), nnx.relu, nnx.Dropout(0.5, rngs=rngs), nnx.Linear(16, 1, rngs=rngs)
    )
    model.eval()
    preds = predictions(model, jnp.ones((4, 2, 3)))
    print(preds.shape)
