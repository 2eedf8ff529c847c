# label: ok
# flax-error: none
# class: 5 MC-dropout over a split model: merged inside the body, its state (RNG counts) carried out
import jax
import jax.numpy as jnp
from flax import nnx


def mc_predictions(model, x, samples):
    graphdef, state = nnx.split(model)

    def step(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)
        return nnx.state(m), y

    state, preds = jax.lax.scan(step, state, None, length=samples)
    nnx.update(model, state)
    return preds


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    model = nnx.Sequential(
        nnx.Linear(3, 16, rngs=rngs), nnx.relu, nnx.Dropout(0.5, rngs=rngs), nnx.Linear(16, 1, rngs=rngs)
    )
    preds = mc_predictions(model, jnp.ones((4, 3)), 8)
    print(preds.std(0))
