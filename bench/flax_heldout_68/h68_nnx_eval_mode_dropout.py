# label: same-values
# flax-error: none
# class: 3 the UncertaintyEstimator puts the wrapped model in eval() mode in its constructor, so its nnx.Dropout is deterministic in every scan step
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.fc2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


class UncertaintyEstimator:
    """MC-dropout predictive samples from a trained regressor."""

    def __init__(self, model, num_samples=8):
        self.model = model
        self.model.eval()
        self.num_samples = num_samples

    def samples(self, x):
        def body(carry, _):
            return carry, self.model(x)

        _, ys = jax.lax.scan(body, None, None, length=self.num_samples)
        return ys


def main():
    model = Regressor(4, rngs=nnx.Rngs(params=0, dropout=1))
    est = UncertaintyEstimator(model, num_samples=6)
    return est.samples(jnp.ones((3, 4)))
