# label: ok
# flax-error: none
# class: 3 the taste vector is a SessionTaste(nnx.Variable) on the model held by a per-user session object; the fori_loop carries it and it is assigned after the loop
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

    def step(self, taste, track_id):
        h = jnp.tanh(self.cell(jnp.concatenate([taste, self.embed(track_id)])))
        return h, self.out(h)


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

        def body(i, carry):
            nll, taste = carry
            taste, logits = session.model.step(taste, tracks[i])
            return nll - jax.nn.log_softmax(logits)[tracks[i + 1]], taste

        nll, taste = jax.lax.fori_loop(0, tracks.shape[0] - 1, body,
                                       (jnp.float32(0.0), session.model.taste.value))
        session.model.taste.value = taste
        return nll


def main():
    service = SessionService()
    service.open("user-7", TasteModel(40, 16, nnx.Rngs(0)))
    tracks = jax.random.randint(jax.random.key(1), (10,), 0, 40)
    service.replay("user-7", tracks).block_until_ready()
    return None
