# label: ok
# flax-error: none
# class: 3 MCPredictor splits the model once; the model state (with its dropout RngState) is the lax.scan carry and nnx.state of the merged model is returned each step
"""Monte-Carlo dropout predictor (NNX).

The predictor splits the train-mode model once and carries its state through the scan, so
the dropout stream advances from one MC sample to the next."""
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(10, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(32, 5, rngs=rngs)

    def __call__(self, x):
        return nnx.softmax(self.l2(self.drop(nnx.relu(self.l1(x)))))


class MCPredictor:
    def __init__(self, model: Classifier, num_samples: int = 6):
        model.train()
        self.graphdef, self.state = nnx.split(model)
        self.num_samples = num_samples

    def samples(self, x):
        def body(state, _):
            model = nnx.merge(self.graphdef, state)
            probs = model(x)
            return nnx.state(model), probs

        self.state, probs = jax.lax.scan(body, self.state, None, length=self.num_samples)
        return probs


def main():
    model = Classifier(rngs=nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(2), (4, 10))
    return MCPredictor(model).samples(x)
