# label: ok
# flax-error: none
# class: 3 TemperatureCalibrator.scaler split before the while_loop; its state goes through the loop carry and the carried-out state is written back after the loop
"""Calibration job: fit a temperature (and bias) on validation logits by gradient descent until
the NLL stops improving, checkpointing the scaler state as it goes."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class PlattScaler(nnx.Module):
    def __init__(self, classes):
        self.log_temperature = nnx.Param(jnp.zeros(()))
        self.bias = nnx.Param(jnp.zeros((classes,)))

    def __call__(self, logits):
        return logits / jnp.exp(self.log_temperature[...]) + self.bias[...]


def nll(scaler, logits, labels):
    logp = jax.nn.log_softmax(scaler(logits))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], -1))


class TemperatureCalibrator:
    def __init__(self, classes, lr=0.1, tol=1e-4, max_iters=40):
        self.scaler = PlattScaler(classes)
        self.lr, self.tol, self.max_iters = lr, tol, max_iters
        self.last_state = None

    def fit(self, logits, labels):
        graphdef, state = nnx.split(self.scaler)

        def cond(carry):
            it, _, prev, cur = carry
            return (it < self.max_iters) & (jnp.abs(prev - cur) > self.tol)

        def body(carry):
            it, state, _, cur = carry
            scaler = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(nll)(scaler, logits, labels)
            params = nnx.state(scaler, nnx.Param)
            nnx.update(scaler, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            return it + 1, nnx.state(scaler), cur, loss

        init = (jnp.int32(0), state, jnp.float32(jnp.inf), jnp.float32(1e3))
        iters, state, _, loss = while_loop(cond, body, init)
        self.last_state = state
        nnx.update(self.scaler, state)
        return iters, loss


def main():
    logits = jax.random.normal(jax.random.key(0), (64, 4)) * 4.0
    labels = jnp.argmax(logits + jax.random.normal(jax.random.key(1), (64, 4)) * 3.0, axis=-1)
    calibrator = TemperatureCalibrator(classes=4)
    calibrator.fit(logits, labels)
    float(nll(calibrator.scaler, logits, labels))
    return None
