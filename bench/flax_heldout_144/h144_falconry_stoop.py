# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 StoopTracker.__call__ runs the scan itself and its compact head Dense is first called inside the body
"""Stoop tracker for a falcon's GPS/IMU telemetry.

A peregrine's stoop is tracked frame by frame; the tracker smooths the dive speed and emits a
per-frame speed estimate from a small learned head."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class StoopTracker(nn.Module):
    features: int = 6
    smoothing: float = 0.8

    @nn.compact
    def __call__(self, frames):
        head = nn.Dense(self.features, name="head")
        speed = nn.Dense(1, name="speed")

        def body(state, frame):
            state = self.smoothing * state + (1.0 - self.smoothing) * head(frame)
            return state, speed(nn.tanh(state)).squeeze(-1)

        _, speeds = lax.scan(body, jnp.zeros((self.features,)), frames)
        return speeds


def dive_report(speeds, threshold=2.0):
    return {"max": jnp.max(speeds), "frames_over": jnp.sum(speeds > threshold)}


def main():
    tracker = StoopTracker()
    frames = jax.random.normal(jax.random.key(9), (12, 9))
    variables = tracker.init(jax.random.key(0), frames)
    speeds = tracker.apply(variables, frames)
    jax.block_until_ready(dive_report(speeds))
    return None
