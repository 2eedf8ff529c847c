# label: ok
# flax-error: none
# class: 2 a model wrapper's predict() calls model.eval() first, so the raw lax.scan body over chunks only reads the BatchNorm running stats
"""Model wrapper exposing predict() over a long input split into chunks."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Tagger(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.proj(x))))


class Predictor:
    def __init__(self, model, chunk=4):
        self.model = model
        self.chunk = chunk

    def predict(self, x):
        self.model.eval()
        chunks = x.reshape(-1, self.chunk, x.shape[-1])

        def body(carry, c):
            return carry, jnp.argmax(self.model(c), -1)

        _, preds = lax.scan(body, None, chunks)
        return preds.reshape(-1)


def main():
    model = Tagger(nnx.Rngs(0))
    Predictor(model).predict(jnp.ones((16, 4)))
    return None
