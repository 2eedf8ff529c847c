# label: same-values
# flax-error: none
# class: 4 GalleryFlowService looks up a VisitorSession in self.sessions and passes session.key as the dropout rngs of service.model in every scan step
"""Museum visitor flow: per-session uncertainty of queue length at the exhibition entrance."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class QueueModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(4, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, signals, *, rngs=None):
        h = self.drop(nnx.relu(self.encode(signals)), rngs=rngs)
        return nnx.softplus(self.head(h))[..., 0]


@dataclass
class VisitorSession:
    session_id: str
    key: jax.Array


class GalleryFlowService:
    def __init__(self, model):
        self.model = model
        self.sessions = {}

    def open_session(self, session_id, seed):
        self.sessions[session_id] = VisitorSession(session_id, jax.random.key(seed))

    def queue_samples(self, session_id, signals, draws=8):
        session = self.sessions[session_id]

        def draw(carry, step):
            sample = self.model(signals, rngs=session.key)
            return carry, sample

        _, samples = jax.lax.scan(draw, None, jnp.arange(draws))
        return samples


def main():
    signals = jnp.array([[0.6, 0.1, 0.9, 0.3], [0.2, 0.7, 0.4, 0.5]])  # doors x (count, dwell, weather, hour)
    service = GalleryFlowService(QueueModel(rngs=nnx.Rngs(params=0)))
    service.open_session("east-wing", seed=41)
    return service.queue_samples("east-wing", signals)
