# label: ok
# flax-error: none
# class: 5 an MC sampler clones the model once and splits the clone before the scan; the body merges it and carries its state, so the dropout RNG count advances
"""Monte-Carlo dropout sampling with NNX: the sampler clones the model once (to leave the
caller's model and its RNG state unchanged), splits the clone and carries its state through the
scan while drawing stochastic predictions."""
import jax
import jax.numpy as jnp
from flax import nnx


class MCNet(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.fc2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


class MCSampler:
    def __init__(self, model, num_samples):
        model.train()
        self.model = model
        self.num_samples = num_samples

    def sample(self, x):
        graphdef, state = nnx.split(nnx.clone(self.model))

        def body(state, _):
            model = nnx.merge(graphdef, state)
            y = model(x)
            return nnx.state(model), y

        _, samples = jax.lax.scan(body, state, jnp.arange(self.num_samples))
        return samples


def main():
    model = MCNet(3, 2, rngs=nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(2), (4, 3))
    return MCSampler(model, num_samples=6).sample(x)
