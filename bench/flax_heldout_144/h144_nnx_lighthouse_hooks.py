# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_step factory returns jax.checkpoint(step) closing over the model and a hook list whose BeamRecorder appends the model output
"""Lighthouse beam-intensity controller.

Through a night of fog readings the keeper's controller sets the lamp intensity; hooks observe
every step, and the recorder's summary goes into the morning log."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class BeamModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.fog = nnx.Linear(sensors, 8, rngs=rngs)
        self.lamp = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, fog):
        return nnx.sigmoid(self.lamp(nnx.tanh(self.fog(fog)))).squeeze(-1)


class BeamRecorder:
    def __init__(self):
        self.frames = []

    def after_step(self, intensity):
        self.frames.append(intensity)

    def summary(self):
        return jnp.mean(jnp.stack(self.frames))


def make_step(model, hooks):
    def step(burn, fog):
        intensity = model(fog)
        for hook in hooks:
            hook.after_step(intensity)
        return burn + jnp.sum(intensity), None

    return jax.checkpoint(step)


class Keeper:
    def __init__(self, model: BeamModel, hooks):
        self.model = model
        self.hooks = hooks

    def night_watch(self, fog_log):
        step = make_step(self.model, self.hooks)
        burn, _ = scan(step, jnp.float32(0.0), fog_log)
        return burn


def main():
    recorder = BeamRecorder()
    keeper = Keeper(BeamModel(4, nnx.Rngs(0)), [recorder])
    fog_log = jax.random.uniform(jax.random.key(13), (10, 3, 4))
    keeper.night_watch(fog_log).block_until_ready()
    recorder.summary().block_until_ready()
    return None
