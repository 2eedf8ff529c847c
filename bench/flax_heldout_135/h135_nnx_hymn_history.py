# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 TempoTracker keeps the model as tracker.model, whose __call__ appends each tempo estimate to its plain-list attribute history; the scan body calls tracker.model
"""Choir scheduling: estimates the tempo each hymn of a service will be taken at, so the
organist's rehearsal time can be planned; the model keeps a history for the run sheet."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TempoModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, 1, rngs=rngs)
        self.history = []

    def __call__(self, hymn_features):
        bpm = 60.0 + 60.0 * nnx.sigmoid(self.proj(hymn_features))[0]
        self.history.append(bpm)
        return bpm


class TempoTracker:
    def __init__(self, model):
        self.model = model

    def service_minutes(self, hymns, verses):
        def body(minutes, xs):
            features, n_verses = xs
            bpm = self.model(features)
            return minutes + n_verses * 64.0 / bpm, bpm

        minutes, _ = scan(body, jnp.zeros(()), (hymns, verses))
        return minutes

    def run_sheet(self):
        return jnp.stack(self.model.history)


def main():
    hymns = jax.random.normal(jax.random.key(0), (5, 7))  # 5 hymns, 7 features
    verses = jnp.array([4.0, 3.0, 5.0, 4.0, 6.0])
    tracker = TempoTracker(TempoModel(7, nnx.Rngs(0)))
    tracker.service_minutes(hymns, verses)
    tracker.run_sheet()
    return None
