# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 spectrogram frontend puts its analysis window in aux data through a conditional expression; the window comes from a helper
import jax
import jax.numpy as jnp
from jax import tree_util


def hann_window(size):
    return 0.5 - 0.5 * jnp.cos(2.0 * jnp.pi * jnp.arange(size) / size)


@tree_util.register_pytree_node_class
class Frontend:
    def __init__(self, gain, window=None):
        self.gain = gain
        self.window = window

    def tree_flatten(self):
        return (self.gain,), ((self.window,) if self.window is not None else ())

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)

    def __call__(self, frames):
        if self.window is not None:
            frames = frames * self.window
        return self.gain * jnp.abs(jnp.fft.rfft(frames))


@jax.jit
def spectrogram(frontend, frames):
    return frontend(frames)


def main():
    frames = jnp.ones((4, 16))
    for gain in (1.0, 2.0, 3.0):
        spectrogram(Frontend(jnp.asarray(gain), hann_window(16)), frames)
