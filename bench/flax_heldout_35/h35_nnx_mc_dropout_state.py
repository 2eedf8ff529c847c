# label: ok
# flax-error: none
# class: 2 mc_predict splits the model (with its dropout RngState) and carries the state through lax.scan; each step merges, samples and returns nnx.state
import jax
import jax.numpy as jnp
from flax import nnx


class MCNet(nnx.Module):
    def __init__(self, din, dh, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, dh, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(nnx.relu(self.fc(x)))


def mc_predict(model, x, n_samples):
    graphdef, state = nnx.split(model)

    def sample(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)
        return nnx.state(m), y

    state, samples = jax.lax.scan(sample, state, None, length=n_samples)
    nnx.update(model, state)
    return samples


def main():
    model = MCNet(3, 8, nnx.Rngs(params=0, dropout=1))
    model.train()
    samples = mc_predict(model, jnp.ones((2, 3)), 5)
    return samples
