# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the telemetry model travels in the fori_loop carry, but the body hands each carried copy to the TelemetryRecorder of the GroundStation (station -> recorder -> watched model), which uses it after the loop
"""Satellite telemetry anomaly detection: a ground station refines its reconstruction model over
a pass's frames and the recorder exports a reconstruction of the last frame for the operators."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Reconstructor(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(channels, 4, rngs=rngs)
        self.dec = nnx.Linear(4, channels, rngs=rngs)

    def __call__(self, frame):
        return self.dec(nnx.tanh(self.enc(frame)))


class TelemetryRecorder:
    def __init__(self):
        self.watched = None

    def watch(self, model):
        self.watched = model

    def export(self, frame):
        residual = frame - self.watched(frame)
        return jnp.abs(residual).max()


class GroundStation:
    def __init__(self, model: Reconstructor, lr: float = 0.05):
        self.model = model
        self.recorder = TelemetryRecorder()
        self.lr = lr

    def refine(self, frames):
        def sgd_step(i, model):
            loss_fn = lambda m: jnp.mean((m(frames[i]) - frames[i]) ** 2)
            grads = nnx.grad(loss_fn)(model)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            self.recorder.watch(model)
            return model

        self.model = jax.lax.fori_loop(0, frames.shape[0], sgd_step, self.model)
        return self.recorder.export(frames[-1])


def main():
    frames = jax.random.normal(jax.random.key(1), (5, 3, 8))
    station = GroundStation(Reconstructor(channels=8, rngs=nnx.Rngs(0)))
    anomaly = station.refine(frames)
    jax.block_until_ready(anomaly)
    return None
