# label: same-values
# flax-error: none
# class: 3 scan body clones the captured train-mode model with nnx.clone and runs the copy for each MC-dropout sample
import jax
import jax.numpy as jnp
from flax import nnx


class UncertaintyNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(1, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.fc2 = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


def mc_samples(model, x, num_samples):
    def draw(carry, _):
        # work on a copy so the caller's model is left untouched
        sample_model = nnx.clone(model)
        return carry, sample_model(x)

    _, preds = jax.lax.scan(draw, None, None, length=num_samples)
    return preds


def main():
    model = UncertaintyNet(nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-1.0, 1.0, 8)[:, None]
    preds = mc_samples(model, x, 10)
    return preds
