# label: ok
# flax-error: none
# class: 4 the model state is split and carried through the scan, and the body returns nnx.state(model, nnx.BatchStat) as ys; StingRunner passes each step's slice to the CallbackList in runner.callbacks after the scan
"""Wind-tunnel sting balance: a BatchNorm network is adapted to the sting's vibration
signature over a sequence of runs; callbacks report on the normalisation statistics."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class VibrationFilter(nnx.Module):
    def __init__(self, n_channels, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_channels, n_channels, rngs=rngs)
        self.norm = nnx.BatchNorm(n_channels, momentum=0.8, rngs=rngs)

    def __call__(self, signal):
        return signal - self.norm(self.mix(signal))


class StatSnapshot:
    def __init__(self):
        self.latest = None

    def on_step(self, step, stats):
        self.latest = stats

    def on_end(self):
        return jax.tree.map(lambda leaf: jnp.linalg.norm(leaf), self.latest)


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step(self, step, stats):
        for cb in self.callbacks:
            cb.on_step(step, stats)

    def on_end(self):
        return [cb.on_end() for cb in self.callbacks]


class StingRunner:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def adapt(self, runs):
        graphdef, state = nnx.split(self.model)

        def body(state, xs):
            step, signal = xs
            model = nnx.merge(graphdef, state)
            residual = model(signal)
            return nnx.state(model), (jnp.mean(residual ** 2), nnx.state(model, nnx.BatchStat))

        state, (energy, stats) = scan(body, state, (jnp.arange(runs.shape[0]), runs))
        nnx.update(self.model, state)
        for step in range(runs.shape[0]):
            self.callbacks.on_step(step, jax.tree.map(lambda leaf: leaf[step], stats))
        return energy


def main():
    runs = jax.random.normal(jax.random.key(0), (5, 32, 6))  # 5 runs, 32 samples, 6 channels
    model = VibrationFilter(6, nnx.Rngs(0))
    model.train()
    callbacks = CallbackList([StatSnapshot()])
    StingRunner(model, callbacks).adapt(runs)
    callbacks.on_end()
    return None
