# label: ok
# flax-error: none
# class: 2 fallback predictor object keeps the NNX model and one dropout key; the key is carried by the while_loop and split before each retry
"""Retry/fallback wrapper: resample an MC-dropout prediction until it is confident or out of retries."""
import jax
import jax.numpy as jnp
from flax import nnx


class Head(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(5, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.l2 = nnx.Linear(24, 3, rngs=rngs)

    def __call__(self, x, rngs=None):
        return nnx.softmax(self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs)))


class FallbackPredictor:
    def __init__(self, model, key, max_retries=4):
        self.model = model
        self.key = key
        self.max_retries = max_retries

    def predict(self, x):
        def cond(carry):
            attempt, _, _ = carry
            return attempt < self.max_retries

        def body(carry):
            attempt, key, probs = carry
            key, sub = jax.random.split(key)
            p = self.model(x, rngs=sub)
            return attempt + 1, key, probs.at[attempt].set(p)

        init = (0, self.key, jnp.zeros((self.max_retries,) + x.shape[:-1] + (3,)))
        _, _, probs = jax.lax.while_loop(cond, body, init)
        return probs


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    model = Head(rngs)
    predictor = FallbackPredictor(model, rngs.dropout())
    return predictor.predict(jnp.ones((2, 5)))
