# label: same-values
# flax-error: none
# class: 4 the scan body clones self.predictor.model at every step and runs the clone, whose Dropout stream starts from the same count each time
from flax import nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class DropoutMLP(nnx.Module):
    def __init__(self, din, dout, rate=0.3, *, rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)
        self.fc2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.dropout(nnx.relu(self.fc1(x))))


class Predictor:
    def __init__(self, model):
        self.model = model

    def logits(self, model, x):
        return model(x)


class UncertaintyEstimator:
    def __init__(self, predictor, num_passes=6):
        self.predictor = predictor
        self.num_passes = num_passes

    def mc_probabilities(self, x):
        def one_pass(carry, _):
            model = nnx.clone(self.predictor.model)
            probs = jax.nn.softmax(self.predictor.logits(model, x), axis=-1)
            return carry, probs

        _, probs = scan(one_pass, None, None, length=self.num_passes)
        return probs


def main():
    model = DropoutMLP(5, 4, rngs=nnx.Rngs(params=0, dropout=3))
    model.train()
    estimator = UncertaintyEstimator(Predictor(model))
    x = jnp.ones((2, 5))  # the same input at every pass
    return estimator.mc_probabilities(x)
