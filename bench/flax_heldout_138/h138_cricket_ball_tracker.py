# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BallTracker.__call__ runs the scan itself and first calls its own Dense submodules inside the body (their params are created there at init)
"""Hawk-eye style ball tracker for a cricket analytics pipeline.

A small recurrent cell follows the ball across broadcast frames and reads out
its (x, y) position on the pitch map. Built from the pipeline's config dict.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class BallTracker(nn.Module):
    hidden: int
    decay: float = 0.8

    @classmethod
    def from_config(cls, cfg: dict) -> "BallTracker":
        return cls(hidden=cfg["tracker_hidden"], decay=cfg.get("tracker_decay", 0.8))

    @nn.compact
    def __call__(self, frames):
        cell = nn.Dense(self.hidden, name="track_cell")
        readout = nn.Dense(2, name="pitch_xy")

        def follow(h, frame):
            h = self.decay * h + (1.0 - self.decay) * jnp.tanh(cell(jnp.concatenate([h, frame])))
            return h, readout(h)

        _, positions = lax.scan(follow, jnp.zeros(self.hidden), frames)
        return positions


class TrackingPipeline:
    def __init__(self, cfg: dict):
        self.tracker = BallTracker.from_config(cfg)
        self.seed = cfg["seed"]

    def run(self, frames):
        variables = self.tracker.init(jax.random.key(self.seed), frames)
        return self.tracker.apply(variables, frames)


def main():
    cfg = {"tracker_hidden": 8, "seed": 3}
    frames = jnp.cos(jnp.arange(10 * 4, dtype=jnp.float32).reshape(10, 4) / 3.0)
    TrackingPipeline(cfg).run(frames)
    return None
