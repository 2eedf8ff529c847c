# label: trace-context
# flax-error: TraceContextError: Cannot mutate AlarmCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 StreamProcessor.process's scan body calls the after_step hook; PipelineLeakProcessor overrides it to bump self.model.alarms, an AlarmCount Variable subclass on the detector
"""Pipeline leak detection (NNX): a stream processor base class with hooks and a leak-alarm subclass."""
import jax
import jax.numpy as jnp
from flax import nnx


class AlarmCount(nnx.Variable):
    pass


class LeakDetector(nnx.Module):
    def __init__(self, sensors, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(sensors, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)
        self.alarms = AlarmCount(jnp.zeros((), jnp.int32))

    def __call__(self, reading):
        return nnx.sigmoid(self.score(nnx.tanh(self.encoder(reading))))[0]


class StreamProcessor:
    def __init__(self, model):
        self.model = model

    def before_step(self, reading):
        return reading

    def init_hook_state(self):
        return ()

    def after_step(self, reading, score, hook_state):
        return hook_state

    def finish(self, hook_state):
        pass

    def process(self, readings):
        def body(hook_state, reading):
            reading = self.before_step(reading)
            score = self.model(reading)
            return self.after_step(reading, score, hook_state), score

        hook_state, scores = jax.lax.scan(body, self.init_hook_state(), readings)
        self.finish(hook_state)
        return scores


class PipelineLeakProcessor(StreamProcessor):
    threshold = 0.5

    def before_step(self, reading):
        return (reading - reading.mean()) / (reading.std() + 1e-6)

    def after_step(self, reading, score, hook_state):
        self.model.alarms[...] = self.model.alarms[...] + (score > self.threshold).astype(jnp.int32)
        return hook_state


def main():
    detector = LeakDetector(12, rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(4), (20, 12))
    processor = PipelineLeakProcessor(detector)
    scores = processor.process(readings)
    print(scores.shape, int(detector.alarms[...]))
    return None
