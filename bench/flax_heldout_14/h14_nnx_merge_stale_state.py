# label: same-values
# flax-error: none
# class: 3 a jitted helper merges the same closed-over split state at every step of the raw scan (RNG state never carried), so dropout repeats
import jax
import jax.numpy as jnp
from flax import nnx


class MCNet(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.fc(x))))


def make_forward(graphdef):
    @jax.jit
    def forward(state, x):
        model = nnx.merge(graphdef, state)
        return model(x)  # the advanced RNG state is dropped here

    return forward


def predictive_samples(model, x, n):
    graphdef, state = nnx.split(model)
    forward = make_forward(graphdef)

    def body(carry, _):
        return carry, forward(state, x)

    _, ys = jax.lax.scan(body, None, None, length=n)
    return ys


def main():
    model = MCNet(nnx.Rngs(params=0, dropout=1))
    ys = predictive_samples(model, jnp.ones((3, 4)), 6)
    return ys
