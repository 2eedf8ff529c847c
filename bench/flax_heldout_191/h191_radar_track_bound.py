# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "estimate" in "/" because collection "track" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local model.bind(variables) in the tracking function is called directly in the while_loop body and writes its track-state variable
"""Radar track filter: a learned gain corrects the track estimate with each detection until it settles."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TrackFilter(nn.Module):
    dim: int = 4

    def setup(self):
        self.gain = nn.Dense(self.dim)
        self.estimate = self.variable("track", "estimate", jnp.zeros, (self.dim,))

    def __call__(self, detection):
        innovation = detection - self.estimate.value
        self.estimate.value = self.estimate.value + jnp.tanh(self.gain(innovation))
        return innovation


def settle_track(model, variables, detections, tolerance=0.05):
    filt = model.bind(variables)
    count = detections.shape[0]

    def cond(state):
        i, residual = state
        return (i < count) & (residual > tolerance)

    def body(state):
        i, _ = state
        innovation = filt(detections[i])
        return i + 1, jnp.linalg.norm(innovation)

    return lax.while_loop(cond, body, (0, jnp.float32(jnp.inf)))


def main():
    target = jnp.array([1.0, -0.5, 0.25, 2.0])
    detections = target + 0.05 * jax.random.normal(jax.random.key(9), (12, 4))
    model = TrackFilter()
    variables = model.init(jax.random.key(0), detections[0])
    steps, residual = settle_track(model, variables, detections)
    print(int(steps), float(residual))
    return None
