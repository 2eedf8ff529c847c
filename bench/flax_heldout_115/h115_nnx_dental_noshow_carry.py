# label: ok
# flax-error: none
# class: 4 NoShowEstimator gets a model from its ClinicSession's model_from(state) getter (nnx.merge(..., copy=True)); the scan body runs dropout on the copy and returns nnx.state of the copy as the carry
"""Dental clinic scheduling: Monte Carlo dropout estimates of appointment no-show probability.

The body returns the copied model's state, so the advanced dropout RNG count is carried to the next draw.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class NoShowNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.history = nnx.Linear(n_features, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.risk = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, patients):
        return nnx.sigmoid(self.risk(self.drop(nnx.relu(self.history(patients)))))[..., 0]


class ClinicSession:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)

    def model_from(self, state):
        # every request gets its own copy, so concurrent requests never alias Variables
        return nnx.merge(self.graphdef, state, copy=True)


class NoShowEstimator:
    def __init__(self, session, samples=6):
        self.session = session
        self.samples = samples

    def mc_probabilities(self, patients):
        session = self.session

        def draw(state, _):
            model = session.model_from(state)
            probs = model(patients)
            return nnx.state(model), probs

        state, probs = lax.scan(draw, self.session.state, None, length=self.samples)
        self.session.state = state
        return probs


def main():
    patients = jax.random.normal(jax.random.key(0), (9, 5))  # tomorrow's bookings, features
    session = ClinicSession(NoShowNet(5, rngs=nnx.Rngs(params=0, dropout=1)))
    return NoShowEstimator(session).mc_probabilities(patients)
