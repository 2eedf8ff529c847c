# label: ok
# flax-error: none
# class: 2 the calibrator splits its model before the fori_loop, merges it in the body and carries the observer state out to nnx.update
"""NNX post-training quantization calibration: QuantLinear layers carry an Amax observer
variable updated on every forward pass while calibrating; a Calibrator runs the calibration
batches in a jax.lax.fori_loop and then derives int8 scales."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Amax(nnx.Variable):
    """Observed absolute maximum of a layer's input."""


class QuantLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.amax = Amax(jnp.zeros(()))
        self.calibrating = False

    def __call__(self, x):
        if self.calibrating:
            self.amax.value = jnp.maximum(self.amax.value, jnp.max(jnp.abs(x)))
        return self.linear(x)


class QuantNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = QuantLinear(16, 32, rngs=rngs)
        self.l2 = QuantLinear(32, 8, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Calibrator:
    def __init__(self, model, num_bits=8):
        self.model = model
        self.qmax = 2.0 ** (num_bits - 1) - 1

    def _set_calibrating(self, flag):
        for _, m in self.model.iter_modules():
            if isinstance(m, QuantLinear):
                m.calibrating = flag

    def calibrate(self, batches):
        self._set_calibrating(True)

        graphdef, state = nnx.split(self.model)

        def body(i, carry):
            state, acc = carry
            model = nnx.merge(graphdef, state)
            acc = acc + model(batches[i]).mean()
            return nnx.state(model), acc

        state, _ = lax.fori_loop(0, batches.shape[0], body, (state, jnp.zeros(())))
        nnx.update(self.model, state)
        self._set_calibrating(False)
        amax = nnx.state(self.model, Amax)
        return jax.tree.map(lambda a: a / self.qmax, amax)


def main():
    model = QuantNet(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 4, 16))
    Calibrator(model).calibrate(batches)
