# label: ok
# flax-error: none
# class: 4 FraudService.sessions[merchant].model is nnx.split before the lax.scan; its state (rng counts included) rides in the carry and is merged in the body
"""Fraud scoring with a sequence encoder, NNX version. The service keeps one scoring
session per merchant; each session holds an encoder over the recent transaction window.
Dropout stays on at serving time to get Monte-Carlo risk estimates per window."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class WindowEncoder(nnx.Module):
    def __init__(self, n_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(n_features, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden

    def __call__(self, window):  # window: [T, F]
        h = jnp.zeros((self.hidden,))
        for t in range(window.shape[0]):
            h, _ = self.cell(h, window[t])
        return jax.nn.sigmoid(self.head(self.drop(h)))[0]


class ScoringSession:
    def __init__(self, merchant: str, model: WindowEncoder):
        self.merchant = merchant
        self.model = model


class FraudService:
    def __init__(self, merchants, n_features: int, seed: int = 0):
        self.sessions = {
            m: ScoringSession(m, WindowEncoder(n_features, 16, rngs=nnx.Rngs(seed + i)))
            for i, m in enumerate(merchants)
        }

    def score_stream(self, merchant: str, windows):
        session = self.sessions[merchant]
        graphdef, state = nnx.split(session.model)

        def per_window(state, window):
            model = nnx.merge(graphdef, state)
            risk = model(window)
            return nnx.state(model), risk

        state, risks = lax.scan(per_window, state, windows)
        nnx.update(session.model, state)
        return risks


def main():
    service = FraudService(["grocer-114", "fuel-207"], n_features=5)
    windows = jax.random.normal(jax.random.key(9), (6, 4, 5))
    return service.score_stream("fuel-207", windows)
