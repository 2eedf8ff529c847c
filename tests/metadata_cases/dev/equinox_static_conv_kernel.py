# label: metadata-error
# jax-error: ValueError: static arguments should be comparable using __eq__.The following error was raised when comparing two objects of types <class 'tuple'> and <class 'tuple'>. The error was:
# class: 4 equinox module marks a fixed smoothing kernel eqx.field(static=True); eqx.filter_jit gets a freshly built module per signal
import equinox as eqx
import jax
import jax.numpy as jnp


class Smoother(eqx.Module):
    gain: jax.Array
    kernel: jax.Array = eqx.field(static=True)

    def __call__(self, signal):
        return self.gain * jnp.convolve(signal, self.kernel, mode="same")


@eqx.filter_jit
def smooth(model, signal):
    return model(signal)


def main():
    for width in (3, 3, 3):
        model = Smoother(jnp.float32(1.0), jnp.ones(width) / width)
        smooth(model, jnp.arange(10.0))
