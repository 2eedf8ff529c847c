# label: trace-context
# flax-error: TraceContextError: Cannot mutate EmaValue from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls simulator.callbacks.on_step, and the CallbackList reaches EmaLossCallback.tracker, an nnx.Module whose EmaValue (an nnx.Variable subclass) is written
"""Building HVAC digital twin: a zone-temperature model is replayed over logged
days; callbacks track an exponential moving average of the error."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class EmaValue(nnx.Variable):
    pass


class LossTracker(nnx.Module):
    def __init__(self, decay):
        self.decay = decay
        self.ema = EmaValue(jnp.zeros(()))


class ZoneModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)[..., 0]


class Callback:
    def on_step(self, logs):
        pass


class EmaLossCallback(Callback):
    def __init__(self, tracker: LossTracker):
        self.tracker = tracker

    def on_step(self, logs):
        t = self.tracker
        t.ema.value = t.decay * t.ema.value + (1.0 - t.decay) * logs["loss"]


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step(self, logs):
        for cb in self.callbacks:
            cb.on_step(logs)


class Simulator:
    def __init__(self, model, callbacks: CallbackList):
        self.model = model
        self.callbacks = callbacks

    def replay(self, readings, temps):
        def step(_, day):
            x, y = day
            loss = ((self.model(x) - y) ** 2).mean()
            self.callbacks.on_step({"loss": loss})
            return None, loss

        _, losses = scan(step, None, (readings, temps))
        return losses


def main():
    readings = jax.random.normal(jax.random.key(0), (7, 24, 4))
    temps = jax.random.normal(jax.random.key(1), (7, 24))
    tracker = LossTracker(decay=0.9)
    sim = Simulator(ZoneModel(nnx.Rngs(2)), CallbackList([Callback(), EmaLossCallback(tracker)]))
    sim.replay(readings, temps)
    return None
