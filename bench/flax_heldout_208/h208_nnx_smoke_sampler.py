# label: same-values
# flax-error: none
# class: 5 a fluent SmokeSamplerBuilder (methods return self) whose build() returns a jitted step over nnx.split state that drops the updated Rngs state
"""Wildfire lookout towers: MC-dropout smoke probabilities for one camera frame, sample by sample."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SmokeDetector(nnx.Module):
    def __init__(self, dropout: float, rngs: nnx.Rngs):
        self.embed = nnx.Linear(16, 32, rngs=rngs)
        self.drop = nnx.Dropout(dropout, rngs=rngs)
        self.head = nnx.Linear(32, 3, rngs=rngs)  # smoke / haze / cloud

    def __call__(self, frame):
        return nnx.softmax(self.head(self.drop(nnx.relu(self.embed(frame)))))


class SmokeSamplerBuilder:
    def __init__(self):
        self._dropout = 0.1
        self._samples = 4
        self._seed = 0
        self._tower = "unnamed"

    def tower(self, name):
        self._tower = name
        return self

    def dropout(self, rate):
        self._dropout = rate
        return self

    def samples(self, n):
        self._samples = n
        return self

    def seed(self, seed):
        self._seed = seed
        return self

    def build(self):
        model = SmokeDetector(self._dropout, nnx.Rngs(params=self._seed, dropout=self._seed + 1))
        graphdef, state = nnx.split(model)

        @jax.jit
        def step(state, frame):
            detector = nnx.merge(graphdef, state)
            return detector(frame)

        return step, state, self._samples


def sample_frame(step, state, n, frame):
    def body(carry, _):
        return carry, step(state, frame)

    _, probs = lax.scan(body, None, None, length=n)
    return probs


def main():
    step, state, n = (SmokeSamplerBuilder().tower("ridge-7").dropout(0.3)
                      .samples(6).seed(5).build())
    frame = jnp.linspace(-1.0, 1.0, 16)
    return sample_frame(step, state, n, frame)
