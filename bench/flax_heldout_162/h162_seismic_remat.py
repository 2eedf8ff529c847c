# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped PickerBlock built in setup is first called inside the raw scan body during init, so its params are created as tracers of the loop
"""Seismic phase picking: a rematerialised block is swept over waveform windows
to keep activation memory low on long records."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PickerBlock(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, state, window):
        h = nn.Dense(self.channels)(jnp.concatenate([state, window], axis=-1))
        return nn.tanh(h)


RematBlock = nn.remat(PickerBlock)


class PhasePicker(nn.Module):
    channels: int = 8

    def setup(self):
        self.block = RematBlock(self.channels)
        self.head = nn.Dense(2)

    def __call__(self, windows):
        def sweep(state, window):
            state = self.block(state, window)
            return state, state

        state0 = jnp.zeros(windows.shape[1:-1] + (self.channels,))
        _, states = jax.lax.scan(sweep, state0, windows)
        return self.head(states)


def pick(model, variables, record):
    return jnp.argmax(model.apply(variables, record), axis=-1)


def main():
    record = jax.random.normal(jax.random.key(0), (12, 3, 5))  # (windows, stations, samples)
    model = PhasePicker()
    variables = model.init(jax.random.key(1), record)
    pick(model, variables, record)
    return None
