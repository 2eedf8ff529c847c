# label: ok
# flax-error: none
# class: 3 the recurrent 'session' collection lives on a per-user UserSession object in a SessionStore; the fori_loop carries it and the replayer stores it after the loop
"""Music recommendation: replay a user's listening session through a recurrent taste model."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class TasteTracker(nn.Module):
    dim: int = 16
    n_tracks: int = 50

    @nn.compact
    def __call__(self, track_id):
        emb = nn.Embed(self.n_tracks, self.dim)(track_id)
        h = self.variable("session", "taste", jnp.zeros, (self.dim,))
        new = nn.tanh(nn.Dense(self.dim)(jnp.concatenate([h.value, emb])))
        h.value = new
        return nn.Dense(self.n_tracks)(new)


class UserSession:
    def __init__(self, user_id, session_vars):
        self.user_id = user_id
        self.session_vars = session_vars


class SessionStore:
    def __init__(self):
        self._sessions = {}

    def get(self, user_id, fresh):
        if user_id not in self._sessions:
            self._sessions[user_id] = UserSession(user_id, fresh)
        return self._sessions[user_id]


class SessionReplayer:
    def __init__(self, model, params, store, fresh_session):
        self.model, self.params, self.store, self.fresh = model, params, store, fresh_session

    def replay(self, user_id, tracks):
        session = self.store.get(user_id, self.fresh)

        def body(i, carry):
            loss, session_vars = carry
            logits, upd = self.model.apply({"params": self.params, **session_vars}, tracks[i],
                                           mutable=["session"])
            return loss - jax.nn.log_softmax(logits)[tracks[i + 1]], upd

        loss, session.session_vars = jax.lax.fori_loop(
            0, tracks.shape[0] - 1, body, (jnp.float32(0.0), session.session_vars))
        return loss

    def recommend(self, user_id, k=5):
        taste = self.store.get(user_id, self.fresh).session_vars["session"]["taste"]
        return jnp.argsort(-taste)[:k]


def main():
    model = TasteTracker()
    variables = model.init(jax.random.key(0), jnp.int32(0))
    store = SessionStore()
    replayer = SessionReplayer(model, variables["params"], store, {"session": variables["session"]})
    tracks = jax.random.randint(jax.random.key(1), (8,), 0, 50)
    replayer.replay("user-42", tracks)
    replayer.recommend("user-42").block_until_ready()
    return None
