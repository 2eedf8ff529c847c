# label: ok
# flax-error: none
# class: 4 an OddsService takes the per-track model from its TrackSessions cache (lazily cloned, keyed by track name) before the scan; its state goes through the carry via nnx.split/merge and back with nnx.update
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class OddsEMA(nnx.Variable):
    """Smoothed win probabilities, kept per track."""


class OddsModel(nnx.Module):
    def __init__(self, runners: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(runners, runners, rngs=rngs)
        self.ema = OddsEMA(jnp.full((runners,), 1.0 / runners))

    def __call__(self, form):
        p = nnx.softmax(self.score(form), axis=-1).mean(0)
        self.ema[...] = 0.8 * self.ema[...] + 0.2 * p
        return p


class TrackSessions:
    """Per-track copies of the template model, built on first use and keyed by track name."""

    def __init__(self, template: OddsModel):
        self.template = template
        self._by_track = {}

    def get(self, track: str) -> OddsModel:
        if track not in self._by_track:
            self._by_track[track] = nnx.clone(self.template)
        return self._by_track[track]


class OddsService:
    def __init__(self, sessions: TrackSessions):
        self.sessions = sessions

    def replay_meeting(self, track, races):
        session = self.sessions.get(track)
        graphdef, state = nnx.split(session)

        def race(carry, form):
            total, state = carry
            model = nnx.merge(graphdef, state)
            p = model(form)
            return (total + p.max(), nnx.state(model)), None

        (total, state), _ = scan(race, (jnp.zeros(()), state), races)
        nnx.update(session, state)
        return total

    def current_odds(self, track):
        return 1.0 / (self.sessions.get(track).ema[...] + 1e-3)


def main():
    template = OddsModel(runners=6, rngs=nnx.Rngs(0))
    service = OddsService(TrackSessions(template))
    races = jnp.sin(jnp.arange(7 * 3 * 6, dtype=jnp.float32)).reshape(7, 3, 6)
    service.replay_meeting("ascot", races)
    jax.block_until_ready(service.current_odds("ascot"))
    return None
