# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 StatsRecorder's __call__ is the scan body; it merges the motor model from the carried state and appends its BatchStat state to its own history list
import jax
import jax.numpy as jnp
from flax import nnx


class MotorHealthNet(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(channels, momentum=0.5, rngs=rngs)
        self.score = nnx.Linear(channels, 1, rngs=rngs)

    def __call__(self, currents):
        return self.score(self.norm(currents))[..., 0]


class StatsRecorder:
    def __init__(self, graphdef):
        self.graphdef = graphdef
        self.history = []

    @classmethod
    def from_model(cls, model: MotorHealthNet):
        graphdef, state = nnx.split(model)
        return cls(graphdef), state

    def __call__(self, state, currents):
        model = nnx.merge(self.graphdef, state)
        health = model(currents)
        self.history.append(nnx.state(model, nnx.BatchStat))
        return nnx.state(model), health.mean()


def stat_drift(history):
    means = jnp.stack([jax.tree.leaves(stats)[0] for stats in history])
    return jnp.abs(jnp.diff(means, axis=0)).max()


def motor_currents(shifts: int = 5, motors: int = 4, channels: int = 3):
    s = jnp.arange(shifts * motors * channels, dtype=jnp.float32).reshape(shifts, motors, channels)
    return 10.0 + jnp.sin(0.37 * s)


def main():
    model = MotorHealthNet(3, rngs=nnx.Rngs(0))
    recorder, state = StatsRecorder.from_model(model)
    state, health = jax.lax.scan(recorder, state, motor_currents())
    nnx.update(model, state)
    drift = stat_drift(recorder.history)
    jax.block_until_ready((health, drift))
    return None
