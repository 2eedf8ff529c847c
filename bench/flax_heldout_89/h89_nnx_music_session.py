# label: trace-context
# flax-error: TraceContextError: Cannot mutate SessionTaste from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the taste vector is a SessionTaste(nnx.Variable) on the model held by a per-user session object; the fori_loop body assigns it
"""Music recommendation (NNX): replay a user's listening history through a recurrent taste model."""
import jax
import jax.numpy as jnp
from flax import nnx


class SessionTaste(nnx.Variable):
    """Per-user recurrent state; not trained, reset at the start of each session."""


class TasteModel(nnx.Module):
    def __init__(self, n_tracks, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(n_tracks, dim, rngs=rngs)
        self.cell = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, n_tracks, rngs=rngs)
        self.taste = SessionTaste(jnp.zeros((dim,)))

    def __call__(self, track_id):
        h = jnp.tanh(self.cell(jnp.concatenate([self.taste.value, self.embed(track_id)])))
        self.taste.value = h
        return self.out(h)


class UserSession:
    def __init__(self, user_id, model):
        self.user_id = user_id
        self.model = model


class SessionService:
    def __init__(self):
        self.sessions = {}

    def open(self, user_id, model):
        self.sessions[user_id] = UserSession(user_id, model)
        return self.sessions[user_id]

    def replay(self, user_id, tracks):
        session = self.sessions[user_id]

        def body(i, nll):
            logits = session.model(tracks[i])
            return nll - jax.nn.log_softmax(logits)[tracks[i + 1]]

        return jax.lax.fori_loop(0, tracks.shape[0] - 1, body, jnp.float32(0.0))


def main():
    service = SessionService()
    service.open("user-7", TasteModel(40, 16, nnx.Rngs(0)))
    tracks = jax.random.randint(jax.random.key(1), (10,), 0, 40)
    service.replay("user-7", tracks).block_until_ready()
    return None
