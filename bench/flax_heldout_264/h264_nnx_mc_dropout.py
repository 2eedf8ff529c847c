# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 MCPredictor.predict's scan body calls `self.model`, whose nnx.Dropout draws from the model's Rngs (a stream of the outer trace)
"""MC-dropout predictive distribution for an NNX classifier."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


class MCPredictor:
    def __init__(self, model, samples=5):
        self.model = model
        self.samples = samples

    def predict(self, x):
        def one_sample(carry, _):
            probs = jax.nn.softmax(self.model(x))
            return carry, probs

        _, probs = lax.scan(one_sample, None, None, length=self.samples)
        return probs


def main():
    model = MLP(4, 16, 3, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)
    probs = MCPredictor(model).predict(x)
    return probs
