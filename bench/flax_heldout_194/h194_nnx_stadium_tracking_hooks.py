# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body calls session.components[i].on_batch, and the PlayerTracker component (an nnx.Module) appends its predictions to a plain list attribute read in on_end
"""Stadium player tracking: smooth optical-tracking positions over a possession.

Tracking-session components expose lifecycle hooks (on_start / on_batch /
on_end). The tracker component is an nnx.Module that predicts the corrected
position per frame and keeps the possession trajectory for the analytics feed.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class PlayerTracker(nnx.Module):
    def __init__(self, n_players: int, rngs: nnx.Rngs):
        self.correct = nnx.Linear(2 * n_players, 2 * n_players, rngs=rngs)
        self.trajectory = []

    def on_start(self, session):
        self.trajectory = []

    def on_batch(self, session, frame):
        smoothed = frame + 0.1 * self.correct(frame)
        self.trajectory.append(smoothed)
        return smoothed

    def on_end(self, session):
        session.feed["path_length"] = jnp.abs(jnp.diff(jnp.stack(self.trajectory), axis=0)).sum()


class FrameCounter:
    def on_start(self, session):
        self.possessions = getattr(self, "possessions", 0) + 1

    def on_batch(self, session, frame):
        return frame

    def on_end(self, session):
        session.feed["possessions"] = self.possessions


class TrackingSession:
    def __init__(self, components):
        self.components = list(components)
        self.feed = {}

    def run_possession(self, frames):
        for c in self.components:
            c.on_start(self)

        def frame_step(t, total):
            out = frames[t]
            for c in self.components:
                out = c.on_batch(self, out)
            return total + out.mean()

        total = lax.fori_loop(0, frames.shape[0], frame_step, jnp.zeros(()))
        for c in self.components:
            c.on_end(self)
        return total


def main():
    frames = jax.random.normal(jax.random.key(50), (10, 2 * 5))
    session = TrackingSession([PlayerTracker(5, rngs=nnx.Rngs(0)), FrameCounter()])
    session.run_possession(frames)
    print(session.feed)
