# label: ok
# flax-error: none
# class: 3 MCPredictor.predict splits `self.model` before the scan, threads its state (with the dropout Rngs) through the carry, merges it in the body and updates the model after
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
        graphdef, state = nnx.split(self.model)

        def one_sample(state, _):
            model = nnx.merge(graphdef, state)
            probs = jax.nn.softmax(model(x))
            return nnx.state(model), probs

        state, probs = lax.scan(one_sample, state, None, length=self.samples)
        nnx.update(self.model, state)
        return probs


def main():
    model = MLP(4, 16, 3, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)
    probs = MCPredictor(model).predict(x)
    return probs
