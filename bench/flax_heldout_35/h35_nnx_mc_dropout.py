# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 lax.scan sampling step calls the outside model, whose nnx.Dropout pulls a key from its stored nnx.Rngs inside the loop
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
    def sample(_, __):
        return None, model(x)

    _, samples = jax.lax.scan(sample, None, None, length=n_samples)
    return samples


def main():
    model = MCNet(3, 8, nnx.Rngs(params=0, dropout=1))
    model.train()
    samples = mc_predict(model, jnp.ones((2, 3)), 5)
    return samples
