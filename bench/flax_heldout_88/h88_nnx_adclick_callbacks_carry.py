# label: ok
# flax-error: none
# class: 4 an ad-click service runs online calibration in a raw lax.scan that carries the calibrator state; callbacks are handed the calibrator after nnx.update once the loop has finished
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PlattCalibrator(nnx.Module):
    def __init__(self):
        self.scale = nnx.Param(jnp.ones(()))
        self.bias = nnx.Param(jnp.zeros(()))

    def __call__(self, logits):
        return jax.nn.sigmoid(self.scale * logits + self.bias)


class Callback:
    def on_step(self, step, calibrator):
        pass


class KeepLatest(Callback):
    def __init__(self):
        self.latest = None

    def on_step(self, step, calibrator):
        self.latest = calibrator


class AdService:
    def __init__(self, calibrator, callbacks, lr=0.1):
        self.calibrator = calibrator
        self.callbacks = callbacks
        self.lr = lr

    def online_calibrate(self, logits, clicks):
        graphdef, state = nnx.split(self.calibrator)

        def nll(st, z, c):
            p = nnx.merge(graphdef, st)(z)
            return -jnp.mean(c * jnp.log(p) + (1 - c) * jnp.log1p(-p))

        def body(state, batch):
            z, c = batch
            loss, g = jax.value_and_grad(nll)(state, z, c)
            state = jax.tree.map(lambda p, d: p - self.lr * d, state, g)
            return state, loss

        state, losses = lax.scan(body, state, (logits, clicks))
        nnx.update(self.calibrator, state)
        for cb in self.callbacks:
            cb.on_step(logits.shape[0], self.calibrator)
        return losses


def main():
    logits = jnp.linspace(-2, 2, 5 * 32).reshape(5, 32)
    clicks = (jnp.arange(5 * 32).reshape(5, 32) % 9 == 0).astype(jnp.float32)
    keeper = KeepLatest()
    AdService(PlattCalibrator(), [Callback(), keeper]).online_calibrate(logits, clicks)
    exported = nnx.state(keeper.latest)
    jax.tree.map(lambda x: x + 0, exported)
    return None
