# label: same-values
# flax-error: none
# class: 2 Monte Carlo dropout in NNX: the dropout key is passed at call time, but the function scanning over samples reuses the one key it was given
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc1 = nnx.Linear(3, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.fc2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.fc2(self.drop(nnx.relu(self.fc1(x)), rngs=rngs))


def predict_mc(model, x, key, n_samples=6):
    def body(carry, _):
        return carry, model(x, rngs=key)

    _, preds = jax.lax.scan(body, None, None, length=n_samples)
    return preds


def main():
    model = Regressor(nnx.Rngs(0))
    x = jnp.ones((4, 3))
    return predict_mc(model, x, jax.random.key(5))
