# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an OddsService asks its TrackSessions cache, which lazily clones the template model keyed by track name, from inside the scan body; the clone and its OddsEMA variable stay in the cache
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
        def race(total, form):
            p = self.sessions.get(track)(form)
            return total + p.max(), None

        total, _ = scan(race, jnp.zeros(()), races)
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
